import { isValidDay } from '../../machines/rules/dates'

// The staff command line's argument reading: positional words and `--name value`,
// `--name=value` or a bare `--flag`. Every command declares its options, so a typo is an error
// that names the options there are, never silently ignored.

/** A mistake in how the command was typed: print it with the usage, exit 2. */
export class UsageError extends Error {}
/** The command was typed right but cannot be done (unknown id, wrong state): exit 1. */
export class CommandError extends Error {}

/** What a command line prints, and its exit code: 0 done, 1 could not be done, 2 typed wrong. */
export interface CommandResult {
  code: number
  out: string
  err: string
}

/** A command's work as a result: a UsageError exits 2 with the help, a CommandError exits 1. */
export async function commandResult(
  work: () => Promise<string>,
  help: string,
): Promise<CommandResult> {
  try {
    return { code: 0, out: await work(), err: '' }
  } catch (error) {
    if (error instanceof UsageError) return { code: 2, out: '', err: `${error.message}\n\n${help}` }
    if (error instanceof CommandError) return { code: 1, out: '', err: error.message }
    throw error
  }
}

/** Prints a result and sets the exit code; anything unforeseen is printed whole, exit 1. */
export async function printResult(result: Promise<CommandResult>): Promise<void> {
  try {
    const { code, out, err } = await result
    if (out) console.log(out)
    if (err) console.error(err)
    process.exitCode = code
  } catch (error) {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error)
    process.exitCode = 1
  }
}

export type OptionKind = 'text' | 'int' | 'day' | 'time' | 'flag' | 'yes-no'

export interface OptionSpec {
  kind: OptionKind
  help: string
  /** `<value>` as the help shows it. */
  placeholder?: string
}

export interface CommandSpec {
  /** 'applications approve' */
  name: string
  /** `<id>` and the like, as the help shows them. */
  positional: string[]
  summary: string
  options: Record<string, OptionSpec>
  /** Lines of examples for --help. */
  examples?: string[]
}

export interface Parsed {
  positional: string[]
  options: Record<string, string | boolean>
  help: boolean
}

/** Splits the words after the command's name into positional words and options. */
export function parseArgs(spec: CommandSpec, words: readonly string[]): Parsed {
  const positional: string[] = []
  const options: Record<string, string | boolean> = {}
  let help = false
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string
    if (word === '--help' || word === '-h') {
      help = true
      continue
    }
    if (!word.startsWith('--')) {
      positional.push(word)
      continue
    }
    const [rawName, inline] = word.slice(2).split(/=(.*)/s, 2) as [string, string | undefined]
    const option = spec.options[rawName]
    if (!option) {
      const known = Object.keys(spec.options)
      throw new UsageError(
        `Unknown option --${rawName} for '${spec.name}'.${known.length ? ` Its options: ${known.map((k) => `--${k}`).join(', ')}.` : ' It takes no options.'}`,
      )
    }
    if (option.kind === 'flag') {
      if (inline !== undefined) throw new UsageError(`--${rawName} takes no value.`)
      options[rawName] = true
      continue
    }
    const value = inline ?? words[++i]
    if (value === undefined || (inline === undefined && value.startsWith('--'))) {
      throw new UsageError(`--${rawName} needs a value (${option.placeholder ?? option.kind}).`)
    }
    options[rawName] = checkValue(rawName, option.kind, value)
  }
  if (help) return { positional, options, help }
  if (positional.length !== spec.positional.length) {
    throw new UsageError(
      spec.positional.length === 0
        ? `'${spec.name}' takes no ${positional.length === 1 ? 'word' : 'words'} besides its options (got: ${positional.join(' ')}).`
        : `'${spec.name}' needs ${spec.positional.join(' ')}${positional.length ? ` (got: ${positional.join(' ')})` : ''}.`,
    )
  }
  return { positional, options, help }
}

function checkValue(name: string, kind: OptionKind, value: string): string {
  const text = value.trim()
  switch (kind) {
    case 'int':
      if (!/^\d+$/.test(text))
        throw new UsageError(`--${name} must be a whole number, not '${value}'.`)
      return text
    case 'day':
      if (!isValidDay(text)) {
        throw new UsageError(
          `--${name} must be a date as yyyy-MM-dd (e.g. 2026-12-05), not '${value}'.`,
        )
      }
      return text
    case 'time':
      if (!/^([01]?\d|2[0-3]):[0-5]\d$/.test(text)) {
        throw new UsageError(
          `--${name} must be a 24-hour time as HH:mm (e.g. 19:30), not '${value}'.`,
        )
      }
      return text.padStart(5, '0')
    case 'yes-no': {
      const answer = text.toLowerCase()
      if (!['yes', 'no', 'true', 'false'].includes(answer)) {
        throw new UsageError(`--${name} must be yes or no, not '${value}'.`)
      }
      return answer === 'yes' || answer === 'true' ? 'yes' : 'no'
    }
    default:
      if (!text) throw new UsageError(`--${name} cannot be empty.`)
      return text
  }
}

/** The help of one command: usage line, summary, options, examples. */
export function commandHelp(spec: CommandSpec): string {
  const width = Math.max(
    0,
    ...Object.entries(spec.options).map(([n, o]) => optionLabel(n, o).length),
  )
  const options = Object.entries(spec.options).map(
    ([name, option]) => `  ${optionLabel(name, option).padEnd(width)}  ${option.help}`,
  )
  return [
    `Usage: npm run admin -- ${[spec.name, ...spec.positional].join(' ')}${options.length ? ' [options]' : ''}`,
    '',
    spec.summary,
    '',
    'Options:',
    ...options,
    `  ${'--help'.padEnd(width)}  Show this help.`,
    ...(spec.examples?.length ? ['', 'Examples:', ...spec.examples.map((e) => `  ${e}`)] : []),
  ].join('\n')
}

const optionLabel = (name: string, option: OptionSpec) =>
  option.kind === 'flag' ? `--${name}` : `--${name} ${option.placeholder ?? `<${option.kind}>`}`

export const text = (options: Parsed['options'], name: string): string | undefined => {
  const value = options[name]
  return typeof value === 'string' ? value : undefined
}

export const int = (options: Parsed['options'], name: string): number | undefined => {
  const value = text(options, name)
  return value === undefined ? undefined : Number(value)
}
