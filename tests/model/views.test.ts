import { describe, expect, it } from 'vitest'
import { type FlowName, flows } from '../../machines/flows'
import { viewsOf } from '../support/flows'
import { allStateNodes, eventTypesOf } from '../support/model-harness'

// The browser's views of each flow (what a state looks like, what a person does) are checked
// against their machine here, without a browser: a renamed state or event fails in seconds.
const views = await viewsOf(Object.keys(flows) as FlowName[])

describe.each(views.map((v) => [v.model.machine.id, v] as const))('the views of %s', (_id, v) => {
  it('name only states and events of the machine', () => {
    const machine = v.model.machine
    const states = allStateNodes(machine).map((node) => node.path.join('.'))
    expect(Object.keys(v.states).filter((key) => !states.includes(key))).toEqual([])
    const events = eventTypesOf(machine)
    expect(Object.keys(v.events).filter((type) => !events.includes(type))).toEqual([])
  })
})
