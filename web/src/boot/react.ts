// The first step of the app's start (main.tsx): React and React DOM, evaluated in a task of their own.
export { StrictMode, startTransition } from 'react';
export { createRoot, hydrateRoot } from 'react-dom/client';
