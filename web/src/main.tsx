import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { App } from './app/App';
import { routes } from './app/router';

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App>
      <RouterProvider router={createBrowserRouter(routes)} />
    </App>
  </StrictMode>
);

// Home's HTML is prerendered at build time (prerender.tsx) and only needs hydrating; every other page is rendered here.
if (container.hasChildNodes()) hydrateRoot(container, app);
else createRoot(container).render(app);
