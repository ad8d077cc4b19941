// Dev aid only: gzip size of the JS a route loads. Usage: node measure.mjs /path
import { chromium } from 'playwright-core';
import { gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage();
const files = new Set();
page.on('request', (r) => { const u = new URL(r.url()); if (u.pathname.endsWith('.js')) files.add(u.pathname); });
await page.goto('http://localhost:4173' + (process.argv[2] ?? '/'), { waitUntil: 'networkidle' });
let total = 0;
for (const f of files) total += gzipSync(readFileSync(new URL('../dist' + f, import.meta.url))).length;
console.log(files.size, 'files', (total / 1024).toFixed(1), 'kB gzipped');
await browser.close();
