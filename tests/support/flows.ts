import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { FlowModel } from '../../machines/flow-model'
import { type FlowName, flows, membershipFlows, staffFlows } from '../../machines/flows'
import type { FlowViews } from '../e2e/views/shared/define'

// The flows' models and browser views, found by the flow's name in machines/flows.ts: a model is
// `machines/<flow>/model.ts` exporting `<flow>Model`, views are `tests/e2e/views/<flow>.ts`
// exporting `<flow>Views` (camel-cased: 'event-detail' -> eventDetailModel; a machine of a flow's
// subfolder as well: 'waitlist/join' -> waitlistJoinModel, in tests/e2e/views/waitlist/join.ts).

const camel = (name: string) =>
  name.replace(/[-/]([a-z])/g, (_, letter: string) => letter.toUpperCase())

/** Where a flow's file would be, from the repository's root. */
export const modelFile = (name: string) => `machines/${name}/model.ts`
export const viewsFile = (name: string) => `tests/e2e/views/${name}.ts`

const root = new URL('../../', import.meta.url)
const exists = (file: string) => existsSync(fileURLToPath(new URL(file, root)))

async function exported<T>(file: string, name: string): Promise<T> {
  const module = (await import(new URL(file, root).href)) as Record<string, T | undefined>
  const value = module[name]
  if (!value) throw new Error(`${file} should export ${name}`)
  return value
}

/** The model of a listed flow. */
export const modelOf = (name: FlowName) =>
  exported<FlowModel>(modelFile(name), `${camel(name)}Model`)

/** Every flow's model, in the list's order. */
export const allModels = () =>
  Promise.all((Object.keys(flows) as FlowName[]).map((name) => modelOf(name)))

/** The browser views of the listed flows that have them, in the list's order. */
export async function viewsOf(names: readonly FlowName[]): Promise<FlowViews[]> {
  const withViews = names.filter((name) => exists(viewsFile(name)))
  return Promise.all(
    withViews.map((name) => exported<FlowViews>(viewsFile(name), `${camel(name)}Views`)),
  )
}

/**
 * The membership flows in two files' worth, so the run's workers share their browser replays:
 * those before the member area (up to 'profile' in the list), and the member area's.
 */
export function membershipFlowsSplit() {
  const names = Object.keys(membershipFlows) as (keyof typeof membershipFlows)[]
  const memberArea = names.indexOf('profile')
  if (memberArea < 0) throw new Error("machines/flows.ts lists no 'profile' flow to split at")
  return { publicPages: names.slice(0, memberArea), memberArea: names.slice(memberArea) }
}

/**
 * The staff's flows in two files' worth (together they took 215 s of one worker, the run's
 * longest file): the front desk's (the day, the door, events, bookings and spaces), and the
 * office's (applications, payments, members and the audit), which share a file with the
 * public membership pages.
 */
export function staffFlowsSplit() {
  const office = [
    'staff-applications',
    'application-review',
    'staff-payments',
    'staff-members',
    'staff-audit',
    'download',
  ] as const satisfies readonly (keyof typeof staffFlows)[]
  const names = Object.keys(staffFlows) as (keyof typeof staffFlows)[]
  const desk = names.filter((name) => !(office as readonly string[]).includes(name))
  return { desk, office: [...office] }
}
