/**
 * The entry: starts the app in steps, each its own chunk evaluated in its own task (vite.config.ts groups the chunks
 * and the page preloads them all at once). Evaluated as one module graph, React DOM, MUI and the theme, RTK Query's
 * api and store and the app's modules ran in one task, the longest of a phone's first load (Lighthouse multiplies
 * each task by 4 and counts what passes 50 ms as blocking); between the steps the browser can paint and answer input.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function boot(): Promise<void> {
  await import('./boot/react');
  await nextTask();
  await import('./boot/theme');
  await nextTask();
  await import('./boot/ui');
  await nextTask();
  await import('./boot/data');
  await nextTask();
  const { start } = await import('./boot/start');
  start();
}

void boot();
