import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// The design's one-way imports, checked on the source so a slip fails CI, not a review:
// src -> machines -> openapi; server -> openapi and machines/rules; rules -> date-fns only.
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
  it('keeps business rules pure: they import only date-fns and each other', () => {
    expect(
      violations(
        ['machines/rules'],
        (to) => /^package:(date-fns|@date-fns\/tz)$/.test(to) || to.startsWith('machines/rules/'),
      ),
    ).toEqual([])
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
})
