import { withSignedEvidence } from './signed-evidence.interceptor';

const sign = (url: string) => `${url}?signed`;

describe('withSignedEvidence', () => {
  it("signs a claim's photos (the seller's too) and a provenance's documents wherever they sit, and nothing else", () => {
    const order = {
      id: 'o1',
      product: { images: ['/media/a-800.webp'] },
      claim: { reason: 'damaged', photos: ['/media/b-800.webp'] },
    };
    expect(withSignedEvidence(order, sign)).toEqual({
      id: 'o1',
      product: { images: ['/media/a-800.webp'] },
      claim: { reason: 'damaged', photos: ['/media/b-800.webp?signed'] },
    });
    const page = { items: [{ claim: { photos: ['/media/c-320.webp'] } }, { claim: null }], nextCursor: null };
    expect(withSignedEvidence(page, sign)).toEqual({
      items: [{ claim: { photos: ['/media/c-320.webp?signed'] } }, { claim: null }],
      nextCursor: null,
    });
    const queue = [{ productId: 'p1', provenance: { boughtCity: 'Suva', documents: ['/media/d-800.webp'] } }];
    expect(withSignedEvidence(queue, sign)).toEqual([
      { productId: 'p1', provenance: { boughtCity: 'Suva', documents: ['/media/d-800.webp?signed'] } },
    ]);
    const answered = { claim: { photos: [], sellerResponse: { accept: false, photos: ['/media/e-800.webp'] } } };
    expect(withSignedEvidence(answered, sign)).toEqual({
      claim: { photos: [], sellerResponse: { accept: false, photos: ['/media/e-800.webp?signed'] } },
    });
    expect(withSignedEvidence({ claim: { photos: [], sellerResponse: null } }, sign)).toEqual({
      claim: { photos: [], sellerResponse: null },
    });
    expect(withSignedEvidence(undefined, sign)).toBeUndefined();
  });
});
