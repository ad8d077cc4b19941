import { quietHoursEnd } from './quiet-hours';

describe('quietHoursEnd', () => {
  const lisbonNight = { start: '22:00', end: '08:00', timeZone: 'Europe/Lisbon' };

  it('holds mail written in the night until the morning, in the person’s zone', () => {
    // 23:30 in Lisbon in winter (UTC+0): held until 08:00 the next day.
    expect(quietHoursEnd(lisbonNight, new Date('2026-01-10T23:30:20Z'))?.toISOString()).toBe(
      '2026-01-11T08:00:00.000Z',
    );
    // 02:15 in Lisbon in summer (UTC+1): held until 08:00 local, 07:00 UTC.
    expect(quietHoursEnd(lisbonNight, new Date('2026-07-10T01:15:00Z'))?.toISOString()).toBe(
      '2026-07-10T07:00:00.000Z',
    );
  });

  it('lets mail through outside quiet hours, at their end, and when there are none', () => {
    expect(quietHoursEnd(lisbonNight, new Date('2026-01-10T12:00:00Z'))).toBeNull();
    expect(quietHoursEnd(lisbonNight, new Date('2026-01-10T08:00:00Z'))).toBeNull();
    expect(quietHoursEnd(null, new Date())).toBeNull();
    expect(quietHoursEnd({ start: '09:00', end: '09:00', timeZone: 'UTC' }, new Date())).toBeNull();
  });

  it('handles quiet hours within one day', () => {
    const lunch = { start: '12:00', end: '14:00', timeZone: 'Asia/Tokyo' };
    expect(quietHoursEnd(lunch, new Date('2026-03-01T03:30:00Z'))?.toISOString()).toBe('2026-03-01T05:00:00.000Z');
    expect(quietHoursEnd(lunch, new Date('2026-03-01T06:00:00Z'))).toBeNull();
  });
});
