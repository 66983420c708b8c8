import ELK from 'elkjs/lib/elk.bundled.js'
import { describe, expect, it } from 'vitest'
import { type AnyStateMachine, type AnyStateNode, createMachine } from 'xstate'
import { checkoutMachine } from '../../machines/checkout/machine'
import { confirmationMachine } from '../../machines/confirmation/machine'
import { flowMachines } from '../../machines/flows'
import { rsvpMachine } from '../../machines/rsvp/machine'
import { statechartsEnabled } from '../../server/http/statecharts'
import { activePaths, chartOf, statesOf } from '../../src/statecharts/graph'
import { layOut } from '../../src/statecharts/layout'
import { statelyConfig } from '../../src/statecharts/stately'

/** Every state node below the root, read from XState itself. */
function nodesOf(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states).flatMap((child) => [child, ...nodesOf(child)])
}

const labelsOf = (machine: AnyStateMachine) =>
  chartOf(machine).transitions.map((t) => `${t.source} -> ${t.target}: ${t.label}`)

describe('the statechart of a machine', () => {
  it.each(flowMachines.map((machine) => [machine.id, machine] as const))(
    '%s: has every state, each inside its parent',
    (_id, machine) => {
      const chart = chartOf(machine)
      const states = statesOf(chart)
      expect(states.map((state) => state.path).sort()).toEqual(
        ['', ...nodesOf(machine.root).map((node) => node.path.join('.'))].sort(),
      )
      for (const state of states) {
        for (const child of state.children) {
          expect(child.path).toBe(state.path ? `${state.path}.${child.name}` : child.name)
        }
      }
    },
  )

  it('labels transitions with their event and guard, invoke outcomes and delays', () => {
    const rsvp = labelsOf(rsvpMachine)
    expect(rsvp).toContain('closed -> open: panel.opened [isBookable]')
    expect(rsvp).toContain('open.booking -> open.leaving: done: createBooking [isGuest]')
    expect(rsvp).toContain(
      'open.booking -> open.sessionExpired: error: createBooking [isSessionExpired]',
    )
    expect(labelsOf(checkoutMachine)).toContain('walletFailed -> reloading: after 5s')
    expect(labelsOf(confirmationMachine)).toContain('banner.visible -> banner.hidden: after 6s')
    // Events handled without leaving the state are listed in it.
    const editing = statesOf(chartOf(rsvpMachine)).find((state) => state.path === 'open.editing')
    expect(editing?.internal).toContain('field.changed [isGuest]')
    expect(statesOf(chartOf(rsvpMachine)).find((s) => s.path === 'open.booking')?.invokes).toEqual([
      'createBooking',
    ])
  })

  it('marks parallel states, their regions and initial states', () => {
    const chart = chartOf(confirmationMachine)
    expect(chart.root.kind).toBe('parallel')
    expect(chart.root.children.map((region) => [region.name, region.region])).toEqual([
      ['banner', true],
      ['panel', true],
    ])
    const banner = chart.root.children[0]
    expect(banner?.children.map((state) => [state.name, state.initial])).toEqual([
      ['visible', true],
      ['hidden', false],
    ])
  })

  const engine = new ELK()
  it.each(flowMachines.map((machine) => [machine.id, machine] as const))(
    'lays %s out with children inside their parents and every transition routed',
    async (_id, machine) => {
      const layout = await layOut(chartOf(machine), engine)
      const boxes = new Map(layout.boxes.map((box) => [box.state.path, box]))
      for (const box of layout.boxes) {
        const parentPath = box.state.path.includes('.')
          ? box.state.path.replace(/\.[^.]+$/, '')
          : ''
        const parent = box.state.path === '' ? null : boxes.get(parentPath)
        if (!parent) continue
        expect(box.x, `${machine.id}: ${box.state.path}`).toBeGreaterThan(parent.x)
        expect(box.y).toBeGreaterThan(parent.y)
        expect(box.x + box.width).toBeLessThan(parent.x + parent.width)
        expect(box.y + box.height).toBeLessThan(parent.y + parent.height)
      }
      expect(layout.lines).toHaveLength(chartOf(machine).transitions.length)
      for (const line of layout.lines) {
        expect(line.points.length, `${machine.id}: ${line.label}`).toBeGreaterThanOrEqual(2)
        expect(line.labelBox).not.toBeNull()
      }
    },
  )

  it('names the active states of a snapshot value, with their ancestors', () => {
    expect(activePaths('closed')).toEqual(['closed'])
    expect(activePaths({ open: 'editing' })).toEqual(['open', 'open.editing'])
    expect(activePaths({ banner: 'visible', panel: 'support' })).toEqual([
      'banner',
      'banner.visible',
      'panel',
      'panel.support',
    ])
  })
})

describe('the file for Stately', () => {
  it.each(flowMachines.map((machine) => [machine.id, machine] as const))(
    '%s: is plain JSON that makes a machine with the same states and transitions',
    (_id, machine) => {
      const config = statelyConfig(machine)
      expect(JSON.parse(JSON.stringify(config))).toEqual(config)
      const rebuilt = createMachine(config as never)
      const shape = (m: AnyStateMachine) =>
        labelsOf(m)
          .map((label) => label.replace(/after \S+/, 'after'))
          .sort()
      expect(shape(rebuilt)).toEqual(shape(machine))
    },
  )
})

describe('whether the server serves the viewer', () => {
  it('follows the demo data unless STATECHARTS says on or off', () => {
    expect(statechartsEnabled({}, true)).toBe(true)
    expect(statechartsEnabled({}, false)).toBe(false)
    expect(statechartsEnabled({ STATECHARTS: 'on' }, false)).toBe(true)
    expect(statechartsEnabled({ STATECHARTS: 'off' }, true)).toBe(false)
  })
})
