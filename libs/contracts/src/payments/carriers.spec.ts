import { trackingUrl } from './carriers';

describe('trackingUrl', () => {
  it('links a known carrier, however the seller typed its name', () => {
    expect(trackingUrl('DHL', 'JD014600001234')).toBe(
      'https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id=JD014600001234',
    );
    expect(trackingUrl('  usps ', '9400100000000000000000')).toBe(
      'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000',
    );
    expect(trackingUrl('Fed-Ex', '123')).toBe('https://www.fedex.com/fedextrack/?trknbr=123');
    expect(trackingUrl('Royal Mail', 'AB123456789GB')).toBe(
      'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB',
    );
  });

  it('drops the spaces of a grouped number and URL-encodes the rest', () => {
    expect(trackingUrl('UPS', '1Z 999 AA1 0123456784')).toBe('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(trackingUrl('UPS', 'a&b=c/d?#e')).toBe('https://www.ups.com/track?tracknum=a%26b%3Dc%2Fd%3F%23e');
  });

  it('gives nothing for an unknown carrier or a missing number', () => {
    expect(trackingUrl('Hand delivery', 'X1')).toBeNull();
    expect(trackingUrl('Bob the courier', 'X1')).toBeNull();
    expect(trackingUrl('DHL', null)).toBeNull();
    expect(trackingUrl('DHL', '   ')).toBeNull();
    expect(trackingUrl(null, 'X1')).toBeNull();
  });
});
