import type { ReactNode } from 'react'
import { guestErrorsOf } from '../../machines/print-studio/selectors'
import type { StudioPerson } from '../../machines/rules/print-studio'
import { css } from '../../styled-system/css'
import { type GuestField, GuestFields } from '../shared/guest-fields'
import { StudioDayPicker, StudioSlotPicker } from './print-studio-fields'

/** The events both print studio forms (the page's panel, 'Book again') take from their fields. */
export type StudioFieldEvent =
  | { type: 'day.chosen'; day: string }
  | { type: 'slot.chosen'; slot: string }
  | { type: 'field.changed'; field: GuestField; value: string }
  | { type: 'field.left'; field: GuestField }

/**
 * A print studio booking's fields: the day, the session and, for a guest, who is coming (a
 * signed-in person passes no guest). Each change goes to the form's actor through `send`.
 */
export function StudioBookingFields({
  days,
  day,
  slot,
  guest,
  left,
  now,
  disabled,
  send,
}: {
  days: string[]
  day: string | null
  slot: string | null
  guest: StudioPerson | null
  /** The guest's details the person has left (the form's `left`). */
  left: readonly GuestField[]
  now: Date
  disabled: boolean
  send: (event: StudioFieldEvent) => void
}) {
  return (
    <>
      <StudioDayPicker
        days={days}
        value={day}
        now={now}
        disabled={disabled}
        onSelect={(d) => send({ type: 'day.chosen', day: d })}
      />
      <StudioSlotPicker
        value={slot}
        disabled={disabled}
        onSelect={(s) => send({ type: 'slot.chosen', slot: s })}
      />
      {guest && (
        <GuestFields
          email={guest.email}
          name={guest.name}
          phone={guest.phone}
          errors={guestErrorsOf(guest, left)}
          disabled={disabled}
          onChange={(field, value) => send({ type: 'field.changed', field, value })}
          onLeave={(field) => send({ type: 'field.left', field })}
        />
      )}
    </>
  )
}

/** Why the studio booking did not go through, read out as it appears. */
export function StudioBookingError({ children }: { children: ReactNode }) {
  return (
    <p
      role="alert"
      className={css({
        px: '4',
        py: '3',
        borderRadius: 'l2',
        bg: 'danger.subtle',
        color: 'berry.600',
        fontSize: 'sm',
        lineHeight: '1.5',
      })}
    >
      {children}
    </p>
  )
}
