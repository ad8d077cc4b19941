import { describe, expect, it } from '@jest/globals';
import { shipTime, trackRecordFacts } from './TrackRecord';

describe('the track record on the profile', () => {
  it('says the average time to ship in the unit a buyer reads best', () => {
    expect(shipTime(0.4)).toBe('under an hour');
    expect(shipTime(1.8)).toBe('1.8 hours');
    expect(shipTime(30)).toBe('30 hours');
    expect(shipTime(60)).toBe('2.5 days');
  });

  it('shows the figures, with dashes before there is anything to count', () => {
    const empty = {
      sellerId: 's',
      salesCompleted: 0,
      averageHoursToShip: null,
      ordersClosed: 0,
      cancelledUnshippedShare: null,
      refundedAfterClaimShare: null,
    };
    expect(trackRecordFacts(empty).map((f) => `${f.value} ${f.label}`)).toEqual([
      '0 sales completed',
      '– average time to ship',
      '– cancelled without shipping',
      '– refunded after a claim',
    ]);
    const busy = { ...empty, salesCompleted: 1, averageHoursToShip: 50, ordersClosed: 4 };
    expect(
      trackRecordFacts({ ...busy, cancelledUnshippedShare: 0.25, refundedAfterClaimShare: 0 }).map(
        (f) => `${f.value} ${f.label}`,
      ),
    ).toEqual([
      '1 sale completed',
      '2.1 days average time to ship',
      '25% cancelled without shipping',
      '0% refunded after a claim',
    ]);
  });
});
