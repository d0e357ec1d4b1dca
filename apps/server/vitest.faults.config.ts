import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import server from './vitest.config';

// `npm run test:faults`: issue 34's crash tests. Each file starts a PostgreSQL of its own (embedded, so it may stop
// it) and runs workers as child processes (so it may kill -9 them); never the shared database. One file at a time.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  resolve: server.resolve,
  test: {
    name: 'server-faults',
    include: ['test/faults/*.fault.ts'],
    fileParallelism: false,
    testTimeout: 150_000,
    hookTimeout: 120_000,
  },
});
