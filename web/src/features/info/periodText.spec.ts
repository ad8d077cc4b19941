import { describe, expect, it } from '@jest/globals';
import { periodText } from './periodText';

describe('periodText', () => {
  it('says days and hours as the settings give them', () => {
    expect(periodText('shipWithinDays', 5)).toBe('5 days');
    expect(periodText('claimWindowDays', 1)).toBe('1 day');
    expect(periodText('claimResponseHours', 72)).toBe('72 hours');
    expect(periodText('deliveryWindowDays', 1.5)).toBe('1.5 days');
  });

  it("reads a test stack's fraction of a day in the largest unit it fills", () => {
    expect(periodText('shipWithinDays', 0.0003)).toBe('26 seconds');
    expect(periodText('shipWithinDays', 0.25)).toBe('6 hours');
    expect(periodText('claimResponseHours', 0.5)).toBe('30 minutes');
  });
});
