import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const contracts = fileURLToPath(new URL('../libs/contracts/src/index.ts', import.meta.url));

export default defineConfig({
  plugins: [react()],
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
    },
  },
});
