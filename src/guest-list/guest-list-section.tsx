import { useSelector } from '@xstate/react'
import { useId } from 'react'
import type { ActorRefFrom } from 'xstate'
import { guestListActors } from '../../machines/guest-list/actors'
import { type GuestListFile, guestListMachine } from '../../machines/guest-list/machine'
import { guestListDays, savedLine } from '../../machines/guest-list/selectors'
import { css, cx } from '../../styled-system/css'
import { flex, grid } from '../../styled-system/patterns'
import { button } from '../../styled-system/recipes'
import { api } from '../api'
import { useMemberFlow } from '../member-flow'
import { DoneLine, Field, textInput } from '../shared/form-fields'
import { card, LoadNotice } from '../shared/member-page'
import { NotReached, NotStaff } from '../shared/staff-page'

/** The browser saves the file as a download would: a link to its bytes, pressed once. */
function saveFile(_: unknown, { fileName, file }: GuestListFile) {
  const url = URL.createObjectURL(file)
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName })
  document.body.append(link)
  link.click()
  link.remove()
  // The download has taken the bytes by the next turn; the address is let go.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

/** On an event's page: its guest list, every day or one, as a spreadsheet for the door. */
export function GuestListSection({
  eventId,
  draft,
}: {
  eventId: string
  draft: { startDay: string; endDay: string }
}) {
  const actorRef = useMemberFlow(
    guestListMachine,
    guestListActors(api),
    'Could not download the guest list',
    { input: { eventId }, effects: { saveFile } },
  )
  return <GuestListView actorRef={actorRef} days={guestListDays(draft)} />
}

export function GuestListView({
  actorRef,
  days,
}: {
  actorRef: ActorRefFrom<typeof guestListMachine>
  days: { day: string | null; label: string }[]
}) {
  const dayId = useId()
  const state = useSelector(actorRef, (s) => s)
  const { day, saved } = state.context
  const busy = state.hasTag('busy')
  if (state.hasTag('forbidden')) return <NotStaff />
  if (state.hasTag('expired')) return <LoadNotice kind="expired" what="the guest list" />
  return (
    <section
      aria-label="Guest list"
      aria-busy={busy || undefined}
      className={cx(
        card,
        grid({ gap: '3', gridTemplateColumns: 'minmax(0, 1fr)' }),
        css({ px: { base: '4', md: '5' }, py: '4' }),
      )}
    >
      <h2 className={css({ fontWeight: 'semibold' })}>Guest list</h2>
      <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
        Everyone booked, with their e-mail, phone, answers and what they paid, as a spreadsheet
        (CSV) for the door or the organiser.
      </p>
      <div className={flex({ gap: '3', align: 'end', wrap: 'wrap' })}>
        {days.length > 0 && (
          <Field label="Which day" htmlFor={dayId}>
            <select
              id={dayId}
              value={day ?? ''}
              disabled={busy}
              onChange={(event) =>
                actorRef.send({ type: 'day.chosen', day: event.target.value || null })
              }
              className={cx(textInput, css({ maxW: '20rem' }))}
            >
              {days.map((choice) => (
                <option key={choice.day ?? 'every'} value={choice.day ?? ''}>
                  {choice.label}
                </option>
              ))}
            </select>
          </Field>
        )}
        <button
          type="button"
          className={button({ variant: 'outline', size: 'lg' })}
          disabled={busy}
          aria-busy={busy || undefined}
          onClick={() => actorRef.send({ type: 'download.pressed' })}
        >
          {busy ? 'Preparing the file…' : 'Download the guest list'}
        </button>
      </div>
      {state.matches('saved') && saved && <DoneLine>{savedLine(saved)}</DoneLine>}
      {state.matches('failed') && <NotReached nothingWas="downloaded" then="download" />}
    </section>
  )
}
