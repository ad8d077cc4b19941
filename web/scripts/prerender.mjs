// Writes the prerendered Home into the client build (see src/prerender.tsx):
//   dist/index.html    Home's HTML and styles inside the app shell; the gateway serves it at "/".
//   dist/spa.html      the empty app shell, for every other page (the app renders them in the browser).
//   dist/product.html  the shell for a product page that the gateway renders (dist/server/prerender.js, kept for it):
//                      it starts the app as index.html does, and the gateway fills in the page.
// Runs after `vite build` and `vite build --ssr src/prerender.tsx --outDir dist/server`.
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';

// The SSR bundle loads React, MUI and emotion from node_modules, which pick their build by NODE_ENV when first
// loaded: unset, they ran in development, where MUI labels every class name ("css-1cjtr9u-MuiPaper-root-…"). The
// browser's production build names the same styles without labels, so hydration matched none of the prerendered
// styles and inserted every one of Home's ~600 rules again, restyling the whole page in its commit.
process.env.NODE_ENV = 'production';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const ssr = fileURLToPath(new URL('../dist/server/', import.meta.url));

const shell = await readFile(`${dist}index.html`, 'utf8');
const ROOT = '<div id="root"></div>';
if (!shell.includes(ROOT) || !shell.includes('</head>'))
  throw new Error('prerender: dist/index.html has no empty #root or no </head>');

const { prerender } = await import(pathToFileURL(`${ssr}prerender.js`).href);
const home = await prerender('/');
if (!home.html.includes('id="hero-heading"')) throw new Error('prerender: Home rendered without its hero');
// A part still suspended would be written as a fallback the browser renders again (and reports as an error).
if (/<!--\$[!?]-->|<template/.test(home.html))
  throw new Error('prerender: a part of Home was still loading when it was rendered');

// A prerendered page paints without its script, so the script waits for the paint: the entry and the files of the
// start's steps are asked for after the first frame (a hidden tab, which paints nothing, asks at once), then the entry
// is run. Preloaded from <head> (modulepreload), ~180 kB of script competed with what the first screen needs (on a
// phone, a product's photo) on a slow link, and Lighthouse's model counted every file that had arrived before the
// largest paint as needed for it (on this machine all of them, over its simulated slow 4G: LCP ~2.3 s instead of
// ~0.9 s). Run at once, the entry's evaluation and the hydration would hold the frame that shows the page.
const ENTRY = /<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>/;
const entry = shell.match(ENTRY)?.[1];
if (!entry) throw new Error('prerender: no entry script in dist/index.html');
const PRELOAD = /\s*<link rel="modulepreload" crossorigin href="(\/assets\/[\w.-]+\.js)">/g;
const files = [entry, ...[...shell.matchAll(PRELOAD)].map((match) => match[1])];
// A few preloads a task, the entry run after the first few: each inserted link starts its request in the task that
// inserts it (~1 ms of a fast machine's main thread, 4 on a phone), so all at once made a long task.
const boot = `<script>(function () { var files = ${JSON.stringify(files)}; var next = 0;
      var boot = function () {
        for (var n = 0; n < 4 && next < files.length; n++) {
          var link = document.createElement('link');
          link.rel = 'modulepreload'; link.crossOrigin = ''; link.href = files[next++];
          document.head.appendChild(link);
        }
        if (next <= 4) import(files[0]);
        if (next < files.length) setTimeout(boot, 0);
      };
      if (document.visibilityState === 'hidden') boot(); else requestAnimationFrame(function () { setTimeout(boot, 0); }); })();</script>`;
// Holds a tap on a control the app has not hydrated yet and replays it once it has (see first-tap.js), from <head>, so it
// listens before the page's first control is on screen. Inlined without its comment lines.
const firstTapSource = await readFile(fileURLToPath(new URL('./first-tap.js', import.meta.url)), 'utf8');
const firstTap = `<script>${firstTapSource
  .split('\n')
  .filter((line) => !/^\s*\/\//.test(line))
  .map((line) => line.trim())
  .join('\n')}</script>`;
const prerendered = (html) =>
  // A function, not a string, as the replacement: the script's text holds `$'`, which a replacement string expands.
  html
    .replace(ENTRY, '')
    .replace(PRELOAD, '')
    .replace('</head>', () => `  ${firstTap}\n  </head>`);
// Marked as emotion marks the tags it inserts itself (`data-s`): otherwise the browser's emotion cache, as it is
// created while the entry runs, moves every server-rendered style tag to the end of <head> "out of the way of
// hydration" (needed only for styles inside the root; these are in <head>), and the ~85 kB of styles are taken out of
// the document and put back in, in the entry's first task.
const styles = home.styles.replace(/<style data-emotion=/g, '<style data-s="" data-emotion=');
// Marked as rendered, as a product page is: the shell's preload script then asks for Home's lazy chunks after the
// first paint, as the boot script does for the entry.
const page = prerendered(shell)
  .replace('<head>', '<head>\n    <meta name="rendered-page" content="home" />')
  .replace('</head>', `${styles}\n  </head>`)
  .replace(ROOT, `<div id="root">${home.html}</div>\n    ${boot}`);

// A rendered product page starts the app the same way (the gateway puts the page into the empty #root). Marked for
// the shell's preload script (vite.config.ts), which then asks for the page's chunks after the first paint too, and
// not for its data, which the page carries.
const productShell = prerendered(shell)
  .replace('<head>', '<head>\n    <meta name="rendered-page" content="product" />')
  .replace(ROOT, `${ROOT}\n    ${boot}`);

await writeFile(`${dist}spa.html`, shell);
await writeFile(`${dist}product.html`, productShell);
await writeFile(`${dist}index.html`, page);
console.log(
  `prerender: dist/index.html holds Home (${(home.html.length / 1024).toFixed(1)} kB of HTML, ${(home.styles.length / 1024).toFixed(1)} kB of styles); dist/spa.html is the shell`,
);
