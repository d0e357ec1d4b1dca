import { defineProject } from 'vitest/config';

export default defineProject({
  // One graphql instance: without this, source files get index.mjs and graphql-yoga index.js (dual-package hazard).
  resolve: { alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }] },
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
