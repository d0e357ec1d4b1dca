import { defineConfig } from 'vitest/config';

// One run for the whole repository: each workspace is a project with its own environment.
export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/server', 'apps/web'],
  },
});
