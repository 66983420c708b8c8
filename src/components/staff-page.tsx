import { type ReactNode, useId, useRef } from 'react'
import { Link } from 'react-router-dom'
import { css } from '../../styled-system/css'
import { flex, grid } from '../../styled-system/patterns'
import { button } from '../../styled-system/recipes'
import { Field, textInput } from './form-fields'
import { MemberPage } from './member-page'

/** A screen of the staff tools (/staff): the member area's page, under 'Front desk'. */
export function StaffPage({
  title,
  lead,
  back = '/staff',
  width,
  children,
}: {
  title: string
  lead?: ReactNode
  back?: string
  width?: '2xl' | '4xl'
  children: ReactNode
}) {
  return (
    <MemberPage
      title={title}
      lead={lead}
      back={back}
      width={width}
      kicker="Front desk"
      roomForBar={false}
    >
      {children}
    </MemberPage>
  )
}

/** What a person without the staff role sees (the server said 403). */
export function NotStaff() {
  return (
    <div
      role="alert"
      className={grid({
        layerStyle: 'card',
        px: '5',
        py: '6',
        textAlign: 'center',
        justifyItems: 'center',
        gap: '2',
      })}
    >
      <p className={css({ fontWeight: 'semibold', fontSize: 'lg' })}>
        This is for the hotel's staff
      </p>
      <p className={css({ color: 'fg.muted', fontSize: 'sm', maxW: '22rem' })}>
        Your account can't open the front desk. If you work here, ask a manager to add you.
      </p>
      <Link to="/menu" className={button({ variant: 'outline', size: 'md' })}>
        Back to the menu
      </Link>
    </div>
  )
}

/** One column whose children never widen it past the screen (long names, long e-mails). */
export const staffColumn = grid({ gap: '3', gridTemplateColumns: 'minmax(0, 1fr)' })

/** A staff list's search: one field and its button; `onSearch` gets what was typed. */
export function StaffSearch({
  name,
  label,
  query,
  busy,
  onSearch,
}: {
  /** The form's name: 'Find payments'. */
  name: string
  /** The field's label: 'Reference, e-mail or name'. */
  label: string
  query: string
  busy: boolean
  onSearch: (query: string) => void
}) {
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
      onSubmit={(event) => {
        event.preventDefault()
        onSearch(input.current?.value ?? '')
      }}
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

/** A staff form's submit (saying it is at work while busy) and its Cancel. */
export function SubmitOrCancel({
  label,
  busyLabel,
  busy,
  onCancel,
}: {
  label: string
  busyLabel: string
  busy: boolean
  onCancel: () => void
}) {
  return (
    <div className={flex({ gap: '3', wrap: 'wrap' })}>
      <button
        type="submit"
        className={button({ size: 'lg' })}
        disabled={busy}
        aria-busy={busy || undefined}
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
