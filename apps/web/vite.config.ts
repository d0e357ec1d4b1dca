import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const api = process.env.CANVASS_API_URL ?? 'http://localhost:3000';

/**
 * React Router 7's package exports point every bundler at its development build (dev warnings kept, ~12 kB gzip
 * more; remix-run/react-router#12532, #14102). Production builds take the production build the package ships
 * beside it, the same code without the warnings.
 */
const require = createRequire(import.meta.url);
const reactRouterProduction = path.join(
  path.dirname(require.resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

export default defineConfig(({ mode }) => ({
  // Brotli and gzip copies of every asset, written once at build, so the server never compresses per request.
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'], logLevel: 'silent' })],
  resolve: {
    alias: mode === 'production' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  server: {
    // ws: subscriptions reach the API over a WebSocket on the same /graphql path.
    proxy: { '/graphql': { target: api, ws: true }, '/auth': api, '/files': api },
  },
  // The manifest maps each route module to the chunks it loads: scripts/check-bundle.mjs budgets them.
  build: { outDir: 'dist', emptyOutDir: true, manifest: true },
}));
