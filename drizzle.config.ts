import { defineConfig } from 'drizzle-kit'

// `npx drizzle-kit generate --name <change>` writes SQL that runs on PGlite and PostgreSQL alike.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
  strict: true,
  verbose: true,
})
