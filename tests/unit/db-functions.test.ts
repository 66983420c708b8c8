import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

// The database's own code (PL/pgSQL trigger functions and their triggers) is written by the
// migrations, each change in a new one. server/db/functions/<name>.sql holds each function's
// current body and triggers, so it is read in one place instead of by replaying the migrations in
// order; this test fails when a migration changes a function and its file is not changed too.

const migrations = new URL('../../server/db/migrations/', import.meta.url)
const functionsFolder = new URL('../../server/db/functions/', import.meta.url)

/** Each function's last definition in the migrations, with the triggers that run it. */
function functionsOfMigrations(): Map<string, string> {
  const functions = new Map<string, string>()
  const triggers = new Map<string, { fn: string; text: string }>()
  const files = readdirSync(migrations)
    .filter((name) => name.endsWith('.sql'))
    .sort()
  for (const file of files) {
    const text = readFileSync(new URL(file, migrations), 'utf8')
    for (const statement of text.split('--> statement-breakpoint').map((s) => s.trim())) {
      const created = statement.match(/CREATE (?:OR REPLACE )?FUNCTION "?(\w+)"?\(/)
      if (created?.[1]) functions.set(created[1], statement)
      for (const trigger of statement.matchAll(
        /^CREATE TRIGGER "?(\w+)"?.*EXECUTE FUNCTION "?(\w+)"?\(.*$/gm,
      )) {
        if (trigger[1] && trigger[2]) {
          triggers.set(trigger[1], { fn: trigger[2], text: trigger[0].replace(/;?$/, ';') })
        }
      }
      for (const dropped of statement.matchAll(/^DROP TRIGGER "?(\w+)"?/gm)) {
        if (dropped[1]) triggers.delete(dropped[1])
      }
    }
  }
  const current = new Map<string, string>()
  for (const [name, definition] of functions) {
    const runs = [...triggers.values()].filter((t) => t.fn === name).map((t) => t.text)
    current.set(name, [definition, ...runs].join('\n\n'))
  }
  return current
}

/** server/db/functions/<name>.sql without its heading comment. */
function functionFile(name: string): string {
  const text = readFileSync(new URL(`${name}.sql`, functionsFolder), 'utf8')
  return text.replace(/^(--[^\n]*\n)+\n/, '').trim()
}

describe('the database functions, one file each', () => {
  const current = functionsOfMigrations()

  it('has a file for each function the migrations define, and no other', () => {
    const files = readdirSync(functionsFolder).map((name) => name.replace(/\.sql$/, ''))
    expect(files.sort()).toEqual([...current.keys()].sort())
  })

  it.each([...current])('%s: the file says what the migrations leave', (name, definition) => {
    expect(functionFile(name)).toBe(definition)
  })
})
