import { defineConfig } from 'drizzle-kit';

// Generates SQL migrations into server/drizzle (committed); the server applies them at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/src/db/schema.ts',
  out: './server/drizzle',
});
