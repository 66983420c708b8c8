import { useSelector } from '@xstate/react'
import type { AnyActorRef } from 'xstate'
import type { DoorQueueContext } from '../../machines/check-in/queue/machine'
import {
  listLine,
  NO_LIST,
  READING_LIST,
  REFUSED_LIST,
  reportView,
  toSend,
  toSendLine,
} from '../../machines/check-in/queue/selectors'
import { css, cx } from '../../styled-system/css'
import { flex } from '../../styled-system/patterns'
import { button } from '../../styled-system/recipes'

/**
 * The door's phone, over the answer: how fresh its list is, how many scans wait to be sent, and
 * the guests it let in whom the server, once told, answered otherwise.
 */
export function DoorPhone({ actorRef }: { actorRef: AnyActorRef }) {
  const context = useSelector(actorRef, (s) => s.context as DoorQueueContext)
  const sending = useSelector(actorRef, (s) => s.matches({ queue: 'sending' }) as boolean)
  const reading = useSelector(actorRef, (s) => s.matches({ list: 'loading' }) as boolean)
  // The session ended: the list is refused, or the queue stopped (its scans stay on the phone).
  const refused = useSelector(
    actorRef,
    (s) => (s.matches({ list: 'refused' }) || s.matches({ queue: 'halted' })) as boolean,
  )
  const list = listLine(context.list)
  const waiting = toSendLine(toSend(context))
  return (
    <div className={css({ display: 'grid', gap: '3', mb: '4' })}>
      <section
        aria-label="This phone"
        className={flex({
          gap: '2',
          wrap: 'wrap',
          alignItems: 'center',
          fontSize: 'sm',
          color: 'fg.muted',
        })}
      >
        <span>{list ?? (reading ? READING_LIST : NO_LIST)}</span>
        {refused && <span className={css({ color: 'berry.600' })}>{REFUSED_LIST}</span>}
        {waiting && (
          <span
            role="status"
            className={css({
              bg: 'sun.300',
              color: 'ink.900',
              borderRadius: 'full',
              px: '2.5',
              py: '0.5',
              fontWeight: 'semibold',
            })}
          >
            {sending ? `Sending ${waiting.replace(' to send', '')}…` : waiting}
          </span>
        )}
      </section>
      {context.reports.length > 0 && (
        <section aria-label="After sync" className={css({ display: 'grid', gap: '2' })}>
          {context.reports.map((report) => {
            const view = reportView(report)
            return (
              <div
                key={report.nonce}
                role="alert"
                className={cx(
                  css({
                    bg: 'berry.600',
                    color: 'white',
                    borderRadius: 'l3',
                    px: '4',
                    py: '3',
                    display: 'grid',
                    gap: '1',
                    overflowWrap: 'anywhere',
                  }),
                )}
              >
                <p className={css({ fontWeight: 'bold', fontSize: 'lg' })}>{view.headline}</p>
                {view.name && <p className={css({ fontWeight: 'semibold' })}>{view.name}</p>}
                <p>{view.detail}</p>
                <div className={flex({ mt: '1' })}>
                  <button
                    type="button"
                    onClick={() => actorRef.send({ type: 'report.dismissed', nonce: report.nonce })}
                    className={cx(
                      button({ variant: 'outline', size: 'sm' }),
                      css({ bg: 'white', color: 'ink.900', borderColor: 'white' }),
                    )}
                  >
                    Seen
                  </button>
                </div>
              </div>
            )
          })}
        </section>
      )}
    </div>
  )
}
