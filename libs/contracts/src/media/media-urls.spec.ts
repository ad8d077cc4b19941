import { mediaSizes, mediaSrcSet } from './media-urls';

const hash = '0123456789abcdef0123456789abcdef';

describe('mediaSizes', () => {
  it('derives the smaller sizes and the placeholder from the largest size, relative or absolute', () => {
    expect(mediaSizes(`/media/${hash}-1600.webp`)).toEqual({
      hash,
      sizes: [
        { width: 320, url: `/media/${hash}-320.webp` },
        { width: 800, url: `/media/${hash}-800.webp` },
        { width: 1600, url: `/media/${hash}-1600.webp` },
      ],
      placeholder: `/media/${hash}-16.webp`,
    });
    expect(mediaSrcSet(`https://shop.example/media/${hash}-1000.webp`)).toBe(
      `https://shop.example/media/${hash}-320.webp 320w, https://shop.example/media/${hash}-800.webp 800w, ` +
        `https://shop.example/media/${hash}-1000.webp 1000w`,
    );
    expect(mediaSizes(`/media/${hash}-200.webp`)?.sizes).toEqual([{ width: 200, url: `/media/${hash}-200.webp` }]);
  });

  it('has no sizes for any other URL', () => {
    for (const url of [
      'https://example.com/p.jpg',
      `/media/${hash}-800.jpg`,
      `/media/${hash.slice(1)}-800.webp`,
      '',
      null,
    ])
      expect(mediaSizes(url)).toBeNull();
  });
});
