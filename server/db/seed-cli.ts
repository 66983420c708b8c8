import { migrate, openDatabase } from './client.ts'
import { DEMO_ACCOUNTS, seedDemoData } from './seed.ts'

// `npm run db:seed`: migrate the database named by DATABASE_URL (else PGlite in DATA_DIR or
// ./data/pglite) and fill it with the demo data when it has no events yet.

const url = process.env.DATABASE_URL || undefined
const dataDir = process.env.DATA_DIR || undefined
const { db, close, kind } = await openDatabase({ url, dataDir })
try {
  const where =
    kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${dataDir ?? './data/pglite'}`
  console.log(`Database: ${where}`)
  await migrate(db)
  console.log('Migrations applied.')
  if (await seedDemoData(db, new Date())) {
    console.log('Demo data added. People to try (log in with a magic link):')
    for (const person of DEMO_ACCOUNTS) {
      const login = person.canLogIn ? '' : ' (no account)'
      console.log(`  ${person.email}${login}: ${person.demonstrates}`)
    }
  } else {
    console.log('The database already has events: demo data not added.')
  }
} finally {
  await close()
}
