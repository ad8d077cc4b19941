// Dev aid only: screenshots pages of the running stub server. Usage: node shoot.mjs name:/path[:width] ...
import { chromium } from 'playwright-core';
const base = process.env.BASE ?? 'http://localhost:4173';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
for (const arg of process.argv.slice(2)) {
  const [name, path, width = '1280', full = 'full'] = arg.split('|');
  const page = await browser.newPage({ viewport: { width: Number(width), height: 900 } });
  page.on('console', (m) => m.type() === 'error' && console.log(`[${name}] console:`, m.text()));
  page.on('pageerror', (e) => console.log(`[${name}] pageerror:`, e.message));
  await page.goto(base + path, { waitUntil: 'networkidle' });
  await page.waitForTimeout(400);
  await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: full === 'full' });
  console.log(name, 'ok', (await page.locator('body').innerText()).slice(0, 300).replace(/\n+/g, ' | '));
  await page.close();
}
await browser.close();
