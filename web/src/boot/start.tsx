import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from '../app/App';
import { AppRoutes } from '../app/router';

/** The last step of the app's start (main.tsx): the app's own modules, then Home hydrated or the page rendered. */
export function start(): void {
  const container = document.getElementById('root')!;
  const app = (
    <StrictMode>
      <App>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </App>
    </StrictMode>
  );

  // Home's HTML is prerendered at build time (prerender.tsx) and only needs hydrating; every other page is rendered
  // here. Both in a transition: React then works in slices of a few milliseconds and lets the browser paint and
  // answer input between them, instead of one long task of the whole page (a phone's Total Blocking Time). Hydration
  // outside a transition is not sliced either (React 19 treats its default hydration lane as blocking).
  startTransition(() => {
    if (container.hasChildNodes()) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
}
