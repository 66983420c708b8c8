import { useId } from 'react'
import { detailActionLabel, type EventAction } from '../../machines/rules/events'
import type { components } from '../../openapi/client'
import { css, cx } from '../../styled-system/css'
import { button } from '../../styled-system/recipes'
import { StickyActionBar } from '../shared/action-bar'
import { LineIcon } from '../shared/line-icons'
import { SITE } from '../site'

type Event = components['schemas']['Event']

/** Why a disabled action is disabled, said under the button. */
const REASONS: Record<Exclude<EventAction, 'open'>, string> = {
  closed: 'This event has ended.',
  bookingClosed: 'Not taking bookings.',
  soldOut: 'No places left.',
  membersOnly: `For active members of ${SITE.programme}.`,
}

/** The one action: a sticky bar at the bottom of phones, inline under the title from 768 px. */
export function EventActionBar({
  event,
  action,
  priceLabel,
  canShare,
  shareNote,
  waiting,
  onShare,
  onAction,
}: {
  event: Event
  action: EventAction
  priceLabel: string
  canShare: boolean
  /** What Share did, said for a few seconds where there is no share sheet: 'Link copied'. */
  shareNote: string | null
  /** Tapped: the panel opens once the app knows who is looking. */
  waiting: boolean
  onShare: () => void
  onAction: () => void
}) {
  const noteId = useId()
  const open = action === 'open'
  const note = open ? shareNote : REASONS[action]

  return (
    <StickyActionBar css={{ mt: { md: '6' } }}>
      <div
        className={css({
          display: 'grid',
          alignItems: 'center',
          columnGap: '3',
          rowGap: '2',
          maxW: '6xl',
          mx: 'auto',
          gridTemplateColumns: { base: 'minmax(0, 1fr) auto auto', md: 'auto auto 1fr' },
          gridTemplateAreas: {
            base: '"info action share"',
            md: '"action share ." "info info info"',
          },
        })}
      >
        <div className={css({ gridArea: 'info', minW: '0' })}>
          {open && (
            <div className={css({ display: { base: 'block', md: 'none' } })}>
              <p className={css({ fontSize: 'xs', color: 'fg.subtle' })}>Your ticket</p>
              <p className={css({ fontWeight: 'semibold', fontSize: 'lg', lineHeight: 'tight' })}>
                {priceLabel}
              </p>
            </div>
          )}
          <p
            id={noteId}
            // Open: a live region, so 'Link copied' is read out when it appears.
            role={open ? 'status' : undefined}
            className={css({
              fontSize: 'sm',
              lineHeight: 'snug',
              color: action === 'closed' ? 'danger.default' : 'fg.muted',
              // The members-only note above says it already on wide screens.
              display: { base: 'block', md: action === 'membersOnly' ? 'none' : 'block' },
            })}
          >
            {note}
          </p>
        </div>
        <button
          type="button"
          disabled={!open}
          aria-describedby={open ? undefined : noteId}
          aria-haspopup="dialog"
          aria-busy={waiting || undefined}
          onClick={onAction}
          className={cx(
            button({ size: 'lg' }),
            css({
              gridArea: 'action',
              minW: { base: '36', md: '52' },
              // Unavailable reads as a state, not a faded button: the closed one in red, as on cards.
              _disabled: {
                opacity: 1,
                bg: action === 'closed' ? 'danger.subtle' : 'sand.200',
                color: action === 'closed' ? 'danger.default' : 'fg.muted',
              },
            }),
          )}
        >
          {waiting ? 'Please wait' : detailActionLabel(action, event)}
        </button>
        {canShare && (
          <button
            type="button"
            onClick={onShare}
            aria-label={`Share ${event.Name}`}
            className={cx(
              button({ variant: 'outline', size: 'lg' }),
              css({ gridArea: 'share', px: { base: '0', md: '5' }, w: { base: '12', md: 'auto' } }),
            )}
          >
            <ShareIcon />
            <span aria-hidden className={css({ display: { base: 'none', md: 'inline' } })}>
              Share
            </span>
          </button>
        )}
      </div>
    </StickyActionBar>
  )
}

function ShareIcon() {
  return (
    <LineIcon size={18} strokeWidth="1.8">
      <path d="M12 3v12M7.5 7.5L12 3l4.5 4.5M5 12v7a2 2 0 002 2h10a2 2 0 002-2v-7" />
    </LineIcon>
  )
}
