import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const api = process.env.CANVASS_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  // Brotli and gzip copies of every asset, written once at build, so the server never compresses per request.
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'], logLevel: 'silent' })],
  server: {
    proxy: { '/graphql': api, '/auth': api, '/files': api },
  },
  // The manifest maps each route module to the chunks it loads: scripts/check-web-bundle.mjs budgets them.
  build: { outDir: 'dist', emptyOutDir: true, manifest: true },
});
