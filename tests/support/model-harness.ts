import { TestModel, type TestParam, type TestPath } from '@xstate/graph'
import {
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  createActor,
  fromPromise,
  getStateNodes,
  SimulatedClock,
} from 'xstate'
import type { FlowModel } from '../../machines/flow-model'

type Snapshot = AnyMachineSnapshot

/** Every state node of a machine, the root excluded. */
export function allStateNodes(machine: AnyStateMachine): AnyStateNode[] {
  const walk = (node: AnyStateNode): AnyStateNode[] =>
    Object.values(node.states).flatMap((child) => [child, ...walk(child)])
  return walk(machine.root)
}

/** Every transition of a machine, named `source --event--> targets`. */
export function allTransitions(machine: AnyStateMachine): string[] {
  // The root's own transitions too (an event any state takes, e.g. Skip or Close).
  return [machine.root, ...allStateNodes(machine)].flatMap((node) =>
    [...node.transitions.values()].flat().map((t) => transitionName(t)),
  )
}

interface TransitionLike {
  source: AnyStateNode
  eventType: string
  target?: readonly AnyStateNode[] | undefined
  guard?: unknown
}

function transitionName(t: TransitionLike): string {
  const targets = t.target?.map((n) => n.id).join(',') || '(self)'
  const guard = t.guard ? ` [${guardName(t.guard)}]` : ''
  return `${t.source.id} --${t.eventType}${guard}--> ${targets}`
}

function guardName(guard: unknown): string {
  if (typeof guard === 'string') return guard
  if (guard && typeof guard === 'object' && 'type' in guard) return String(guard.type)
  return 'inline'
}

/** The event types a machine reacts to, including done, error and delayed events. */
export function eventTypesOf(machine: AnyStateMachine): string[] {
  return [
    ...new Set(
      [machine.root, ...allStateNodes(machine)].flatMap((node) => [...node.transitions.keys()]),
    ),
  ]
}

export function defaultPayloads(type: string): Array<Record<string, unknown>> {
  if (type.startsWith('xstate.error.actor.')) return [{ error: new Error('The call failed.') }]
  if (type.startsWith('xstate.done.actor.')) return [{ output: undefined }]
  return [{}]
}

/** The concrete events the model sends: the listed payloads, else bare or default ones. */
export function modelEvents(model: FlowModel): AnyEventObject[] {
  return eventTypesOf(model.machine).flatMap((type) =>
    (model.events?.[type] ?? defaultPayloads(type)).map((payload) => ({ ...payload, type })),
  )
}

const serializeContext = (context: unknown) =>
  JSON.stringify(context, (_key, value) => (value instanceof Error ? value.message : value))

function serializeState(snapshot: Snapshot, event?: AnyEventObject, previous?: Snapshot): string {
  return (
    `${JSON.stringify(snapshot.value)} ${serializeContext(snapshot.context)}` +
    (event && previous ? ` via ${event.type} from ${JSON.stringify(previous.value)}` : '')
  )
}

/** The model of one starting input; states are told apart by value, context and arrival. */
export function testModelOf(model: FlowModel, input: unknown) {
  const events = modelEvents(model)
  return new TestModel(model.machine, {
    input,
    // Only events the state reacts to: an unhandled error event would fail the actor itself.
    events: (snapshot) =>
      events.filter(
        (event) =>
          model.machine.getTransitionData(snapshot, event).length > 0 &&
          (model.sendsWhen?.(snapshot, event) ?? true),
      ),
    ...(model.limit ? { limit: model.limit } : {}),
    serializeState,
  })
}

export interface WalkedPath {
  input: string
  path: TestPath<Snapshot, AnyEventObject>
}

/** The shortest path to every distinct state of every starting input. */
export function pathsOf(model: FlowModel): WalkedPath[] {
  return Object.entries(model.inputs).flatMap(([name, input]) =>
    testModelOf(model, input)
      .getShortestPaths()
      .map((path) => ({ input: name, path })),
  )
}

/** The delay behind an `xstate.after.<delay>.<state id>` event, in milliseconds. */
export function delayOf(machine: AnyStateMachine, eventType: string, snapshot: Snapshot): number {
  const name = eventType.split('.')[2] ?? ''
  const delay = (machine.implementations.delays as Record<string, unknown>)[name]
  if (typeof delay === 'number') return delay
  if (typeof delay === 'function') return delay({ context: snapshot.context, event: undefined })
  const ms = Number(name)
  if (Number.isFinite(ms)) return ms
  throw new Error(`Unknown delay ${name}`)
}

/**
 * Replays a path on a real actor: invoked actors never settle on their own (their done and error
 * events come from the path), and delays pass on a simulated clock, never in real time.
 * After every step the actor's state value and context must equal the model's.
 * Every transition the actor takes (eventless ones included) is reported to `onTransition`.
 */
export async function replay(
  model: FlowModel,
  inputName: string,
  path: WalkedPath['path'],
  onTransition: (name: string) => void = () => {},
) {
  const pending = Object.fromEntries(
    Object.keys(model.machine.implementations.actors).map((src) => [
      src,
      fromPromise(() => new Promise<never>(() => {})),
    ]),
  )
  const clock = new SimulatedClock()
  const actor = createActor(model.machine.provide({ actors: pending }), {
    input: model.inputs[inputName],
    clock,
    inspect: (inspection) => {
      if (inspection.type !== '@xstate.microstep') return
      if (inspection.actorRef.sessionId !== inspection.rootId) return
      for (const t of inspection._transitions) onTransition(transitionName(t as TransitionLike))
    },
  })
  actor.start()
  const same = (expected: Snapshot) => {
    const actual = actor.getSnapshot()
    if (JSON.stringify(actual.value) !== JSON.stringify(expected.value)) {
      throw new Error(
        `Expected ${JSON.stringify(expected.value)}, the actor is in ${JSON.stringify(actual.value)}`,
      )
    }
    if (serializeContext(actual.context) !== serializeContext(expected.context)) {
      throw new Error(`Context differs in ${JSON.stringify(expected.value)}`)
    }
  }
  const send = ({ event }: { event: AnyEventObject }) => {
    if (event.type.startsWith('xstate.after.')) {
      clock.increment(delayOf(model.machine, event.type, actor.getSnapshot()))
    } else {
      actor.send(event)
    }
  }
  const params: TestParam<Snapshot, AnyEventObject> = {
    states: { '*': same },
    events: Object.fromEntries(eventTypesOf(model.machine).map((type) => [type, send])),
  }
  try {
    await path.test(params)
  } finally {
    actor.stop()
  }
}

export interface Coverage {
  states: { all: string[]; covered: string[] }
  transitions: { all: string[]; covered: string[] }
  paths: number
}

/** The guards a machine's transitions name (inline ones as 'inline'). */
export function guardsOf(machine: AnyStateMachine): string[] {
  const transitions = allStateNodes(machine).flatMap((node) => [
    ...[...node.transitions.values()].flat(),
    ...(node.always ?? []),
  ])
  return [...new Set(transitions.filter((t) => t.guard).map((t) => guardName(t.guard)))]
}

/** The delays a machine waits for, by name, in milliseconds where they are fixed. */
export function delaysOf(machine: AnyStateMachine): string[] {
  const delays = machine.implementations.delays as Record<string, unknown>
  const used = eventTypesOf(machine)
    .filter((type) => type.startsWith('xstate.after.'))
    .map((type) => type.split('.')[2] ?? '')
  return [...new Set(used)].map((name) => {
    const delay = delays[name] ?? Number(name)
    return typeof delay === 'number' && Number.isFinite(delay) ? `${name} (${delay} ms)` : name
  })
}

/** A state value as people read it: `open.editing`, parallel regions joined with ' + '. */
export function stateName(value: unknown): string {
  if (typeof value === 'string') return value
  if (!value || typeof value !== 'object') return String(value)
  return Object.entries(value as Record<string, unknown>)
    .map(([key, child]) => {
      const inner = stateName(child)
      return inner.includes(' + ') ? `${key}.(${inner})` : `${key}.${inner}`
    })
    .join(' + ')
}

function payloadText(value: unknown): string {
  if (value instanceof Error) {
    const status = (value as { status?: unknown }).status
    return typeof status === 'number' ? `${status} ${value.message}` : value.message
  }
  if (typeof value === 'string') return value.length > 40 ? `${value.slice(0, 37)}...` : value
  if (value === undefined) return 'nothing'
  // Keys and values without quotes, so the part that tells payloads apart fits in the cut.
  const json = JSON.stringify(value).replace(/"/g, '')
  return json.length > 80 ? `${json.slice(0, 77)}...` : json
}

/** An event as people read it: its type, then its payload (`day.chosen (day: 2026-11-29)`). */
export function eventName(event: AnyEventObject): string {
  const { type, ...payload } = event
  const parts = Object.entries(payload).map(([key, value]) => `${key}: ${payloadText(value)}`)
  return parts.length ? `${type} (${parts.join(', ')})` : type
}

export interface Step {
  event: AnyEventObject
  state: Snapshot
}

/** A path as a sentence: `closed -> panel.opened -> open.editing -> ...`, from the first state. */
export function pathSentence(steps: readonly Step[]): string {
  return steps
    .map(({ event, state }, i) =>
      i === 0 ? stateName(state.value) : `${eventName(event)} -> ${stateName(state.value)}`,
    )
    .join(' -> ')
}

export interface SimplePaths {
  input: string
  /** Each path's steps, the first being the initial state. */
  paths: Step[][]
  /** False when there were more than the budget allows: only the first ones are kept. */
  complete: boolean
}

/**
 * The simple paths (no state twice) from the start to every state of one input, up to `budget`
 * of them: on a large graph they grow exponentially, so past the budget the walk stops and says so.
 */
export function simplePathsOf(model: FlowModel, budget = 2000): SimplePaths[] {
  return Object.entries(model.inputs).map(([input, value]) => {
    const adjacency = testModelOf(model, value).getAdjacencyMap() as unknown as Record<
      string,
      { state: Snapshot; transitions: Record<string, Step> }
    >
    const paths: Step[][] = []
    let complete = true
    const walk = (at: string, steps: Step[], seen: Set<string>) => {
      if (paths.length >= budget) {
        complete = false
        return
      }
      paths.push(steps)
      const from = adjacency[at]
      for (const { event, state } of Object.values(from?.transitions ?? {})) {
        const next = serializeState(state, event, from?.state)
        const same = serializeState(state)
        if (seen.has(same) || !adjacency[next]) continue
        walk(next, [...steps, { event, state }], new Set(seen).add(same))
      }
    }
    const [start] = Object.keys(adjacency)
    if (start) {
      const initial = { event: { type: 'xstate.init' }, state: adjacency[start]?.state as Snapshot }
      walk(start, [initial], new Set([serializeState(initial.state)]))
    }
    return { input, paths, complete }
  })
}

/** States and transitions the replayed paths go through, out of all the machine has. */
export async function coverageOf(model: FlowModel): Promise<Coverage> {
  const machine = model.machine
  const walked = pathsOf(model)
  const states = new Set<string>()
  const transitions = new Set<string>()
  for (const { input, path } of walked) {
    await replay(model, input, path, (name) => transitions.add(name))
    for (const step of path.steps) {
      for (const node of getStateNodes(machine.root, (step.state as Snapshot).value)) {
        states.add(node.id)
      }
    }
  }
  // A transient state (left at once by an eventless transition) is visited when one of its
  // eventless transitions was taken.
  for (const node of allStateNodes(machine)) {
    if ((node.always ?? []).some((t) => transitions.has(transitionName(t)))) states.add(node.id)
  }
  const allStates = allStateNodes(machine).map((n) => n.id)
  const all = allTransitions(machine).concat(
    allStateNodes(machine).flatMap((node) => (node.always ?? []).map((t) => transitionName(t))),
  )
  return {
    states: { all: allStates, covered: allStates.filter((s) => states.has(s)) },
    transitions: { all, covered: all.filter((t) => transitions.has(t)) },
    paths: walked.length,
  }
}

/** What the walk misses, one line each, naming the machine and the state or transition. */
export function gapsOf(machineId: string, coverage: Coverage): string[] {
  return [
    ...coverage.states.all
      .filter((s) => !coverage.states.covered.includes(s))
      .map((s) => `${machineId}: state ${s} is not covered`),
    ...coverage.transitions.all
      .filter((t) => !coverage.transitions.covered.includes(t))
      .map((t) => `${machineId}: transition ${t} is not covered`),
  ]
}

/** The coverage gate of `npm test` and `npm run paths`: every gap of every model, named. */
export async function coverageGate(models: readonly FlowModel[]): Promise<string[]> {
  const gaps: string[] = []
  for (const model of models) gaps.push(...gapsOf(model.machine.id, await coverageOf(model)))
  return gaps
}
