import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import type { AnyStateMachine, AnyStateNode } from 'xstate'
import { flows } from '../../machines/flows'

// One vocabulary for the flows (docs/decisions/044-one-vocabulary-for-machine-events.md): an event
// says what happened, `thing.verbInThePast`; an invoked or spawned actor runs under its src's
// name, so its done event is `xstate.done.actor.<src>`; a call's stub in setup() is `callStub`.

const root = fileURLToPath(new URL('../..', import.meta.url))

/** The past participles that do not end in -ed, as the flows use them. */
const IRREGULAR = ['chosen', 'found', 'hidden', 'kept', 'left', 'shown', 'taken']
/** Words that may follow the verb: `viewer.signedIn`, `tour.movedBack`. */
const PARTICLES = ['In', 'Out', 'Back']

/** Why an event's type is not `thing.verbInThePast` (null when it is). */
function vocabularyProblem(type: string): string | null {
  const match = /^([a-z][a-zA-Z]*(?:-[a-z]+)*)\.([a-z][a-zA-Z]*)$/.exec(type)
  if (!match) return 'is not `thing.happened` (one dot, lower camel case)'
  const words = (match[2] as string).split(/(?=[A-Z])/)
  if (words.length > 1 && PARTICLES.includes(words.at(-1) as string)) words.pop()
  const verb = (words.at(-1) as string).toLowerCase()
  const past = /[a-z]{2}ed$/.test(verb) || IRREGULAR.includes(verb)
  return past ? null : `does not end in a verb in the past ('${verb}')`
}

/** A machine's state nodes, its root first. */
function nodesOf(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap((child) => nodesOf(child))]
}

/** Every event type a machine's states name in `on` (XState's own done events are not named). */
const eventTypesOf = (machine: AnyStateMachine) => [
  ...new Set(
    nodesOf(machine.root).flatMap((node) =>
      Object.keys((node.config as { on?: object }).on ?? {}).filter(
        (t) => !t.startsWith('xstate.'),
      ),
    ),
  ),
]

interface ActorStart {
  where: string
  id: unknown
  src: unknown
}

/** An action as XState keeps it: spawnChild's carries the actor's id and src. */
type ActionLike = { type?: unknown; id?: unknown; src?: unknown }

function spawnsIn(actions: readonly unknown[], where: string): ActorStart[] {
  return actions
    .filter((a): a is ActionLike => typeof a === 'function' || typeof a === 'object')
    .filter((a) => a?.type === 'xstate.spawnChild')
    .map((a) => ({ where, id: a.id, src: a.src }))
}

/** Every actor a machine invokes or spawns, with the id it runs under and its src. */
function actorStartsOf(machine: AnyStateMachine): ActorStart[] {
  const named = Object.entries(machine.implementations.actions ?? {}).flatMap(([name, action]) =>
    spawnsIn([action], `${machine.id} action ${name}`),
  )
  return [
    ...named,
    ...nodesOf(machine.root).flatMap((node) => [
      ...node.invoke.map((invoke) => ({ where: node.id, id: invoke.id, src: invoke.src })),
      ...spawnsIn([...node.entry, ...node.exit], node.id),
      ...[...node.transitions.values()]
        .flat()
        .flatMap((t) => spawnsIn(t.actions, `${node.id} on ${t.eventType}`)),
    ]),
  ]
}

const machines = Object.entries(flows) as [string, AnyStateMachine][]

describe('one vocabulary for the flows', () => {
  it('reads an event type as thing.verbInThePast, and nothing else', () => {
    const accepted = ['day.chosen', 'join.submitted', 'viewer.signedIn', 'check-in.retried']
    expect(accepted.map(vocabularyProblem)).toEqual(accepted.map(() => null))
    const refused = [
      'join.submit',
      'cancel.start',
      'tour.next',
      'pay.card',
      'save',
      'update.active',
    ]
    expect(refused.filter((type) => vocabularyProblem(type) === null)).toEqual([])
  })

  it.each(machines)('%s: names every event for what happened', (_name, machine) => {
    expect(
      eventTypesOf(machine).flatMap((type) => {
        const problem = vocabularyProblem(type)
        return problem ? [`'${type}' ${problem}`] : []
      }),
    ).toEqual([])
  })

  it.each(machines)(
    '%s: runs every invoked or spawned actor under its src, named in setup()',
    (_name, machine) => {
      const actors = Object.keys(machine.implementations.actors ?? {})
      const problems = actorStartsOf(machine).flatMap(({ where, id, src }) => {
        if (typeof src !== 'string') return [`${where}: src is not named in setup() (${id})`]
        if (!actors.includes(src)) return [`${where}: src '${src}' is not in setup()'s actors`]
        return id === src ? [] : [`${where}: id '${String(id)}' is not its src '${src}'`]
      })
      expect(problems).toEqual([])
    },
  )

  it("declares calls with callStub: fromPromise only in a flow's actors.ts and machines/calls/", () => {
    const files = (dir: string): string[] =>
      readdirSync(join(root, dir)).flatMap((name) => {
        const path = join(dir, name)
        return statSync(join(root, path)).isDirectory() ? files(path) : [path]
      })
    const offenders = files('machines')
      .filter((file) => /\.tsx?$/.test(file))
      .filter((file) => !file.endsWith('/actors.ts') && !file.startsWith('machines/calls/'))
      .filter((file) => /\bfromPromise\b/.test(readFileSync(join(root, file), 'utf8')))
    expect(offenders).toEqual([])
  })
})
