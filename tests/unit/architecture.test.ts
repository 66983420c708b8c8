import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { basename, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'

// The design's one-way imports, checked on the source so a slip fails CI, not a review:
// src -> machines -> openapi; server -> openapi and machines/rules; rules -> date-fns and the
// contract's types only.
const root = fileURLToPath(new URL('../..', import.meta.url))

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(join(root, path)).isDirectory()) return sourceFiles(path)
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts') ? [path] : []
  })
}

const importsOf = (file: string) =>
  [
    ...readFileSync(join(root, file), 'utf8').matchAll(
      /^\s*(?:import|export)[^'"]*from\s+'([^']+)'/gm,
    ),
  ].map((m) => m[1] as string)

/** Where an import lands, as a path from the repository's root (packages as they are). */
function target(file: string, specifier: string): string {
  if (!specifier.startsWith('.')) return `package:${specifier}`
  return relative(root, join(root, file, '..', specifier))
}

function violations(dirs: string[], allowed: (to: string, from: string) => boolean): string[] {
  return dirs.flatMap(sourceFiles).flatMap((file) =>
    importsOf(file)
      .map((specifier) => target(file, specifier))
      .filter((to) => !allowed(to, file))
      .map((to) => `${file} imports ${to}`),
  )
}

describe('the shape of the code', () => {
  it("keeps business rules pure: they import only date-fns, each other and the contract's types", () => {
    expect(
      violations(
        ['machines/rules'],
        (to) =>
          /^package:(date-fns|@date-fns\/tz)$/.test(to) ||
          to.startsWith('machines/rules/') ||
          to === 'openapi/schema',
      ),
    ).toEqual([])
    // The contract's enums type the rules (a literal it lacks fails to compile); no code comes.
    const codeFromContract = sourceFiles('machines/rules').filter((file) =>
      /^\s*import\s+(?!type\b)[^'"]*from\s+'[./]+openapi\//m.test(
        readFileSync(join(root, file), 'utf8'),
      ),
    )
    expect(codeFromContract).toEqual([])
  })

  it('keeps machines free of the views and the server', () => {
    expect(
      violations(['machines'], (to) => !to.startsWith('src') && !to.startsWith('server')),
    ).toEqual([])
  })

  it('keeps the server out of the app, and the app out of the server', () => {
    expect(violations(['src'], (to) => !to.startsWith('server'))).toEqual([])
    expect(
      violations(
        ['server'],
        (to) =>
          !to.startsWith('src') && (!to.startsWith('machines') || to.startsWith('machines/rules')),
      ),
    ).toEqual([])
  })

  it('calls the API only through the generated client: no fetch in views or machines', () => {
    const offenders = ['src', 'machines']
      .flatMap(sourceFiles)
      .filter((file) =>
        /\bfetch\s*\(|XMLHttpRequest|axios/.test(readFileSync(join(root, file), 'utf8')),
      )
    expect(offenders).toEqual([])
  })

  it('writes days and times in one place: no date formatter outside machines/rules/dates.ts', () => {
    // A second formatter is how 'Tuesday, 24 November 2026' came beside 'Friday, November 27,
    // 2026' and '10:05 am' beside '4:30pm' (docs/decisions/048).
    const SECOND_FORMATTER =
      /Intl\.DateTimeFormat|\.toLocale(Date|Time)String\(|\btimeZone\s*:|\bformat\s*\([^)]*['"][^'"]*(yyyy|MMM|EEE)|'Jan(uary)?',\s*'Feb(ruary)?'/
    const offenders = ['machines', 'src', 'server']
      .flatMap(sourceFiles)
      .filter((file) => file !== 'machines/rules/dates.ts')
      .filter((file) => SECOND_FORMATTER.test(readFileSync(join(root, file), 'utf8')))
    expect(offenders).toEqual([])
  })

  it('writes amounts in one place: no money formatter outside machines/rules/money.ts', () => {
    // '₦${n.toLocaleString()}' beside formatNaira is how one price came to read two ways.
    const SECOND_FORMATTER = /Intl\.NumberFormat|[₦$]\$\{/
    const offenders = ['machines', 'src', 'server']
      .flatMap(sourceFiles)
      .filter((file) => file !== 'machines/rules/money.ts')
      .filter((file) => SECOND_FORMATTER.test(readFileSync(join(root, file), 'utf8')))
    expect(offenders).toEqual([])
  })

  it('leaves the rules to the flows: no view checks an e-mail or a phone itself', () => {
    // A view shows what its flow's selectors say (a field's message, why Book is closed); a check
    // written again in a view drifts from the rule the guards and the server apply.
    const offenders = sourceFiles('src').filter((file) =>
      /\b(isValidEmail|emailError|emailProblem|phoneProblem|fieldProblem)\s*\(/.test(
        readFileSync(join(root, file), 'utf8'),
      ),
    )
    expect(offenders).toEqual([])
  })

  it('keeps machines free of test tools: no playwright-core, nothing from tests/', () => {
    expect(
      violations(['machines'], (to) => to !== 'package:playwright-core' && !to.startsWith('tests')),
    ).toEqual([])
  })

  it('keeps a flow in its folder: machines/ holds flow folders, rules/, calls/, checkout/ and the shared files', () => {
    const loose = readdirSync(join(root, 'machines')).filter(
      (name) => !statSync(join(root, 'machines', name)).isDirectory(),
    )
    expect(loose.sort()).toEqual(['fixtures.ts', 'flow-model.ts', 'flows.ts', 'on-first-use.ts'])
  })

  it('files the server on one axis: app, main and config at the top, then a folder each for what every request meets, the database, mail, media, the command line, and each area of the business', () => {
    const entries = readdirSync(join(root, 'server'))
    const loose = entries.filter((name) => !statSync(join(root, 'server', name)).isDirectory())
    expect(loose.sort()).toEqual(['app.ts', 'config.ts', 'main.ts'])
    // A folder that is not infrastructure is an area: it answers its operationIds in handlers.ts.
    const areas = entries.filter((name) => !loose.includes(name) && !INFRASTRUCTURE.includes(name))
    expect(areas.filter((area) => !existsSync(join(root, 'server', area, 'handlers.ts')))).toEqual(
      [],
    )
  })

  it("names each file under server/ once (an area's handlers.ts aside), so a name says where it is", () => {
    const byName = new Map<string, string[]>()
    for (const file of sourceFiles('server')) {
      const name = basename(file)
      if (name === 'handlers.ts' || name === 'index.ts') continue
      byName.set(name, [...(byName.get(name) ?? []), file])
    }
    expect([...byName.values()].filter((files) => files.length > 1)).toEqual([])
  })

  it("never imports an area's handlers into code: only app.ts builds the server from them", () => {
    expect(
      violations(['server'], (to, from) => !to.endsWith('/handlers') || from === 'server/app.ts'),
    ).toEqual([])
  })

  it('answers each operationId of the contract in exactly one area', {
    timeout: 60_000,
  }, async () => {
    const answered = new Map<string, string[]>()
    for (const area of readdirSync(join(root, 'server'))) {
      const file = join(root, 'server', area, 'handlers.ts')
      if (!existsSync(file)) continue
      const module: Record<string, unknown> = await import(file)
      const factory = Object.entries(module).find(([name]) => name.endsWith('Handlers'))?.[1]
      expect(typeof factory, `server/${area}/handlers.ts exports <area>Handlers`).toBe('function')
      for (const id of Object.keys((factory as (deps: unknown) => object)(anything))) {
        answered.set(id, [...(answered.get(id) ?? []), area])
      }
    }
    const contract = parse(readFileSync(join(root, 'openapi/hotel.yaml'), 'utf8')) as {
      paths: Record<string, Record<string, { operationId?: string }>>
    }
    const ids = Object.values(contract.paths).flatMap((operations) =>
      Object.values(operations).flatMap((operation) => operation.operationId ?? []),
    )
    expect([...answered.keys()].sort()).toEqual([...ids].sort())
    expect([...answered].filter(([, areas]) => areas.length > 1)).toEqual([])
  })

  it('files the app as the flows are: a folder under src/ is a flow of machines/ by its name, and every flow with a screen has one', () => {
    // A flow folder holds its machine.ts, or a subfolder for each of its machines (waitlist/join).
    const isFlowFolder = (folder: string) =>
      existsSync(join(folder, 'machine.ts')) ||
      readdirSync(folder).some((name) => existsSync(join(folder, name, 'machine.ts')))
    const flows = readdirSync(join(root, 'machines')).filter(
      (name) =>
        statSync(join(root, 'machines', name)).isDirectory() &&
        isFlowFolder(join(root, 'machines', name)),
    )
    const folders = readdirSync(join(root, 'src')).filter((name) =>
      statSync(join(root, 'src', name)).isDirectory(),
    )
    expect(
      folders.filter((name) => !SRC_NOT_FLOWS.includes(name) && !flows.includes(name)),
    ).toEqual([])
    // A flow has a screen when the browser replays check its states on a page.
    const withScreen = readdirSync(join(root, 'tests/e2e/views'), { recursive: true })
      .map(String)
      .filter((name) => name.endsWith('.ts') && !name.startsWith('shared/'))
      .map((name) => name.replace(/(\/.*)?\.ts$/, ''))
    expect(withScreen.filter((flow) => !folders.includes(flow))).toEqual([])
  })

  it("keeps a flow's views in its folder: a file under src/shared/ or src/pages/ runs no flow's machine", () => {
    const offenders = [...sourceFiles('src/shared'), ...sourceFiles('src/pages')].filter((file) =>
      importsOf(file).some(
        (specifier) =>
          /machines\/[a-z/-]+\/(machine|actors)$/.test(target(file, specifier)) &&
          !/machines\/(calls|rules|checkout)\//.test(target(file, specifier)),
      ),
    )
    expect(offenders).toEqual([])
  })
})

/** src/'s folders that are no flow's: the parts several flows share, pages of no flow, and the rest. */
const SRC_NOT_FLOWS = ['pages', 'service-worker', 'shared', 'statecharts', 'theme']

/** server/'s folders that serve every area: not areas of the business themselves. */
const INFRASTRUCTURE = ['admin', 'db', 'http', 'mail', 'media']

/** Stands for any dependency: a factory only keeps what it is given, so anything will do. */
const anything: unknown = new Proxy(() => anything, { get: () => anything })
