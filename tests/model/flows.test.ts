import { describe, expect, it } from 'vitest'
import { catalogue } from '../../machines/index'
import { rsvpModel } from '../../machines/rsvp.model'
import { coverageGate, pathsOf, replay } from '../support/model-harness'

describe.each(catalogue.map((model) => [model.machine.id, model] as const))('%s', (_id, model) => {
  const paths = pathsOf(model)

  it.each(paths.map((p) => [`${p.input}: ${p.path.description}`, p] as const))(
    '%s',
    async (_name, { input, path }) => {
      await replay(model, input, path)
    },
  )

  // The coverage gate, with the messages `npm run paths` prints.
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
