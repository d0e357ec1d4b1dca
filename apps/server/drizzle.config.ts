import { defineConfig } from 'drizzle-kit';

// Generation only compares the TypeScript schema with the previous snapshots; it needs no database.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/platform/db/schema/index.ts',
  out: './migrations',
  entities: { roles: { provider: '' } },
});
