import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * A Vite build plugin: the app shell starts downloading the page it was opened on at once, beside the entry script.
 *
 * Every page but Home is a lazy chunk that the router asks for only once the entry script has loaded, run and
 * rendered: on a phone (Lighthouse's slow 4G, 150 ms round trips) the page's chunks and then its data came one after
 * the other behind ~200 kB of entry. A small inline script in <head> matches the address against the pages below and
 * adds <link rel="modulepreload"> for the page's chunks that the entry does not already load, and for a product page
 * a preload of its data (the same request RTK Query sends: same URL, credentials included, so the browser hands the
 * preloaded answer to it). The gateway allows the script by its hash, which it computes from the built HTML
 * (security-headers.ts).
 */

interface RoutePreload {
  /** A regular expression over location.pathname. */
  path: string;
  /** The page module, relative to web/src. */
  page: string;
  /** The API request the page sends first, with $1 for the path's first group. */
  data?: string;
}

/** The pages a visit starts on most (shared links, search results): others load as before. */
const ROUTES: RoutePreload[] = [
  // Home's page is in the entry; what it loads lazily (the search form and the sections below the hero) is not.
  { path: '^/$', page: 'features/catalog/components/HomeSections.tsx' },
  { path: '^/product/([0-9a-fA-F-]{36})$', page: 'features/catalog/pages/ProductPage.tsx', data: '/api/products/$1' },
  { path: '^/categories$', page: 'features/catalog/pages/CategoriesPage.tsx' },
  { path: '^/how-it-works$', page: 'features/info/pages/HowItWorksPage.tsx' },
  { path: '^/sell$', page: 'features/catalog/pages/SellPage.tsx' },
  { path: '^/checkout$', page: 'features/checkout/pages/CheckoutPage.tsx' },
  { path: '^/messages$', page: 'features/messages/pages/MessagesPage.tsx' },
  { path: '^/profile(/[^/]+)?$', page: 'features/profile/pages/ProfilePage.tsx' },
  { path: '^/orders$', page: 'features/orders/pages/OrdersPage.tsx' },
];

/**
 * The browser side, written as ES5 so that it runs before anything else in any browser the app supports. Its text
 * never changes (the table of chunks is a JSON block beside it, which the browser does not run), so its CSP hash
 * stays the same from build to build.
 */
const PRELOAD_SCRIPT = `(function () {
  var table = document.getElementById('route-preloads');
  var routes = table ? JSON.parse(table.textContent) : [];
  var path = location.pathname;
  // A page the gateway rendered carries its data (web/scripts/prerender.mjs marks its shell).
  var rendered = document.querySelector('meta[name="rendered-page"]');
  function add(rel, href, as) {
    var link = document.createElement('link');
    link.rel = rel; link.href = href;
    if (as) { link.as = as; link.crossOrigin = 'use-credentials'; } else link.crossOrigin = '';
    document.head.appendChild(link);
  }
  // A few links a task: each inserted link starts its request there and then, ~1 ms of a fast machine's main thread
  // (4 on a phone), and a page's ~50 chunks added at once were one of its longest tasks.
  function addInTurns(hrefs) {
    var next = 0;
    (function turn() {
      for (var n = 0; n < 5 && next < hrefs.length; n++) add('modulepreload', hrefs[next++]);
      if (next < hrefs.length) setTimeout(turn, 0);
    })();
  }
  function preload() {
    for (var i = 0; i < routes.length; i++) {
      var match = new RegExp(routes[i][0]).exec(path);
      if (!match) continue;
      if (routes[i][2] && !rendered) add('preload', routes[i][2].replace('$1', match[1]), 'fetch');
      addInTurns(routes[i][1]);
      break;
    }
  }
  // A page that paints without its script asks for it after the first frame, as its entry does (prerender.mjs).
  if (rendered && document.visibilityState !== 'hidden')
    requestAnimationFrame(function () { setTimeout(preload, 0); });
  else preload();
})();`;

function routePreloads(): Plugin {
  return {
    name: 'souvenir:route-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
        const closure = (fileName: string, into = new Set<string>()): Set<string> => {
          const chunk = bundle[fileName];
          if (into.has(fileName) || !chunk || chunk.type !== 'chunk') return into;
          into.add(fileName);
          for (const imported of chunk.imports) closure(imported, into);
          return into;
        };
        // The start's steps (main.tsx imports them one after the other): preloaded by the page itself, in their order,
        // so that no step waits for its file to be asked for when the one before has run.
        const steps = BOOT_STEPS.map(({ name, file }) => {
          const chunk = chunks.find(
            (c) => c.name === name && c.moduleIds.some((id) => id.replace(/\\/g, '/').endsWith(`/src/boot/${file}`)),
          );
          if (!chunk) throw new Error(`route-preloads: no chunk for the start's step ${name}`);
          return chunk.fileName;
        });
        const entries = chunks.filter((c) => c.isEntry).map((c) => c.fileName);
        const initial = new Set([...entries, ...steps].flatMap((f) => [...closure(f)]));
        const stepFiles = steps
          .flatMap((f) => [...closure(f)])
          .filter((f, i, all) => all.indexOf(f) === i && !entries.some((e) => closure(e).has(f)));
        const table = ROUTES.map(({ path, page, data }): [string, string[], string | undefined] => {
          // The chunk the router imports for the page (with code splitting groups, the one that holds its module).
          const holds = (id: string | null) => !!id && id.replace(/\\/g, '/').endsWith(`/src/${page}`);
          const chunk = chunks.find((c) => holds(c.facadeModuleId)) ?? chunks.find((c) => c.moduleIds.some(holds));
          if (!chunk) throw new Error(`route-preloads: no chunk for ${page} (is it still a lazy page?)`);
          const files = [...closure(chunk.fileName)].filter((f) => !initial.has(f)).map((f) => `/${f}`);
          return [path, files, data];
        });
        return [
          ...stepFiles.map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          })),
          // "<" escaped: the JSON cannot end its script element early.
          {
            tag: 'script',
            attrs: { type: 'application/json', id: 'route-preloads' },
            children: JSON.stringify(table).replace(/</g, '\\u003c'),
            injectTo: 'head',
          },
          { tag: 'script', children: PRELOAD_SCRIPT, injectTo: 'head' },
        ];
      },
    },
  };
}

/** The steps of the app's start: main.tsx imports their modules (src/boot/), in this order, one task each. */
const BOOT_STEPS = [
  { name: 'react', file: 'react.ts' },
  { name: 'theme', file: 'theme.ts' },
  { name: 'ui', file: 'ui.ts' },
  { name: 'data', file: 'data.ts' },
  { name: 'app', file: 'start.tsx' },
];

const contracts = fileURLToPath(new URL('../libs/contracts/src/index.ts', import.meta.url));

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), routePreloads()],
  // The server bundle (src/prerender.tsx: Home at build time, product pages in the gateway) carries its dependencies,
  // in their production builds: the gateway runs it from web/dist, with no node_modules of the web app beside it and
  // whatever NODE_ENV it has (in development, MUI would label every class name and the browser's match none).
  ...(isSsrBuild && {
    ssr: { noExternal: true },
    publicDir: false,
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  }),
  resolve: {
    alias: { '@souvenir/contracts': contracts },
    // Prefer TypeScript sources: compiled .js files left beside them in libs/contracts/src must not shadow them.
    extensions: ['.tsx', '.ts', '.mts', '.mjs', '.js', '.jsx', '.json'],
  },
  // The contracts' DTO classes use TypeScript's legacy decorators (class-validator).
  oxc: {
    decorator: { legacy: true, emitDecoratorMetadata: false },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      treeshake: {
        // The contracts barrel also exports server-side RPC payloads (with heavy validators such as phone
        // numbers). Treating its modules as side-effect free lets the bundle keep only the modules the
        // web app really imports.
        moduleSideEffects: [{ test: /[\\/]libs[\\/]contracts[\\/]src[\\/]/, sideEffects: false }],
      },
      output: {
        codeSplitting: {
          // What the app needs to start in five files (one per step of main.tsx, each with what its step's module
          // imports and no earlier step has) instead of ~20: on a phone each extra file is another request queued
          // behind six HTTP/1.1 connections, each a round trip on a slow network. (Grouping the lazy pages' shared
          // parts as well was tried: merged, every page downloads others' code; unmerged, it is what the default
          // splitting gives.) A step's file is evaluated whole when its step imports it, so a module must not land
          // in an earlier step's file than the step that needs it evaluated; the priorities make each step take
          // its own closure before the later ones.
          groups: [
            // Vite's helper that preloads a lazy chunk's imports: the entry uses it, and left to the groups below
            // it went into the last step's file, which the entry then imported statically (all steps in one task).
            { name: 'preload-helper', test: /preload-helper/, priority: 200 },
            ...BOOT_STEPS.map(({ name, file }, i) => ({
              name,
              test: (id: string) => id.replace(/\\/g, '/').endsWith(`/src/boot/${file}`),
              priority: 100 - i,
            })),
          ],
        },
      },
    },
  },
}));
