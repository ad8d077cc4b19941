// Dev aid only: renders the sample souvenir photos (web/public/samples/*.jpg) from SVG with headless Chromium.
import { chromium } from 'playwright-core';
const out = new URL('../public/samples/', import.meta.url).pathname;
const scenes = [
  // ceramic vase on a shelf
  `<rect width="800" height="600" fill="#EFE3D3"/><rect y="430" width="800" height="170" fill="#C9A27E"/><rect y="430" width="800" height="14" fill="#B08862"/>
   <ellipse cx="400" cy="440" rx="150" ry="18" fill="#000" opacity=".12"/>
   <path d="M340 150 h120 v30 q70 60 70 150 q0 90 -80 110 h-100 q-80 -20 -80 -110 q0 -90 70 -150Z" fill="#1F6F78"/>
   <path d="M290 300 q110 40 220 0" stroke="#F2D2A9" stroke-width="14" fill="none"/><path d="M300 350 q100 35 200 0" stroke="#C4572F" stroke-width="10" fill="none"/>
   <g fill="#F2D2A9"><circle cx="360" cy="250" r="10"/><circle cx="400" cy="240" r="10"/><circle cx="440" cy="250" r="10"/></g>
   <rect x="330" y="140" width="140" height="18" rx="6" fill="#17545B"/><path d="M350 190 q-30 60 -20 130" stroke="#fff" stroke-width="10" opacity=".25" fill="none"/>`,
  // folded silk scarf
  `<rect width="800" height="600" fill="#F6EDE3"/><ellipse cx="400" cy="470" rx="260" ry="30" fill="#000" opacity=".1"/>
   <path d="M170 420 L400 180 L630 420 Z" fill="#C4572F"/><path d="M230 420 L400 240 L570 420Z" fill="#E07A52"/><path d="M290 420 L400 300 L510 420Z" fill="#F2B591"/>
   <g stroke="#FBF7F2" stroke-width="6" fill="none" opacity=".9"><path d="M260 360 q40 -40 80 0 t80 0 t80 0"/><path d="M320 300 q30 -30 60 0 t60 0"/></g>
   <path d="M170 420 h460 v40 h-460Z" fill="#9E4122"/><g fill="#F5C04A"><circle cx="220" cy="440" r="6"/><circle cx="300" cy="440" r="6"/><circle cx="380" cy="440" r="6"/><circle cx="460" cy="440" r="6"/><circle cx="540" cy="440" r="6"/><circle cx="600" cy="440" r="6"/></g>`,
  // brass lantern
  `<rect width="800" height="600" fill="#2B2118"/><circle cx="400" cy="310" r="220" fill="#F5C04A" opacity=".12"/><circle cx="400" cy="310" r="140" fill="#F5C04A" opacity=".15"/>
   <path d="M400 60 v60" stroke="#C98A12" stroke-width="8"/><circle cx="400" cy="58" r="14" fill="none" stroke="#C98A12" stroke-width="6"/>
   <path d="M360 120 h80 l30 50 h-140Z" fill="#C98A12"/><path d="M330 170 h140 l30 170 -100 70 -100 -70Z" fill="#E0A526"/>
   <g fill="#FFE7A0"><path d="M360 200 h20 v120 h-20Z"/><path d="M420 200 h20 v120 h-20Z"/><path d="M390 190 h20 v150 h-20Z"/></g>
   <path d="M330 340 l70 70 70 -70" fill="#B07400"/><path d="M400 410 v40" stroke="#C98A12" stroke-width="8"/><circle cx="400" cy="460" r="10" fill="#C98A12"/>`,
];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 800, height: 600 } });
for (const [i, scene] of scenes.entries()) {
  await page.setContent(`<body style="margin:0"><svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600">${scene}</svg></body>`);
  await page.screenshot({ path: `${out}souvenir-${i + 1}.jpg`, type: 'jpeg', quality: 82 });
}
await browser.close();
