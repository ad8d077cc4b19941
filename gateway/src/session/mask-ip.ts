import { isIPv4, isIPv6 } from 'node:net';

/**
 * An address as the sessions list shows it: enough to tell "home" from "somewhere else", not the whole address
 * (the list is seen by whoever holds the session). IPv4 keeps three parts, IPv6 its first four groups.
 */
export function maskIp(ip: string): string {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (isIPv4(v4)) return v4.split('.').slice(0, 3).concat('x').join('.');
  if (isIPv6(ip)) {
    const [head] = ip.split('::');
    const groups = head.split(':').filter(Boolean).slice(0, 4);
    return `${groups.join(':')}:…`;
  }
  return 'unknown';
}
