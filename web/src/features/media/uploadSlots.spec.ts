import { describe, expect, it } from '@jest/globals';
import { busyWaitMs, UploadSlots } from './uploadSlots';

describe('UploadSlots', () => {
  it('runs two photos at once and starts the next as one finishes, in the order asked', async () => {
    const slots = new UploadSlots(2);
    const started: string[] = [];
    const finish = new Map<string, () => void>();
    const upload = (name: string) =>
      slots.run(() => {
        started.push(name);
        return new Promise<string>((resolve) => finish.set(name, () => resolve(name)));
      });
    const all = ['a', 'b', 'c', 'd'].map(upload);
    await Promise.resolve();
    expect(started).toEqual(['a', 'b']);
    finish.get('b')!();
    await all[1];
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(started).toEqual(['a', 'b', 'c']);
    finish.get('a')!();
    finish.get('c')!();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    finish.get('d')!();
    await expect(Promise.all(all)).resolves.toEqual(['a', 'b', 'c', 'd']);
  });

  it('gives the place back when an upload fails', async () => {
    const slots = new UploadSlots(1);
    await expect(slots.run(() => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    await expect(slots.run(() => Promise.resolve('sent'))).resolves.toBe('sent');
  });
});

describe('busyWaitMs', () => {
  it("sends a photo again after a 429's short Retry-After (uploads already in flight) or a 503's", () => {
    expect(busyWaitMs(429, '2')).toBe(2000);
    expect(busyWaitMs(503, '5')).toBe(5000);
    expect(busyWaitMs(503, null)).toBe(1000);
    expect(busyWaitMs(503, '600')).toBe(10_000);
  });

  it('shows a 429 whose wait is long (the allowance used up), or without a wait, and any other refusal', () => {
    expect(busyWaitMs(429, '3600')).toBeNull();
    expect(busyWaitMs(429, null)).toBeNull();
    expect(busyWaitMs(413, '2')).toBeNull();
    expect(busyWaitMs(201, null)).toBeNull();
  });
});
