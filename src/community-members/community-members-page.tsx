import { useSelector } from '@xstate/react'
import { useState } from 'react'
import { Link } from 'react-router-dom'
import type { ActorRefFrom } from 'xstate'
import { communityMembersActors } from '../../machines/community-members/actors'
import { communityMembersMachine } from '../../machines/community-members/machine'
import { draftErrorOf, isDraftListed } from '../../machines/community-members/selectors'
import { roster } from '../../machines/rules/community-members'
import { isCreator } from '../../machines/rules/profile'
import { css, cx } from '../../styled-system/css'
import { flex, grid } from '../../styled-system/patterns'
import { badge, button, disc } from '../../styled-system/recipes'
import { api } from '../api'
import { useMemberFlow } from '../member-flow'
import { Address } from '../shared/address'
import { Banner } from '../shared/banner'
import { EmailField } from '../shared/email-field'
import { card, cardRow, LoadStatus, MemberPage } from '../shared/member-page'
import { FormPanel, Panel } from '../shared/panel'
import { storage } from '../storage'

/** /profile/community: the creator's community, its members and pending members. */
export default function ProfileCommunityPage() {
  const [email] = useState(() => storage.get('userEmail'))
  const actorRef = useMemberFlow(
    communityMembersMachine,
    communityMembersActors(api),
    'Community call failed',
    { level: 'error', input: { email } },
  )
  return <CommunityView actorRef={actorRef} />
}

export function CommunityView({
  actorRef,
}: {
  actorRef: ActorRefFrom<typeof communityMembersMachine>
}) {
  const loading = useSelector(actorRef, (s) => s.matches('loading'))
  const failed = useSelector(actorRef, (s) => s.matches('failed'))
  const expired = useSelector(actorRef, (s) => s.matches('sessionExpired'))
  const none = useSelector(actorRef, (s) => s.matches('none'))
  const added = useSelector(actorRef, (s) => s.matches('added'))
  const removed = useSelector(actorRef, (s) => s.matches('removed'))
  const community = useSelector(actorRef, (s) => s.context.community)
  const viewer = useSelector(actorRef, (s) => s.context.viewer)
  const error = useSelector(actorRef, (s) => s.context.error)
  const canAddMember = useSelector(actorRef, (s) => s.can({ type: 'member.addOpened' }))
  const idle = useSelector(actorRef, (s) => s.matches({ ready: 'idle' }))
  const managing = community !== null && isCreator(community, viewer)
  const entries = community ? roster(community) : []
  const size = community?.['Number of Members'] ?? 0
  const left = Math.max(0, size - entries.length)

  return (
    <MemberPage
      title="Community"
      back="/profile"
      lead={
        community ? (
          <>
            <strong className={css({ color: 'fg.default' })}>{community.Name}</strong> ·{' '}
            {entries.length} of {size} places taken
          </>
        ) : (
          'The people in your community.'
        )
      }
    >
      {added && <Banner tone="success">Member added successfully</Banner>}
      {removed && <Banner tone="success">Member removed successfully</Banner>}
      <section
        aria-label="Members"
        aria-busy={loading}
        // One column no wider than the screen: a long address wraps in its row instead.
        className={css({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: '4' })}
      >
        <LoadStatus
          // Reloading after a change keeps the list in place.
          loading={loading && !community}
          failed={failed}
          expired={expired}
          what="your community"
          rows={4}
          onRetry={() => actorRef.send({ type: 'community.retried' })}
        />
        {none && (
          <div
            className={cx(
              card,
              grid({ px: '5', py: '8', textAlign: 'center', gap: '2', justifyItems: 'center' }),
            )}
          >
            <p className={css({ fontWeight: 'semibold', fontSize: 'lg' })}>No community yet</p>
            <p className={css({ color: 'fg.muted', fontSize: 'sm', maxW: '24rem' })}>
              Bring your collective, studio or team into Friends of 16 with one membership.
            </p>
            <Link
              to="/membership/community-application"
              className={button({ size: 'md', variant: 'outline' })}
            >
              Apply as a community
            </Link>
          </div>
        )}
        {error && idle && <Banner tone="danger">{error}</Banner>}
        {community && (
          <>
            {canAddMember && (
              <button
                type="button"
                aria-haspopup="dialog"
                onClick={() => actorRef.send({ type: 'member.addOpened' })}
                className={cx(
                  card,
                  flex({
                    align: 'center',
                    gap: '3',
                    w: 'full',
                    px: { base: '4', md: '5' },
                    py: '4',
                    textAlign: 'left',
                    cursor: 'pointer',
                    borderStyle: 'dashed',
                    borderColor: 'sand.400',
                    _hover: { bg: 'sand.100' },
                    focusOutline: 'flush',
                  }),
                )}
              >
                <span
                  aria-hidden
                  className={cx(
                    disc({ size: '10' }),
                    css({ bg: 'accent.default', color: 'white', fontSize: 'xl', lineHeight: '1' }),
                  )}
                >
                  +
                </span>
                <span className={css({ flex: '1' })}>
                  <span className={css({ display: 'block', fontWeight: 'semibold' })}>
                    Add member
                  </span>
                  <span className={css({ display: 'block', fontSize: 'sm', color: 'fg.muted' })}>
                    {left === 1 ? '1 place left' : `${left} places left`}
                  </span>
                </span>
              </button>
            )}
            {managing && !canAddMember && left === 0 && (
              <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
                Every place is taken. Remove someone to invite another person, or{' '}
                <Link
                  to="/profile/edit-community"
                  className={css({ color: 'accent.default', fontWeight: 'semibold' })}
                >
                  change your community's size
                </Link>
                .
              </p>
            )}
            <ul aria-label="Members" className={cx(card, css({ listStyle: 'none' }))}>
              {entries.map((entry) => (
                <li
                  key={entry.email}
                  className={cx(
                    cardRow,
                    flex({ align: 'center', gap: '3', py: '3.5', minH: '16' }),
                  )}
                >
                  <span
                    aria-hidden
                    className={cx(
                      disc({ size: '10' }),
                      css({
                        flexShrink: '0',
                        bg: entry.status === 'Active' ? 'clay.100' : 'sand.100',
                        color: entry.status === 'Active' ? 'clay.700' : 'fg.muted',
                        fontWeight: 'semibold',
                        textTransform: 'uppercase',
                      }),
                    )}
                  >
                    {entry.email.slice(0, 1)}
                  </span>
                  <div className={css({ flex: '1', minW: '0' })}>
                    <p
                      className={flex({
                        align: 'center',
                        gap: '1.5',
                        fontWeight: 'semibold',
                        minW: '0',
                      })}
                    >
                      {/* The whole address, wrapped where it must: it is who the member is. */}
                      <Address email={entry.email} className={css({ minW: '0' })} />
                      {entry.creator && (
                        <span
                          title="Creator"
                          className={css({ color: 'sun.600', flexShrink: '0' })}
                        >
                          <span aria-hidden>★</span>
                          <span className={css({ srOnly: true })}>(creator)</span>
                        </span>
                      )}
                    </p>
                    <span
                      className={cx(
                        badge({ tone: entry.status === 'Active' ? 'free' : 'neutral' }),
                        css({ mt: '1' }),
                      )}
                    >
                      {entry.status}
                    </span>
                  </div>
                  {managing && !entry.creator && (
                    <button
                      type="button"
                      aria-haspopup="dialog"
                      disabled={!idle}
                      onClick={() =>
                        actorRef.send({ type: 'member.removeAsked', email: entry.email })
                      }
                      className={css({
                        flexShrink: '0',
                        px: '2',
                        h: '10',
                        fontSize: 'sm',
                        fontWeight: 'semibold',
                        color: 'berry.600',
                        cursor: 'pointer',
                        borderRadius: 'l2',
                        _hover: { textDecoration: 'underline' },
                        _disabled: { opacity: 0.5, cursor: 'not-allowed' },
                        focusOutline: 'flush',
                      })}
                    >
                      Remove<span className={css({ srOnly: true })}> {entry.email}</span>
                    </button>
                  )}
                </li>
              ))}
            </ul>
            {!managing && (
              <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
                Only the community's creator can add or remove members.
              </p>
            )}
          </>
        )}
      </section>
      <AddMemberPanel actorRef={actorRef} />
      <RemovePanel actorRef={actorRef} />
    </MemberPage>
  )
}

function AddMemberPanel({ actorRef }: { actorRef: ActorRefFrom<typeof communityMembersMachine> }) {
  const open = useSelector(
    actorRef,
    (s) => s.matches({ ready: 'adding' }) || s.matches({ ready: 'inviting' }),
  )
  const busy = useSelector(actorRef, (s) => s.matches({ ready: 'inviting' }))
  const draft = useSelector(actorRef, (s) => s.context.draft)
  const error = useSelector(actorRef, (s) => s.context.error)
  const canAdd = useSelector(actorRef, (s) => s.can({ type: 'member.addSubmitted' }))
  const listed = useSelector(actorRef, (s) => isDraftListed(s.context))
  const draftMessage = useSelector(actorRef, (s) => draftErrorOf(s.context))
  return (
    <FormPanel
      open={open}
      busy={busy}
      canSubmit={canAdd}
      submitLabel="Add"
      onSubmit={() => actorRef.send({ type: 'member.addSubmitted' })}
      onClose={() => actorRef.send({ type: 'member.addCancelled' })}
      title="Add new member"
      description="We'll e-mail them an invitation to join your community."
      error={error}
    >
      <EmailField
        value={draft}
        error={draftMessage}
        disabled={busy}
        onChange={(email) => actorRef.send({ type: 'member.emailChanged', email })}
      />
      {listed && (
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          This person is already in your community.
        </p>
      )}
    </FormPanel>
  )
}

function RemovePanel({ actorRef }: { actorRef: ActorRefFrom<typeof communityMembersMachine> }) {
  const open = useSelector(
    actorRef,
    (s) => s.matches({ ready: 'confirming' }) || s.matches({ ready: 'removing' }),
  )
  const busy = useSelector(actorRef, (s) => s.matches({ ready: 'removing' }))
  const target = useSelector(actorRef, (s) => s.context.target)
  return (
    <Panel
      open={open}
      onOpenChange={(next) => {
        if (!next && !busy) actorRef.send({ type: 'member.removeCancelled' })
      }}
      title="Are you sure?"
      description={
        <>
          <Address email={target ?? ''} className={css({ fontWeight: 'bold' })} /> will be removed
          from your community and lose their member benefits.
        </>
      }
      footer={
        <div
          className={css({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '3', w: 'full' })}
        >
          <button
            type="button"
            disabled={busy}
            onClick={() => actorRef.send({ type: 'member.removeCancelled' })}
            className={button({ size: 'lg', variant: 'outline' })}
          >
            No
          </button>
          <button
            type="button"
            disabled={busy}
            aria-busy={busy}
            onClick={() => actorRef.send({ type: 'member.removeConfirmed' })}
            className={button({ size: 'lg', variant: 'danger' })}
          >
            {busy ? 'Please wait' : 'Yes'}
          </button>
        </div>
      }
    />
  )
}
