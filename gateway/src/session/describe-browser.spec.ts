import { describeBrowser } from './describe-browser';
import { maskIp } from './mask-ip';

describe('the sessions list', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36 Edg/130.0',
      'Edge on Windows',
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36',
      'Chrome on Linux',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      'Safari on iOS',
    ],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14.0; rv:131.0) Gecko/20100101 Firefox/131.0', 'Firefox on macOS'],
    ['curl/8.0', 'Unknown browser'],
  ])('names the browser of %s', (userAgent, expected) => {
    expect(describeBrowser(userAgent)).toBe(expected);
  });

  it('masks the end of an address', () => {
    expect(maskIp('203.0.113.54')).toBe('203.0.113.x');
    expect(maskIp('::ffff:127.0.0.1')).toBe('127.0.0.x');
    expect(maskIp('2001:db8:85a3:1:2:3:4:5')).toBe('2001:db8:85a3:1:…');
    expect(maskIp('')).toBe('unknown');
  });
});
