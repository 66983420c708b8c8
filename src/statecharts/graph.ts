import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate'

/** What a state is drawn as. */
export type StateKind = 'atomic' | 'compound' | 'parallel' | 'final' | 'history'

/** A state of a chart, with its children (compound and parallel states) inside it. */
export interface ChartState {
  /** The state's path from the machine's root, dot-separated; '' for the root. */
  path: string
  /** Its own name (the machine's id for the root). */
  name: string
  kind: StateKind
  /** Entered first when its parent is. */
  initial: boolean
  /** A region of a parallel state: all regions are active at once. */
  region: boolean
  /** Actors the state runs while active, by id. */
  invokes: string[]
  /** Transitions that stay in the state (actions only), as labels. */
  internal: string[]
  children: ChartState[]
}

/** A transition between two states (one per target). */
export interface ChartTransition {
  id: string
  source: string
  target: string
  label: string
}

export interface Chart {
  id: string
  root: ChartState
  transitions: ChartTransition[]
}

/** A guard's name: named guards by their type, inline ones as 'guard'. */
function guardName(guard: AnyTransitionDefinition['guard']): string | null {
  if (!guard) return null
  if (typeof guard === 'string') return guard
  if (typeof guard === 'function')
    return guard.name && guard.name !== 'guard' ? guard.name : 'guard'
  return typeof guard.type === 'string' ? guard.type : 'guard'
}

/** '6s', '1.5s', '300ms', or a named delay ('bannerDuration') whose value is not a number. */
export function delayLabel(machine: AnyStateMachine, delay: unknown): string {
  const value = typeof delay === 'string' ? (machine.implementations.delays[delay] ?? delay) : delay
  if (typeof value !== 'number') return typeof delay === 'string' ? delay : 'a delay'
  return value >= 1000 && value % 100 === 0 ? `${value / 1000}s` : `${value}ms`
}

/**
 * What a transition is triggered by, as people read it: the event, 'after 6s', 'always', 'done:
 * id' or 'error: id' for an invoked actor's outcome, and the guard in brackets.
 */
function transitionLabel(
  machine: AnyStateMachine,
  transition: AnyTransitionDefinition & { delay?: unknown },
): string {
  const type = String(transition.eventType)
  const trigger =
    transition.delay !== undefined
      ? `after ${delayLabel(machine, transition.delay)}`
      : type === ''
        ? 'always'
        : type.startsWith('xstate.done.actor.')
          ? `done: ${type.slice('xstate.done.actor.'.length)}`
          : type.startsWith('xstate.error.actor.')
            ? `error: ${type.slice('xstate.error.actor.'.length)}`
            : type.startsWith('xstate.done.state.')
              ? 'done'
              : type
  const guard = guardName(transition.guard)
  return guard ? `${trigger} [${guard}]` : trigger
}

const pathOf = (node: AnyStateNode) => node.path.join('.')

/** Every transition a state node declares: events, delays, eventless ones and invoke outcomes. */
function transitionsOf(node: AnyStateNode): Array<AnyTransitionDefinition & { delay?: unknown }> {
  const delayed = new Set<AnyTransitionDefinition>(node.after)
  const byEvent = [...node.transitions.values()].flat().filter((t) => !delayed.has(t))
  return [...byEvent, ...node.after, ...(node.always ?? [])]
}

/** A machine as a chart: its states nested as in the machine, and its labelled transitions. */
export function chartOf(machine: AnyStateMachine): Chart {
  const transitions: ChartTransition[] = []
  const visit = (node: AnyStateNode, initial: boolean): ChartState => {
    const source = pathOf(node)
    const internal: string[] = []
    for (const transition of transitionsOf(node)) {
      const label = transitionLabel(machine, transition)
      const targets = transition.target ?? []
      if (targets.length === 0) internal.push(label)
      for (const target of targets) {
        transitions.push({
          id: `${source}>${transitions.length}`,
          source,
          target: pathOf(target),
          label,
        })
      }
    }
    const initialKeys = new Set(
      node.type === 'compound' ? node.initial.target.map((target) => target.key) : [],
    )
    return {
      path: source,
      name: node.parent ? node.key : machine.id,
      kind: node.type,
      initial,
      region: node.parent?.type === 'parallel',
      invokes: node.invoke.map((invoke) => invoke.id),
      internal,
      children: Object.values(node.states).map((child) => visit(child, initialKeys.has(child.key))),
    }
  }
  return { id: machine.id, root: visit(machine.root, true), transitions }
}

/** Every state of a chart, the root first, parents before their children. */
export function statesOf(chart: Chart): ChartState[] {
  const all: ChartState[] = []
  const walk = (state: ChartState) => {
    all.push(state)
    state.children.forEach(walk)
  }
  walk(chart.root)
  return all
}

/**
 * The paths of the states a snapshot's value says are active, with their ancestors: 'open' and
 * 'open.guest' for `{ open: 'guest' }`.
 */
export function activePaths(value: unknown, prefix = ''): string[] {
  const join = (key: string) => (prefix ? `${prefix}.${key}` : key)
  if (typeof value === 'string') return [join(value)]
  if (!value || typeof value !== 'object') return []
  return Object.entries(value).flatMap(([key, child]) => [
    join(key),
    ...activePaths(child, join(key)),
  ])
}
