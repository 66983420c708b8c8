import { useSelector } from '@xstate/react'
import { useId } from 'react'
import type { ActorRefFrom } from 'xstate'
import { downloadActors } from '../../machines/download/actors'
import {
  type DownloadAsk,
  type DownloadedFile,
  downloadMachine,
} from '../../machines/download/machine'
import { DOWNLOAD_TEXTS, savedLine } from '../../machines/download/selectors'
import { css, cx } from '../../styled-system/css'
import { flex, grid } from '../../styled-system/patterns'
import { button } from '../../styled-system/recipes'
import { api } from '../api'
import { useMemberFlow } from '../member-flow'
import { DoneLine, Field, textInput } from '../shared/form-fields'
import { card, LoadNotice } from '../shared/member-page'
import { NotReached, NotStaff } from '../shared/staff-page'

/** The browser saves the file as a download would: a link to its bytes, pressed once. */
function saveFile(_: unknown, { fileName, file }: DownloadedFile) {
  const url = URL.createObjectURL(file)
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName })
  document.body.append(link)
  link.click()
  link.remove()
  // The download has taken the bytes by the next turn; the address is let go.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

/**
 * A staff spreadsheet on the page it belongs to: an event's guest list (with a choice of its
 * `days`, when it has more than one) or a day's bookings.
 */
export function DownloadSection({
  ask,
  days = [],
}: {
  ask: DownloadAsk
  days?: { day: string | null; label: string }[]
}) {
  const actorRef = useMemberFlow(downloadMachine, downloadActors(api), 'Could not download', {
    input: { ask },
    effects: { saveFile },
  })
  return <DownloadView actorRef={actorRef} days={days} />
}

export function DownloadView({
  actorRef,
  days,
}: {
  actorRef: ActorRefFrom<typeof downloadMachine>
  days: { day: string | null; label: string }[]
}) {
  const dayId = useId()
  const state = useSelector(actorRef, (s) => s)
  const { day, saved, ask } = state.context
  const text = DOWNLOAD_TEXTS[ask.kind]
  const busy = state.hasTag('busy')
  if (state.hasTag('forbidden')) return <NotStaff />
  if (state.hasTag('expired')) return <LoadNotice kind="expired" what="the file" />
  return (
    <section
      aria-label={text.title}
      aria-busy={busy || undefined}
      className={cx(
        card,
        grid({ gap: '3', gridTemplateColumns: 'minmax(0, 1fr)' }),
        css({ px: { base: '4', md: '5' }, py: '4' }),
      )}
    >
      <h2 className={css({ fontWeight: 'semibold' })}>{text.title}</h2>
      <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{text.lead}</p>
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
          // As wide as a phone's screen, where the label would not fit beside the field.
          className={cx(
            button({ variant: 'outline', size: 'lg' }),
            css({ w: { base: 'full', sm: 'auto' } }),
          )}
          disabled={busy}
          aria-busy={busy || undefined}
          onClick={() => actorRef.send({ type: 'download.pressed' })}
        >
          {busy ? 'Preparing the file…' : text.button}
        </button>
      </div>
      {state.matches('saved') && saved && <DoneLine>{savedLine(saved)}</DoneLine>}
      {state.matches('failed') && <NotReached nothingWas="downloaded" then="download" />}
    </section>
  )
}
