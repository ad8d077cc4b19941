import { describe, expect, it } from '@jest/globals';
import { ArrivalOrder } from './arrivalOrder';

describe('ArrivalOrder', () => {
  it('holds an upload that finished first until those started before it have finished', () => {
    const order = new ArrivalOrder();
    expect(order.settle(2, 'c')).toEqual([]);
    expect(order.settle(1, 'b')).toEqual([]);
    expect(order.hasJoined(2)).toBe(false);
    expect(order.settle(0, 'a')).toEqual(['a', 'b', 'c']);
    expect(order.hasJoined(2)).toBe(true);
    expect(order.settle(3, 'd')).toEqual(['d']);
  });

  it('lets a failed upload stop holding the ones after it', () => {
    const order = new ArrivalOrder();
    expect(order.settle(1, 'b')).toEqual([]);
    expect(order.settle(0, null)).toEqual(['b']);
  });
});
