import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.CANVASS_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: { '/graphql': api, '/auth': api, '/files': api },
  },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 2000 },
});
