import { useActorRef, useSelector } from '@xstate/react'
import { useNavigate } from 'react-router-dom'
import type { ActorRefFrom } from 'xstate'
import { TOUR_STEPS, tourMachine } from '../../machines/tour/machine'
import { css, cx } from '../../styled-system/css'
import { grid } from '../../styled-system/patterns'
import { button } from '../../styled-system/recipes'
import { showLiveFlow } from '../live-flows'
import { Avatar } from '../shared/avatar'
import { card, MemberPage } from '../shared/member-page'

/** /tour: three steps over a sample profile; Finish opens the real one. */
export default function TourPage() {
  const navigate = useNavigate()
  const actorRef = useActorRef(
    tourMachine.provide({ actions: { navigateToProfile: () => navigate('/profile') } }),
    { inspect: showLiveFlow },
  )
  return <TourView actorRef={actorRef} />
}

type Step = (typeof TOUR_STEPS)[number]

const STEPS: Record<Step, { title: string; text: string; row: string }> = {
  profile: {
    title: 'Your profile',
    text: 'Your membership at a glance: when you joined, when it renews, and your details and picture.',
    row: 'Profile',
  },
  bookings: {
    title: 'Your bookings',
    text: 'Event tickets, co-working days and print studio sessions, upcoming and past, in one list.',
    row: 'Bookings',
  },
  payments: {
    title: 'Your payments',
    text: 'Every membership payment and top-up with its reference, plan, currency and channel.',
    row: 'Payments',
  },
}

const SAMPLE_ROWS = ['Profile', 'Wallet', 'Bookings', 'Payments']

export function TourView({ actorRef }: { actorRef: ActorRefFrom<typeof tourMachine> }) {
  const step = useSelector(
    actorRef,
    (s) => (TOUR_STEPS.find((name) => s.matches(name)) ?? 'payments') as Step,
  )
  const canBack = useSelector(actorRef, (s) => s.can({ type: 'tour.movedBack' }))
  const canFinish = useSelector(actorRef, (s) => s.can({ type: 'tour.finished' }))
  const index = TOUR_STEPS.indexOf(step)
  const current = STEPS[step]

  return (
    <MemberPage
      title="Welcome tour"
      kicker={`Step ${index + 1} of ${TOUR_STEPS.length}`}
      back="/menu"
    >
      <div
        className={grid({
          gap: '5',
          gridTemplateColumns: { base: '1fr', md: '1fr 1fr' },
          alignItems: 'start',
        })}
      >
        <div aria-hidden className={`${card} ${css({ p: '5', display: 'grid', gap: '4' })}`}>
          <div className={css({ display: 'flex', alignItems: 'center', gap: '3' })}>
            <Avatar name="Sample Member" size="md" dot="member" />
            <div>
              <p className={css({ fontFamily: 'display', fontSize: 'xl' })}>Sample Member</p>
              <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
                Member · renews in 6 months
              </p>
            </div>
          </div>
          <ul className={css({ listStyle: 'none', display: 'grid', gap: '2' })}>
            {SAMPLE_ROWS.map((row) => (
              <li
                key={row}
                className={cx(
                  css({
                    px: '4',
                    py: '3',
                    borderRadius: 'l2',
                    borderWidth: '2px',
                    borderColor: 'transparent',
                    bg: 'sand.100',
                    fontWeight: 'semibold',
                    transition: 'border-color 0.2s, background 0.2s',
                  }),
                  row === current.row && css({ borderColor: 'clay.600', bg: 'clay.50' }),
                )}
              >
                {row}
              </li>
            ))}
          </ul>
        </div>
        <section aria-live="polite" className={`${card} ${css({ p: '5' })}`}>
          <h2 className={css({ fontFamily: 'display', fontSize: '2xl' })}>{current.title}</h2>
          <p className={css({ color: 'fg.muted', mt: '2' })}>{current.text}</p>
          <div className={css({ display: 'flex', gap: '1.5', mt: '4' })} aria-hidden>
            {TOUR_STEPS.map((name) => (
              <span
                key={name}
                className={cx(
                  css({ h: '1.5', flex: '1', borderRadius: 'full', bg: 'sand.200' }),
                  TOUR_STEPS.indexOf(name) <= index && css({ bg: 'clay.600' }),
                )}
              />
            ))}
          </div>
          <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap', mt: '5' })}>
            {canBack && (
              <button
                type="button"
                className={button({ variant: 'outline' })}
                onClick={() => actorRef.send({ type: 'tour.movedBack' })}
              >
                Back
              </button>
            )}
            <button
              type="button"
              className={button()}
              onClick={() =>
                actorRef.send(canFinish ? { type: 'tour.finished' } : { type: 'tour.advanced' })
              }
            >
              {canFinish ? 'Finish' : 'Next'}
            </button>
            {!canFinish && (
              <button
                type="button"
                className={button({ variant: 'ghost' })}
                onClick={() => actorRef.send({ type: 'tour.skipped' })}
              >
                Skip the tour
              </button>
            )}
          </div>
        </section>
      </div>
    </MemberPage>
  )
}
