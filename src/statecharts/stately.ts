import type { AnyStateMachine } from 'xstate'

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

/**
 * An implementation as a name: strings stay, `{ type, params }` keeps its type (params may be
 * functions), built-in actions (`assign`, `raise`) are named by their type, inline functions by
 * their own name or left out.
 */
function implementationName(value: unknown): string | null {
  if (typeof value === 'string') return value
  if (value && (typeof value === 'object' || typeof value === 'function')) {
    const type = (value as { type?: unknown }).type
    if (typeof type === 'string') return type
  }
  if (typeof value === 'function' && value.name && value.name !== 'anonymous') return value.name
  return null
}

const IMPLEMENTATION_KEYS = new Set(['actions', 'entry', 'exit', 'guard', 'src'])

/** Plain data: functions become their names (or are dropped), nothing else changes. */
function toJson(value: unknown, delays: Record<string, unknown>, key = ''): Json | undefined {
  if (IMPLEMENTATION_KEYS.has(key)) {
    if (Array.isArray(value)) {
      const names = value.map(implementationName).filter((name) => name !== null)
      return names.length ? names : undefined
    }
    return implementationName(value) ?? undefined
  }
  if (typeof value === 'function' || value === undefined || typeof value === 'symbol') {
    return undefined
  }
  if (value === null || typeof value !== 'object') return value as Json
  if (Array.isArray(value)) {
    return value.map((item) => toJson(item, delays) ?? null)
  }
  const entries = Object.entries(value)
    .filter(([name]) => !['context', 'input', 'output', 'params', 'meta'].includes(name))
    // A named delay with a fixed value is written as its milliseconds, which the visualiser shows.
    .map(([name, item]) => {
      const delay = key === 'after' ? delays[name] : undefined
      return [typeof delay === 'number' ? String(delay) : name, toJson(item, delays, name)] as const
    })
    .filter(([, item]) => item !== undefined)
  return Object.fromEntries(entries) as Json
}

/**
 * The machine's configuration as JSON, for Stately's visualiser and editor: states, events,
 * targets, delays and invokes as written, with actions, guards and actors by name (their code,
 * and the context that depends on the flow's input, stay in the app).
 */
export function statelyConfig(machine: AnyStateMachine): Json {
  return toJson(machine.config, machine.implementations.delays) ?? {}
}

/** The exported file's text, as `npm run statecharts:export` writes it and the viewer offers it. */
export function statelyFile(machine: AnyStateMachine): string {
  return `${JSON.stringify(statelyConfig(machine), null, 2)}\n`
}
