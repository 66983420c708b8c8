import { existsSync, readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { type FlowName, flows } from '../../machines/flows'
import { rsvpModel } from '../../machines/rsvp/model'
import { allModels, modelFile, modelOf, viewsFile } from '../support/flows'
import { coverageGate } from '../support/model-harness'

const catalogue = await allModels()
const root = new URL('../../', import.meta.url)
const names = Object.keys(flows) as FlowName[]

describe('the list of flows (machines/flows.ts)', () => {
  it('names every flow folder: each folder of machines/ (or subfolder of one) with a machine.ts', () => {
    const folders = readdirSync(new URL('machines/', root), {
      recursive: true,
      withFileTypes: true,
    })
      .filter((entry) => entry.isDirectory())
      .map((entry) =>
        relative(fileURLToPath(new URL('machines/', root)), join(entry.parentPath, entry.name)),
      )
      .filter((name) => existsSync(new URL(`machines/${name}/machine.ts`, root)))
    expect(folders.filter((name) => !names.includes(name as FlowName))).toEqual([])
  })

  it.each(names)('%s: has a model of its listed machine', async (name) => {
    expect(existsSync(new URL(modelFile(name), root)), modelFile(name)).toBe(true)
    expect((await modelOf(name)).machine).toBe(flows[name])
  })

  it('has every views file of the browser replays name a listed flow', () => {
    // A flow's subfolder has one (tests/e2e/views/waitlist/join.ts); shared/ holds the helpers.
    const files = readdirSync(new URL('tests/e2e/views/', root), { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.ts') && !f.startsWith('shared/'))
    const unlisted = files.filter(
      (file) => !names.some((name) => viewsFile(name).endsWith(`/${file}`)),
    )
    expect(unlisted.map((file) => fileURLToPath(new URL(`tests/e2e/views/${file}`, root)))).toEqual(
      [],
    )
  })
})

// Each path is replayed once, by the gate: what it proves is that the paths walk every state and
// transition (the browser replays, tests/e2e/paths-*.test.ts, then walk them on the real app).
// A test a path would only compare the machine with the paths drawn from it, itself.
describe.each(catalogue.map((model) => [model.machine.id, model] as const))('%s', (_id, model) => {
  it('walks every state and every transition', async () => {
    expect(await coverageGate([model])).toEqual([])
  })
})

describe('the coverage gate', () => {
  it("names the one transition whose test event was removed from a model's payloads", async () => {
    const { 'slot.chosen': _removed, ...events } = rsvpModel.events ?? {}
    const withoutSlotChoice = { ...rsvpModel, events }
    expect(await coverageGate([withoutSlotChoice])).toEqual([
      'rsvp: transition rsvp.open.editing --slot.chosen [isSlotChoice]--> (self) is not covered',
    ])
  })
})
