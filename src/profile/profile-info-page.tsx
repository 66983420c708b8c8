import { useSelector } from '@xstate/react'
import { Link } from 'react-router-dom'
import type { ActorRefFrom } from 'xstate'
import { profileActors } from '../../machines/profile/actors'
import { type Account, profileMachine } from '../../machines/profile/machine'
import {
  firstOf,
  membershipStatus,
  profileDate,
  roleLine,
  statusDot,
} from '../../machines/rules/profile'
import { css, cx } from '../../styled-system/css'
import { button } from '../../styled-system/recipes'
import { api } from '../api'
import { useLoadStates, useMemberFlow } from '../member-flow'
import { Avatar } from '../shared/avatar'
import { ChatIcon } from '../shared/line-icons'
import { card, LoadStatus, MemberPage } from '../shared/member-page'
import { whatsappLink } from '../site'

/** /profile/info: the person's details, read-only; changes go by WhatsApp or the edit page. */
export default function ProfileInfoPage() {
  const actorRef = useMemberFlow(profileMachine, profileActors(api), 'Could not load the profile')
  return <ProfileInfoView actorRef={actorRef} />
}

/** The details shown, in order, with how each is read from the account. */
const DETAILS: { label: string; value: (account: Account) => string }[] = [
  { label: 'First name', value: (a) => firstOf(a['First Name']) },
  { label: 'Last name', value: (a) => firstOf(a['Last Name']) },
  { label: 'Email', value: (a) => a['Email Address'] },
  { label: 'Phone', value: (a) => firstOf(a['Phone Number']) },
  { label: 'Pronouns', value: (a) => firstOf(a.Pronouns) },
  {
    label: 'Date of birth',
    value: (a) => (firstOf(a['Date of Birth']) ? profileDate(firstOf(a['Date of Birth'])) : ''),
  },
  { label: 'Occupation', value: (a) => firstOf(a.Occupation) },
  { label: 'Company', value: (a) => firstOf(a['Company Name']) },
  { label: 'Nationality', value: (a) => firstOf(a.Nationality) },
  { label: 'Country', value: (a) => firstOf(a.Country) },
  { label: 'Address', value: (a) => firstOf(a.Address) },
  { label: 'Social link', value: (a) => firstOf(a['Social Link']) },
  { label: 'Emergency contact', value: (a) => firstOf(a['Emergency Contact Name']) },
  { label: 'Relationship', value: (a) => firstOf(a.Relationship) },
]

export function ProfileInfoView({ actorRef }: { actorRef: ActorRefFrom<typeof profileMachine> }) {
  const load = useLoadStates(actorRef)
  const profile = useSelector(actorRef, (s) => s.context.profile)

  return (
    <MemberPage title="Profile details" back="/profile">
      <LoadStatus
        {...load}
        what="your details"
        rows={5}
        onRetry={() => actorRef.send({ type: 'profile.retried' })}
      />
      {profile && (
        <div className={css({ display: 'grid', gap: '5' })}>
          <section className={css({ display: 'flex', alignItems: 'center', gap: '4' })}>
            <Avatar
              name={profile.account.Name}
              picture={profile.account.Picture}
              dot={statusDot(
                profile.account.Role,
                membershipStatus(profile.account, profile.community),
              )}
            />
            <div className={css({ minW: '0' })}>
              <p className={css({ textStyle: 'display.name', overflowWrap: 'anywhere' })}>
                {profile.account.Name}
              </p>
              <p className={css({ color: 'fg.muted', fontSize: 'sm', mt: '1' })}>
                {roleLine(
                  profile.account.Role,
                  membershipStatus(profile.account, profile.community),
                )}
              </p>
            </div>
          </section>
          <dl
            className={`${card} ${css({
              display: 'grid',
              gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
              px: { base: '4', md: '5' },
              py: '2',
              columnGap: '6',
            })}`}
          >
            {DETAILS.map(({ label, value }) => {
              const text = value(profile.account)
              return (
                <div key={label} className={css({ layerStyle: 'divided', py: '3', minW: '0' })}>
                  <dt className={css({ textStyle: 'smallCaps' })}>{label}</dt>
                  <dd
                    className={css({
                      mt: '1',
                      overflowWrap: 'anywhere',
                      color: text ? 'fg.default' : 'fg.subtle',
                    })}
                  >
                    {text || 'Not given'}
                  </dd>
                </div>
              )
            })}
          </dl>
          <div
            className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center' })}
          >
            <a
              href={whatsappLink(
                `Hello Sixteen, I would like to edit my profile details. My e-mail is ${profile.account['Email Address']}.`,
              )}
              target="_blank"
              rel="noreferrer"
              className={button({ size: 'lg' })}
            >
              <ChatIcon size={18} />
              Edit Profile
              <span className={css({ srOnly: true })}> on WhatsApp (opens in a new tab)</span>
            </a>
            <Link
              to="/profile/edit"
              className={cx(
                button({ variant: 'outline', size: 'lg' }),
                // Two lines on the narrowest phones rather than past the screen's edge.
                css({ whiteSpace: 'normal', h: 'auto', minH: '12', py: '2', textAlign: 'center' }),
              )}
            >
              Edit name, phone and picture
            </Link>
          </div>
          <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
            Edit Profile opens a WhatsApp chat with the front desk, for any detail. Your name, phone
            and picture you can change yourself.
          </p>
        </div>
      )}
    </MemberPage>
  )
}
