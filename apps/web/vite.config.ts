import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { firstPaintPlugin } from './scripts/first-paint-plugin.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const server = 'http://localhost:3000';

/** react-router's production build, beside the development build its package exports for `import`. */
function reactRouterProductionBuild(): string {
  return join(dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist', 'production', 'index.mjs');
}

// The server serves dist/ in production; in development Vite proxies the API and the two socket paths to it.
export default defineConfig(({ command }) => ({
  root,
  plugins: [
    // React 19 and React DOM run the app in development (with fast refresh) and in the build alike.
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
    // dist/.vite/first-paint.json: what the server preloads for the public phone pages (src/app/first-paint.ts).
    firstPaintPlugin(root),
    // Each text asset is written beside its brotli (.br) and gzip (.gz) forms, which the server sends as they are
    // (apps/server/src/platform/spa.ts, @fastify/static preCompressed): maximum compression, paid once per build.
    ...(command === 'build' ? [compression({ algorithms: ['brotliCompress', 'gzip'], logLevel: 'silent' })] : []),
  ],
  resolve: {
    // React Router's package maps plain `import` to its development build (dev warnings and their texts); a build
    // takes the production one, which differs only in having those warnings off.
    alias: [
      ...(command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProductionBuild() }] : []),
    ],
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    sourcemap: false,
    // The manifest feeds scripts/check-bundle-budget.ts (npm test).
    manifest: true,
    chunkSizeWarningLimit: 900,
    // The gzip sizes in Vite's listing cost seconds of every build; the budget script measures what counts.
    reportCompressedSize: false,
    // The JS budget of public pages (docs/PERFORMANCE.md "Web bundle"): terser with two compress passes gives
    // about 3 % less gzipped JavaScript than esbuild's minifier, for about 20 s more CPU time (it runs in worker
    // threads: one build on this 2-core machine took 27.4 s instead of 26.7 s).
    minify: 'terser',
    terserOptions: { compress: { passes: 2 }, format: { comments: false } },
    // The polyfill only serves index.html's <link rel=modulepreload> tags in browsers without them (Firefox < 115,
    // Safari < 17), and the entry has no static imports to preload; lazy pages' chunks are preloaded by Vite's loader,
    // which falls back to rel=preload there.
    modulePreload: { polyfill: false },
    rollupOptions: {
      // Vite preloads every chunk a lazy page needs in parallel (`__vitePreload` with its dependency list, as
      // rel=preload where modulepreload is missing), so Rollup's extra `import "./x.js"` lines for transitive
      // dependencies only add bytes (about 1 KB gzipped on a public page).
      output: { hoistTransitiveImports: false },
    },
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
}));
