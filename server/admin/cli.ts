import { pathToFileURL } from 'node:url'
import { and, asc, eq, ne } from 'drizzle-orm'
import { problemsReport, readConfig } from '../config'
import { type Db, migrate, openDatabase } from '../db/client'
import { bookings, events } from '../db/schema'
import { ImageRejected } from '../media/poster-variants'
import {
  type AdminContext,
  approveApplication,
  listApplications,
  rejectApplication,
} from './application-decisions'
import {
  CommandError,
  type CommandResult,
  type CommandSpec,
  commandHelp,
  commandResult,
  type Parsed,
  parseArgs,
  printResult,
  text,
  UsageError,
} from './args'
import {
  createEvent,
  createSpace,
  editEvent,
  editSpace,
  eventOptions,
  setEventCapacity,
  spaceOptions,
} from './catalogue'
import { posterCommand } from './posters'
import { addStaff, removeStaff, staffOptions } from './staff-roles'

// `npm run admin -- <command>`: the staff's tools (DESIGN.md, 'Staff'). It works on the database
// the server uses: DATABASE_URL, else the embedded PGlite in DATA_DIR (./data/pglite). E-mail is
// queued in the outbox; the server delivers it (SMTP_URL) or lists it at /dev/outbox.

interface Command extends CommandSpec {
  run(ctx: AdminContext, parsed: Parsed): Promise<string>
}

const idOption = {
  kind: 'text',
  help: 'The id used in addresses (default: made from the title or name)',
  placeholder: '<id>',
} as const

const COMMANDS: Command[] = [
  {
    name: 'applications list',
    positional: [],
    summary: 'Lists membership applications, oldest first (pending ones unless --status says).',
    options: {
      status: {
        kind: 'text',
        help: 'pending (default), approved, rejected or all',
        placeholder: '<status>',
      },
    },
    examples: [
      'npm run admin -- applications list',
      'npm run admin -- applications list --status all',
    ],
    run: (ctx, { options }) => listApplications(ctx, text(options, 'status')),
  },
  {
    name: 'applications approve',
    positional: ['<id>'],
    summary:
      'Approves an application: creates the account from its fields (a community application also makes the person an active member of its community), then e-mails a welcome with a login link. The id may be shortened to its first 8 characters.',
    options: {},
    examples: ['npm run admin -- applications approve 3f2a9c1e'],
    run: (ctx, { positional }) => approveApplication(ctx, positional[0] as string),
  },
  {
    name: 'applications reject',
    positional: ['<id>'],
    summary:
      'Declines an application and sends the applicant a polite e-mail (with your note, if any).',
    options: {
      note: { kind: 'text', help: 'A sentence added to the e-mail', placeholder: '<text>' },
    },
    examples: [
      'npm run admin -- applications reject 3f2a9c1e --note "The next intake opens in April."',
    ],
    run: (ctx, { positional, options }) =>
      rejectApplication(ctx, positional[0] as string, text(options, 'note')),
  },
  {
    name: 'events create',
    positional: [],
    summary: 'Creates an event on the calendar.',
    options: { id: idOption, ...eventOptions },
    examples: [
      'npm run admin -- events create --title "Rooftop Jazz" --date 2026-12-05 --start 16:00 --end 23:00 \\',
      '    --price 10000 --friends-price 8000 --capacity 80 --venue "Rooftop Terrace" --poster ./jazz.jpg',
    ],
    run: (ctx, { options }) => createEvent(ctx, options),
  },
  {
    name: 'events edit',
    positional: ['<id>'],
    summary: 'Changes an event: only the options given change.',
    options: eventOptions,
    examples: [
      'npm run admin -- events edit rooftop-jazz --price 12000 --start 17:00',
      'npm run admin -- events edit rooftop-jazz --poster https://example.com/jazz.jpg',
    ],
    run: (ctx, { positional, options }) => editEvent(ctx, positional[0] as string, options),
  },
  {
    name: 'events capacity',
    positional: ['<id>', '<places>'],
    summary: "Sets an event's places per day and time slot.",
    options: {},
    examples: ['npm run admin -- events capacity rooftop-jazz 120'],
    run: (ctx, { positional }) =>
      setEventCapacity(ctx, positional[0] as string, positional[1] as string),
  },
  {
    name: 'events poster',
    positional: ['<id>', '<file>'],
    summary:
      "Makes an image file (JPEG, PNG or WebP) the event's poster, resized for every screen. Same as npm run admin:poster.",
    options: {},
    examples: ['npm run admin -- events poster rooftop-jazz ./jazz.jpg'],
    run: async (ctx, { positional }) => {
      try {
        return await posterCommand(ctx.db, positional)
      } catch (error) {
        if (error instanceof ImageRejected) {
          throw new CommandError(error.message)
        }
        throw error
      }
    },
  },
  {
    name: 'spaces create',
    positional: [],
    summary: 'Adds a co-working space.',
    options: { id: idOption, ...spaceOptions },
    examples: ['npm run admin -- spaces create --name "The Loft" --capacity 16'],
    run: (ctx, { options }) => createSpace(ctx, 'coworking', options),
  },
  {
    name: 'spaces edit',
    positional: ['<id>'],
    summary: 'Changes a co-working space: only the options given change.',
    options: spaceOptions,
    examples: ['npm run admin -- spaces edit library --capacity 14 --coworking no'],
    run: (ctx, { positional, options }) =>
      editSpace(ctx, 'coworking', positional[0] as string, options),
  },
  {
    name: 'studio-items create',
    positional: [],
    summary: 'Adds a print-studio item (a press, a machine) people book sessions of.',
    options: { id: idOption, ...spaceOptions },
    examples: ['npm run admin -- studio-items create --name "Risograph" --capacity 2'],
    run: (ctx, { options }) => createSpace(ctx, 'print-studio', options),
  },
  {
    name: 'studio-items edit',
    positional: ['<id>'],
    summary: 'Changes a print-studio item: only the options given change.',
    options: spaceOptions,
    examples: ['npm run admin -- studio-items edit print-studio --capacity 6'],
    run: (ctx, { positional, options }) =>
      editSpace(ctx, 'print-studio', positional[0] as string, options),
  },
  {
    name: 'bookings list',
    positional: [],
    summary: 'Lists the bookings of one Lagos day (cancelled ones left out), by time slot.',
    options: {
      day: { kind: 'day', help: 'The day (required)', placeholder: '<yyyy-MM-dd>' },
    },
    examples: ['npm run admin -- bookings list --day 2026-12-05'],
    run: (ctx, { options }) => listBookings(ctx.db, text(options, 'day')),
  },
  {
    name: 'staff add',
    positional: ['<email>'],
    summary:
      'Gives an account a staff role for the /staff tools, or a staff member another one: door (the day and check-in), desk (the default: also bookings, applications, spaces), manager (also events, members, payments, refunds, the audit log) or owner. An e-mail with no account gets one, named by --first-name and --last-name. Staff log in by the same e-mailed link as everyone.',
    options: staffOptions,
    examples: [
      'npm run admin -- staff add tolu@example.com',
      'npm run admin -- staff add tolu@example.com --role door',
      'npm run admin -- staff add amaka@sixteen.ng --role manager --first-name Amaka --last-name Obi',
    ],
    run: (ctx, { positional, options }) => addStaff(ctx, positional[0] as string, options),
  },
  {
    name: 'staff remove',
    positional: ['<email>'],
    summary: 'Takes the staff role away; the account stays as it was otherwise.',
    options: {},
    examples: ['npm run admin -- staff remove tolu@example.com'],
    run: (ctx, { positional }) => removeStaff(ctx, positional[0] as string),
  },
]

async function listBookings(db: Db, day: string | undefined): Promise<string> {
  if (!day) throw new UsageError('Give the day: --day yyyy-MM-dd.')
  const rows = await db
    .select({ booking: bookings, eventName: events.name })
    .from(bookings)
    .leftJoin(events, eq(events.id, bookings.eventId))
    .where(and(eq(bookings.date, day), ne(bookings.status, 'cancelled')))
    .orderBy(
      asc(bookings.type),
      asc(bookings.eventId),
      asc(bookings.timeSlot),
      asc(bookings.createdAt),
    )
  if (rows.length === 0) return `No bookings on ${day}.`
  const places = rows.reduce((sum, row) => sum + 1 + row.booking.visitors, 0)
  const lines = rows.map(({ booking, eventName }) => {
    const what =
      booking.type === 'event'
        ? (eventName ?? booking.eventId)
        : booking.type === 'spot'
          ? `Co-working, ${booking.venue}`
          : `Print studio, ${booking.venue}`
    const guests = booking.visitors ? ` +${booking.visitors}` : ''
    const held = booking.status === 'held' ? ' (held: card payment pending)' : ''
    return `  ${(booking.timeSlot ?? 'all day').padEnd(12)} ${what} · ${booking.name}${guests} <${booking.email}> ${booking.phone} · ${booking.paidWith}${held}`
  })
  return [
    `${rows.length} ${rows.length === 1 ? 'booking' : 'bookings'} on ${day} (${places} ${places === 1 ? 'place' : 'places'}):`,
    ...lines,
  ].join('\n')
}

function overallHelp(): string {
  const width = Math.max(...COMMANDS.map((c) => [c.name, ...c.positional].join(' ').length))
  return [
    'Usage: npm run admin -- <command> [options]',
    '',
    "Staff tools for Sixteen. They use the server's database: DATABASE_URL when set, else the",
    'embedded one in DATA_DIR (./data/pglite; stop the server first, it allows one process).',
    'E-mail is queued: the server sends it (SMTP_URL) or lists it at /dev/outbox.',
    '',
    'Commands:',
    ...COMMANDS.map(
      (c) =>
        `  ${[c.name, ...c.positional].join(' ').padEnd(width)}  ${c.summary.split(/[.:] /)[0]?.replace(/\.$/, '')}`,
    ),
    '',
    "Run 'npm run admin -- <command> --help' for a command's options.",
  ].join('\n')
}

/** Runs one command line (the words after `npm run admin --`) on an open database. */
export async function runAdmin(ctx: AdminContext, argv: readonly string[]): Promise<CommandResult> {
  const words = [...argv]
  if (words.length === 0 || words[0] === '--help' || words[0] === '-h' || words[0] === 'help') {
    return {
      code: words.length === 0 ? 2 : 0,
      out: words.length ? overallHelp() : '',
      err: words.length ? '' : overallHelp(),
    }
  }
  // The longest command name the words start with ('applications approve', then 'applications').
  const command = COMMANDS.find((c) => {
    const parts = c.name.split(' ')
    return parts.every((part, i) => words[i] === part)
  })
  if (!command) {
    const group = COMMANDS.filter((c) => c.name.split(' ')[0] === words[0])
    if (group.length > 0) {
      const asked = words[1]
      const lines = group.map((c) => `  npm run admin -- ${[c.name, ...c.positional].join(' ')}`)
      if (!asked || asked === '--help' || asked === '-h') {
        return {
          code: asked ? 0 : 2,
          out: asked ? lines.join('\n') : '',
          err: asked ? '' : `'${words[0]}' needs a command:\n${lines.join('\n')}`,
        }
      }
      return {
        code: 2,
        err: `Unknown command '${words[0]} ${asked}'. Try:\n${lines.join('\n')}`,
        out: '',
      }
    }
    return { code: 2, out: '', err: `Unknown command '${words[0]}'.\n\n${overallHelp()}` }
  }
  const rest = words.slice(command.name.split(' ').length)
  return commandResult(async () => {
    const parsed = parseArgs(command, rest)
    return parsed.help ? commandHelp(command) : command.run(ctx, parsed)
  }, commandHelp(command))
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const argv = process.argv.slice(2)
  // Help needs no database.
  const helpOnly =
    argv.length === 0 || argv.includes('--help') || argv.includes('-h') || argv[0] === 'help'
  const config = readConfig()
  // The commands e-mail links built on PUBLIC_URL: in production they need what the server needs.
  if (!helpOnly && config.problems.length > 0) {
    console.error(
      problemsReport('The staff commands cannot run', config.problems, config.production),
    )
    process.exit(1)
  }
  const database = helpOnly
    ? null
    : await openDatabase(
        config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir },
      ).catch((error: Error) => {
        console.error(
          `Cannot open the database (${config.databaseUrl ? 'DATABASE_URL' : config.dataDir}): ${error.message}${config.databaseUrl ? '' : '\nIs the server running? The embedded database allows one process: stop it, or use DATABASE_URL.'}`,
        )
        process.exit(1)
      })
  try {
    if (database) await migrate(database.db)
    await printResult(
      runAdmin(
        {
          db: database?.db as Db,
          now: () => new Date(),
          publicUrl: config.publicUrl,
          showLinks: !config.smtpUrl,
        },
        argv,
      ),
    )
  } finally {
    await database?.close()
  }
}
