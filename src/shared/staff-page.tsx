import { useSelector } from '@xstate/react'
import { type ComponentType, type ReactNode, useId, useRef } from 'react'
import { Link } from 'react-router-dom'
import type { Actor, AnyActorRef, AnyStateMachine } from 'xstate'
import type { Api } from '../../openapi/client'
import { css, cx } from '../../styled-system/css'
import { flex, grid } from '../../styled-system/patterns'
import { button } from '../../styled-system/recipes'
import { api } from '../api'
import { type ActorsOf, useLoadStates, useMemberFlow } from '../member-flow'
import { Field, onSubmitted, textInput } from './form-fields'
import { card, LoadStatus, MemberPage, NoticeCard } from './member-page'
import { TextArea } from './text-area'

/**
 * A screen of the staff tools (/staff): the member area's page, under 'Front desk'. When the
 * server refused the person (`forbidden`), it says so in place of the content.
 */
export function StaffPage({
  title,
  lead,
  back = '/staff',
  width,
  forbidden = false,
  children,
}: {
  title: string
  lead?: ReactNode
  back?: string
  width?: '2xl' | '4xl'
  forbidden?: boolean
  children?: ReactNode
}) {
  return (
    <MemberPage
      title={title}
      lead={forbidden ? undefined : lead}
      back={back}
      width={forbidden ? undefined : width}
      kicker="Front desk"
      roomForBar={false}
    >
      {forbidden ? <NotStaff /> : children}
    </MemberPage>
  )
}

/**
 * The page a staff tool's route opens: its flow with the API's calls (failed calls logged under
 * `what`, as an error where the tool writes) and its view. Every staff tool starts this way.
 */
export function staffFlowPage<T extends AnyStateMachine>(
  machine: T,
  actorsOf: (client: Api) => ActorsOf<T>,
  what: string,
  View: ComponentType<{ actorRef: Actor<T> }>,
  level: 'warn' | 'error' = 'warn',
) {
  return function StaffFlowPage() {
    const actorRef = useMemberFlow(machine, actorsOf(api), what, { level })
    return <View actorRef={actorRef} />
  }
}

/** What a person without the staff role, or without the role this page needs, sees (a 403). */
export function NotStaff() {
  return (
    <NoticeCard
      role="alert"
      title="This is for the hotel's staff"
      text="Your login can't open this page. If you work here and need it, ask a manager to give you the role."
    >
      <Link to="/menu" className={button({ variant: 'outline', size: 'md' })}>
        Back to the menu
      </Link>
    </NoticeCard>
  )
}

/** One column whose children never widen it past the screen (long names, long e-mails). */
export const staffColumn = grid({ gap: '3', gridTemplateColumns: 'minmax(0, 1fr)' })

/** A row of a staff list that holds its own actions (a member, a payment, a space). */
export const staffCard = cx(
  card,
  staffColumn,
  css({ px: { base: '4', md: '5' }, py: '4', overflowWrap: 'anywhere' }),
)

/** A card of a staff list that opens the item (a booking, an event): its border darkens on hover. */
export const staffCardLink = cx(
  card,
  css({
    color: 'fg.default',
    overflowWrap: 'anywhere',
    _hover: { borderColor: 'sand.400' },
    focusOutline: 'inside',
  }),
)

/** A staff list's flow (members, payments, bookings): its context keeps the last query. */
type SearchingRef = AnyActorRef
const lastQuery = (s: { context: { query: string } }) => s.context.query
const reading = (s: { hasTag: (tag: string) => boolean }) => s.hasTag('busy')

/**
 * A staff list's search: one field and its button. What was typed goes to the list's flow as
 * `search.submitted`; the field starts from the flow's last query and waits while it reads.
 */
export function StaffSearch({
  actorRef,
  name,
  label,
}: {
  actorRef: SearchingRef
  /** The form's name: 'Find payments'. */
  name: string
  /** The field's label: 'Reference, e-mail or name'. */
  label: string
}) {
  const query = useSelector(actorRef, lastQuery)
  const busy = useSelector(actorRef, reading)
  const onSearch = (typed: string) => actorRef.send({ type: 'search.submitted', query: typed })
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  return (
    <form
      aria-label={name}
      className={grid({
        gridTemplateColumns: 'minmax(0, 1fr) auto',
        gap: '3',
        alignItems: 'end',
        mb: '5',
      })}
      onSubmit={onSubmitted(() => onSearch(input.current?.value ?? ''))}
    >
      <Field label={label} htmlFor={id}>
        <input
          ref={input}
          id={id}
          type="search"
          name="q"
          defaultValue={query}
          maxLength={200}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          enterKeyHint="search"
          className={textInput}
        />
      </Field>
      <button
        type="submit"
        className={button({ size: 'lg' })}
        disabled={busy}
        aria-busy={busy || undefined}
      >
        Search
      </button>
    </form>
  )
}

/**
 * A staff write that got no answer: "We couldn't reach the server, so nothing was refunded.
 * Check the connection, then refund again."
 */
export function NotReached({ nothingWas, then }: { nothingWas: string; then: string }) {
  return (
    <p role="alert" className={css({ color: 'berry.600', fontSize: 'sm' })}>
      We couldn't reach the server, so nothing was {nothingWas}. Check the connection, then {then}{' '}
      again.
    </p>
  )
}

/**
 * A staff form's submit (saying it is at work while busy) and its Cancel. With `onConfirm`, the
 * first button confirms by itself rather than submitting a form.
 */
export function SubmitOrCancel({
  label,
  busyLabel,
  busy,
  onConfirm,
  onCancel,
}: {
  label: string
  busyLabel: string
  busy: boolean
  onConfirm?: () => void
  onCancel: () => void
}) {
  return (
    <div className={flex({ gap: '3', wrap: 'wrap' })}>
      <button
        type={onConfirm ? 'button' : 'submit'}
        className={button({ size: 'lg' })}
        disabled={busy}
        aria-busy={busy || undefined}
        onClick={onConfirm}
      >
        {busy ? busyLabel : label}
      </button>
      <button
        type="button"
        className={button({ variant: 'ghost', size: 'lg' })}
        disabled={busy}
        onClick={onCancel}
      >
        Cancel
      </button>
    </div>
  )
}

/** A staff search's results: loading or its failure, a line on what was found, then the rows. */
export function StaffResults<Row>({
  actorRef,
  label,
  what,
  retried,
  rows,
  lead,
  row,
}: {
  actorRef: SearchingRef
  /** The section's name: 'Members found'. */
  label: string
  /** What loads: 'the members'. */
  what: string
  /** The event that reads the list again: 'members.retried'. */
  retried: string
  /** What was found, once it is read (null before). */
  rows: readonly Row[] | null
  /** The line over the rows: how many were found, and for what. */
  lead: (count: number) => ReactNode
  /** One row, as a keyed `li`. */
  row: (item: Row) => ReactNode
}) {
  const load = useLoadStates(actorRef)
  const onRetry = () => actorRef.send({ type: retried })
  return (
    <section aria-label={label} aria-busy={load.loading} className={staffColumn}>
      <LoadStatus {...load} what={what} onRetry={onRetry} />
      {rows && <p className={css({ color: 'fg.muted' })}>{lead(rows.length)}</p>}
      {rows && rows.length > 0 && (
        <ul className={cx(staffColumn, css({ listStyle: 'none' }))}>{rows.map(row)}</ul>
      )}
    </section>
  )
}

/** A staff row's first line: a name, and on its right what it is (a badge, an amount). */
export function RowTitle({
  name,
  inline = false,
  children,
}: {
  name: ReactNode
  /** Inside a link: spans rather than a paragraph. */
  inline?: boolean
  children: ReactNode
}) {
  const Line = inline ? 'span' : 'div'
  const Name = inline ? 'span' : 'p'
  return (
    <Line className={flex({ align: 'baseline', justify: 'space-between', gap: '3' })}>
      <Name className={css({ fontWeight: 'semibold', fontSize: 'lg', minW: '0' })}>{name}</Name>
      {children}
    </Line>
  )
}

/** The reason (or note) a staff write carries: a text area, its error, and the room left. */
export function ReasonField({
  label,
  value,
  maxLength,
  room,
  busy,
  error,
  onChange,
}: {
  label: string
  value: string
  maxLength: number
  /** 'N characters left'. */
  room: string
  busy: boolean
  /** Why the reason cannot go as it is, if it cannot. */
  error?: string | null
  onChange: (value: string) => void
}) {
  const id = useId()
  const roomId = useId()
  const errorId = useId()
  return (
    <Field label={label} htmlFor={id}>
      <TextArea
        id={id}
        value={value}
        maxLength={maxLength}
        readOnly={busy}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${errorId} ${roomId}` : roomId}
        onChange={(event) => onChange(event.target.value)}
      />
      {error && (
        <p id={errorId} className={css({ color: 'berry.600', fontSize: 'sm' })}>
          {error}
        </p>
      )}
      <p id={roomId} className={css({ fontSize: 'xs', color: 'fg.muted' })}>
        {room}
      </p>
    </Field>
  )
}
