import { useActorRef, useSelector } from '@xstate/react'
import { useId } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import type { ActorRefFrom } from 'xstate'
import { communitySizeActors } from '../../machines/community-size/actors'
import { communitySizeMachine } from '../../machines/community-size/machine'
import { COMMUNITY_SIZES, communityPlan } from '../../machines/rules/membership'
import { formatDollars, formatNaira } from '../../machines/rules/money'
import { periodLabel } from '../../machines/rules/public-membership'
import { css } from '../../styled-system/css'
import { flex } from '../../styled-system/patterns'
import { button } from '../../styled-system/recipes'
import { api } from '../api'
import { showLiveFlow } from '../live-flows'
import { memberFlowEffects, useLoadStates } from '../member-flow'
import { onSubmitted } from '../shared/form-fields'
import { card, LoadStatus, MemberPage } from '../shared/member-page'
import { SITE } from '../site'

/** /profile/edit-community: the creator picks the community's size before paying. */
export default function EditCommunityPage() {
  const navigate = useNavigate()
  const actorRef = useActorRef(
    communitySizeMachine.provide({
      actors: communitySizeActors(api),
      actions: {
        navigateToPayment: (_, { size }) => {
          const plan = size === null ? null : communityPlan(size)
          navigate(plan ? `/profile/payment?plan=${plan.id}` : '/profile/payment')
        },
        navigateToMenu: () => navigate('/menu', { replace: true }),
        ...memberFlowEffects('Community size'),
      },
    }),
    { inspect: showLiveFlow },
  )
  return <EditCommunityView actorRef={actorRef} />
}

export function EditCommunityView({
  actorRef,
}: {
  actorRef: ActorRefFrom<typeof communitySizeMachine>
}) {
  const id = useId()
  const load = useLoadStates(actorRef)
  // After saving, the page stays grey while it goes back to the profile.
  const leaving = useSelector(actorRef, (s) => s.matches('leaving'))
  const none = useSelector(actorRef, (s) => s.matches('noCommunity'))
  const choosing = useSelector(actorRef, (s) => s.matches('choosing') || s.matches('saving'))
  const saving = useSelector(actorRef, (s) => s.hasTag('saving'))
  const canSave = useSelector(actorRef, (s) => s.can({ type: 'size.saved' }))
  const { size, error, profile } = useSelector(actorRef, (s) => s.context)
  const current = profile?.community?.['Number of Members'] ?? null

  return (
    <MemberPage
      title="Community size"
      back="/profile"
      kicker={profile?.community?.Name ?? 'Your community'}
    >
      <LoadStatus
        {...load}
        loading={load.loading || leaving}
        what="your community"
        onRetry={() => actorRef.send({ type: 'community.retried' })}
      />
      {none && (
        <div
          className={`${card} ${css({ p: '6', display: 'grid', gap: '3', justifyItems: 'start' })}`}
        >
          <p className={css({ fontWeight: 'semibold', fontSize: 'lg' })}>
            You have no community yet
          </p>
          <p className={css({ color: 'fg.muted' })}>
            Apply as a community first; once it is approved you choose its size here.
          </p>
          <Link to="/membership/community-application" className={button({ size: 'lg' })}>
            Apply as a community
          </Link>
        </div>
      )}
      {choosing && (
        <form onSubmit={onSubmitted(() => actorRef.send({ type: 'size.saved' }))}>
          <fieldset className={css({ border: 'none', p: '0', m: '0', minW: '0' })}>
            <legend className={css({ color: 'fg.muted', mb: '4' })}>
              How many people will your community have? The price covers every member.
            </legend>
            <div
              role="radiogroup"
              aria-label="Community size"
              className={css({ display: 'grid', gap: '3' })}
            >
              {COMMUNITY_SIZES.map((members) => {
                const plan = communityPlan(members)
                if (!plan) return null
                const checked = size === members
                return (
                  <label
                    key={members}
                    htmlFor={`${id}-${members}`}
                    className={css({
                      display: 'flex',
                      alignItems: 'center',
                      gap: '4',
                      p: '4',
                      bg: 'surface',
                      borderWidth: '2px',
                      borderColor: checked ? 'clay.600' : 'border',
                      borderRadius: 'l3',
                      cursor: 'pointer',
                      _hover: { borderColor: checked ? 'clay.600' : 'sand.400' },
                      '&:has(input:focus-visible)': {
                        outline: '2px solid',
                        outlineColor: 'accent.default',
                        outlineOffset: '2px',
                      },
                    })}
                  >
                    <input
                      id={`${id}-${members}`}
                      type="radio"
                      name="size"
                      value={members}
                      checked={checked}
                      disabled={saving}
                      onChange={() => actorRef.send({ type: 'size.chosen', size: members })}
                      className={css({ accentColor: 'clay.600', w: '5', h: '5', flexShrink: 0 })}
                    />
                    <span className={css({ flex: '1', minW: '0' })}>
                      <span
                        className={css({
                          display: 'block',
                          fontWeight: 'semibold',
                          fontSize: 'lg',
                        })}
                      >
                        {members} members
                        {current === members && (
                          <span className={css({ fontWeight: 'normal', textStyle: 'note' })}>
                            {' '}
                            · current
                          </span>
                        )}
                      </span>
                      <span
                        className={css({ display: 'block', fontSize: 'sm', color: 'fg.muted' })}
                      >
                        {periodLabel(plan.period)}
                      </span>
                    </span>
                    <span className={css({ textAlign: 'right' })}>
                      <span
                        className={css({
                          display: 'block',
                          fontFamily: 'display',
                          fontSize: '2xl',
                        })}
                      >
                        {formatDollars(plan.amountDollar)}
                      </span>
                      <span
                        className={css({ display: 'block', fontSize: 'sm', color: 'fg.muted' })}
                      >
                        {formatNaira(plan.amountNaira)}
                      </span>
                    </span>
                  </label>
                )
              })}
            </div>
          </fieldset>
          <p className={css({ fontSize: 'sm', color: 'fg.muted', mt: '3' })}>
            More than 8 people? Write to {SITE.supportEmail} for a customised application.
          </p>
          {error && (
            <p
              role="alert"
              className={css({ color: 'danger.default', fontWeight: 'medium', mt: '3' })}
            >
              {error}
            </p>
          )}
          <div className={flex({ wrap: 'wrap', align: 'center', gap: '3', mt: '6' })}>
            <button
              type="submit"
              className={button({ size: 'lg' })}
              disabled={!canSave}
              aria-busy={saving}
            >
              {saving ? 'Please wait' : 'Save'}
            </button>
            <button
              type="button"
              className={button({ size: 'lg', variant: 'outline' })}
              onClick={() => actorRef.send({ type: 'size.cancelled' })}
            >
              Cancel
            </button>
            <button
              type="button"
              className={button({ size: 'lg', variant: 'ghost' })}
              onClick={() => actorRef.send({ type: 'size.closed' })}
            >
              Close
            </button>
            {!canSave && !saving && (
              <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>
                Choose a size to save it.
              </span>
            )}
          </div>
        </form>
      )}
    </MemberPage>
  )
}
