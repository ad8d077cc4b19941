// Debian's Chromium, as the bench and its profiling scripts start it: headless, with the flags this network-less
// machine needs (without the background-networking ones its connections are refused, many at a time).
export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
