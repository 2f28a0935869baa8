import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const root = fileURLToPath(new URL('.', import.meta.url));
const server = 'http://localhost:3000';

// The server serves dist/ in production; in development Vite proxies the API and the two socket paths to it.
export default defineConfig({
  root,
  plugins: [
    react(),
    {
      // The domain package is pure (data, schemas, rules) but builds lookup tables at module level, which Rollup
      // must otherwise assume to be side effects. Declaring it side-effect free lets unused catalogues (access
      // codes, countries, ...) drop out of the bundle.
      name: 'pavilion-domain-side-effect-free',
      transform(code, id) {
        if (id.includes('/packages/domain/src/')) return { code, map: null, moduleSideEffects: false };
        return null;
      },
    },
  ],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    sourcemap: false,
    // The manifest feeds scripts/check-bundle-budget.ts (npm test).
    manifest: true,
    chunkSizeWarningLimit: 900,
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: server, changeOrigin: true },
      '/socket.io': { target: server, ws: true, changeOrigin: true },
      '/chatservices': { target: server, ws: true, changeOrigin: true },
      '/hospitalityservices': { target: server, ws: true, changeOrigin: true },
    },
  },
  preview: { port: 4173 },
});
