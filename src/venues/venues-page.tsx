import { useActorRef, useSelector } from '@xstate/react'
import { memo, type ReactNode, Suspense, useEffect, useState } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import type { ActorRefFrom } from 'xstate'
import { profileActors } from '../../machines/profile/actors'
import { profileMachine } from '../../machines/profile/machine'
import { offersCoworking } from '../../machines/rules/spaces'
import { venuesActors } from '../../machines/venues/actors'
import { venuesMachine } from '../../machines/venues/machine'
import type { components } from '../../openapi/client'
import { css } from '../../styled-system/css'
import { flex } from '../../styled-system/patterns'
import { button } from '../../styled-system/recipes'
import { api, viewer } from '../api'
import { useCarriedAnswer } from '../initial-data'
import { showLiveFlow } from '../live-flows'
import { BrandMark, brandStyle } from '../shared/brand'
import { ContactPanel } from '../shared/contact-panel'
import { hydratesLater } from '../shared/hydrates-later'
import { CloseIcon } from '../shared/line-icons'
import { useViewer } from '../shared/use-viewer'
import { SITE } from '../site'
import { storage, takeBrokenLogin } from '../storage'
import { MemberMenuCard } from './member-menu'
import { MenuLink, MenuLinkSkeleton } from './menu-link'

type Space = components['schemas']['Space']

/**
 * /menu: the visitor menu (rendered on the server too), or, once the browser knows a user is
 * stored, the member menu over the same links. The page owns the venues actor, which decides the
 * two booking links; the member part reads the app's viewer.
 */
export default function MenuPage() {
  const spaces = useCarriedAnswer<{ data: Space[] }>('/schedules')?.data
  const studioItems = useCarriedAnswer<{ data: Space[] }>('/schedules/print-studio')?.data
  // The machine reads its input once, as it starts.
  const venues = spaces && studioItems ? { spaces, studioItems } : null
  const actorRef = useActorRef(
    venuesMachine.provide({
      actors: venuesActors(api),
      actions: { logError: (_, { error }) => console.error('Could not load the venues', error) },
    }),
    { input: { venues }, inspect: showLiveFlow },
  )
  const { signedIn } = useViewer()
  const navigate = useNavigate()

  // A user id without a token (or the reverse) is broken storage: cleared, and off to log in.
  useEffect(() => {
    if (takeBrokenLogin()) navigate('/login', { replace: true })
  }, [navigate])

  // A dead token (the profile answered 401): the viewer cleared the login and says so: log in.
  useEffect(() => {
    const lost = viewer.on('viewer.loginLost', () => navigate('/login', { replace: true }))
    return () => lost.unsubscribe()
  }, [navigate])

  const logOut = () => {
    storage.clearSession()
    viewer.send({ type: 'viewer.signedOut' })
  }

  return (
    <MenuView
      actorRef={actorRef}
      signedIn={signedIn}
      member={signedIn ? <MemberCard /> : null}
      onLogOut={signedIn ? logOut : undefined}
    />
  )
}

/**
 * The member card with the person's community read alongside (its status counts over the
 * account's, and its creator gets a star). A dead token is the viewer's business here: it sends
 * the person to /login, so this actor's own 401 says nothing.
 */
function MemberCard() {
  const actorRef = useActorRef(
    profileMachine.provide({
      actors: profileActors(api),
      actions: { logError: (_, { error }) => console.warn('Could not read the community', error) },
    }),
    { inspect: showLiveFlow },
  )
  const community = useSelector(actorRef, (s) => s.context.profile?.community ?? null)
  return <MemberMenuCard community={community} />
}

const list = css({
  listStyle: 'none',
  '& > li + li': { borderTopWidth: '1px', borderColor: 'border' },
  '& > li': { animation: 'fadeIn 0.35s ease-out both' },
  '@media (prefers-reduced-motion: reduce)': { '& > li': { animation: 'none' } },
})

export function MenuView({
  actorRef,
  signedIn,
  member = null,
  onLogOut,
}: {
  actorRef: ActorRefFrom<typeof venuesMachine>
  signedIn: boolean
  /** The member's avatar, name, role and banner, above the links (signed-in people only). */
  member?: ReactNode
  /** Shows 'Log out' at the end of the links. */
  onLogOut?: () => void
}) {
  const loading = useSelector(actorRef, (s) => s.hasTag('busy'))
  const failed = useSelector(actorRef, (s) => s.hasTag('error'))
  const canRetry = useSelector(actorRef, (s) => s.can({ type: 'venues.retried' }))
  const coworking = useSelector(actorRef, (s) => offersCoworking(s.context.spaces))
  const printStudio = useSelector(actorRef, (s) => offersCoworking(s.context.studioItems))
  const [contactOpen, setContactOpen] = useState(false)
  const navigate = useNavigate()

  // A full-screen menu closes with Escape, like the panel above it.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented && !contactOpen) navigate('/')
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [contactOpen, navigate])

  return (
    <div
      className={css({
        minH: '100dvh',
        bg: 'canvas',
        display: 'grid',
        gridTemplateColumns: { base: '1fr', lg: 'minmax(0, 7fr) minmax(0, 5fr)' },
      })}
    >
      <title>Menu · Sixteen</title>
      <div
        className={flex({
          direction: 'column',
          minH: '100dvh',
          px: { base: '5', md: '10', xl: '16' },
          pb: 'max(token(spacing.6), env(safe-area-inset-bottom))',
        })}
      >
        <header
          className={flex({
            align: 'center',
            justify: 'space-between',
            h: { base: '16', md: '20' },
            gap: '3',
          })}
        >
          <span className={brandStyle}>
            <BrandMark />
          </span>
          <div className={css({ display: 'flex', alignItems: 'center', gap: '2' })}>
            {!signedIn && (
              <Link to="/login" className={button({ variant: 'outline', size: 'lg' })}>
                Login
              </Link>
            )}
            <Link
              to="/"
              aria-label="Home"
              title="Close the menu"
              className={css({
                display: 'inline-flex',
                alignItems: 'center',
                justifyContent: 'center',
                gap: '2',
                h: '12',
                minW: '12',
                px: { base: '0', md: '5' },
                borderRadius: 'full',
                bg: 'ink.900',
                color: 'sand.50',
                fontWeight: 'semibold',
                fontSize: 'md',
                transition: 'background 0.15s',
                _hover: { bg: 'ink.700' },
                focusOutline: 'outside',
              })}
            >
              <span aria-hidden className={css({ display: { base: 'none', md: 'inline' } })}>
                Home
              </span>
              <CloseIcon />
            </Link>
          </div>
        </header>

        <nav
          aria-label="Menu"
          className={flex({ direction: 'column', flex: '1', pt: { base: '4', md: '2' }, pb: '6' })}
        >
          {member}
          <p
            className={css({
              textStyle: 'eyebrow',
              mb: { base: '2', md: '3' },
              mt: member ? '4' : '0',
            })}
          >
            Victoria Island, Lagos
          </p>
          <ul className={list} aria-busy={loading}>
            <li>
              <MenuLink
                to="/"
                state={{ scroll: 'oneScreen' }}
                label="Calendar"
                hint="Events and gatherings"
              />
            </li>
            <LaterVenueLinks loading={loading} coworking={coworking} printStudio={printStudio} />
            {failed && (
              <li>
                <p
                  role="status"
                  className={flex({
                    align: 'center',
                    wrap: 'wrap',
                    columnGap: '2',
                    py: '1',
                    textStyle: 'note',
                  })}
                >
                  Some links could not load.
                  <button
                    type="button"
                    disabled={!canRetry}
                    onClick={() => actorRef.send({ type: 'venues.retried' })}
                    className={css({
                      minH: '11',
                      px: '2',
                      mx: '-2',
                      textStyle: 'link',
                      color: 'accent.default',
                      cursor: 'pointer',
                      borderRadius: 'l1',
                      _hover: { color: 'accent.emphasized' },
                      focusOutline: 'flush',
                    })}
                  >
                    Retry
                  </button>
                </p>
              </li>
            )}
            <LaterLinks onContact={setContactOpen} />
            {onLogOut && (
              <li>
                <MenuLink onClick={onLogOut} label="Log out" hint="Sign out on this device" />
              </li>
            )}
          </ul>
        </nav>

        <LaterFooter />
      </div>

      <LaterMenuImage />
      <LaterContactPanel open={contactOpen} onOpenChange={setContactOpen} />
    </div>
  )
}

// The parts of the menu below are Suspense boundaries: the server's HTML of each hydrates after
// the menu's shell (the header with its Login and Home links, the first link), each in a slice
// of its own, and at once where a tap lands. Memo: the re-render that follows hydration (the
// viewer becomes the browser's) leaves a boundary be when its props are the same, instead of
// hydrating it there and then. The member card renders after hydration, above them.

/** The booking links the venues decide, or their skeletons while they load. */
const LaterVenueLinks = memo(function LaterVenueLinks({
  loading,
  coworking,
  printStudio,
}: {
  loading: boolean
  coworking: boolean
  printStudio: boolean
}) {
  return (
    <Suspense>
      {loading && (
        <>
          <li aria-hidden>
            <MenuLinkSkeleton />
          </li>
          <li aria-hidden>
            <MenuLinkSkeleton />
          </li>
        </>
      )}
      {coworking && (
        <li>
          <MenuLink to="/co-working" label="Book a spot" hint="Work and play, Tuesday to Sunday" />
        </li>
      )}
      {printStudio && (
        <li>
          <MenuLink to="/print-studio" label="Print Studio" hint="Risograph, linocut and paper" />
        </li>
      )}
    </Suspense>
  )
})

/** The links every menu has below the booking links. */
const LaterLinks = memo(function LaterLinks({ onContact }: { onContact: (open: boolean) => void }) {
  return (
    <Suspense>
      <li>
        <MenuLink to="/about" label="About" hint="The house and the family" />
      </li>
      <li>
        <MenuLink to="/membership" label={SITE.programme} hint="Our paid members programme" />
      </li>
      <li>
        <MenuLink href={SITE.reservationsUrl} label="Reservations" hint="Rooms at the hotel" />
      </li>
      <li>
        <MenuLink
          onClick={() => onContact(true)}
          haspopup="dialog"
          label="Contact us"
          hint="WhatsApp or e-mail"
        />
      </li>
    </Suspense>
  )
})

/** Phones and tablets: the hotel's name and e-mail below the links. */
const LaterFooter = memo(function LaterFooter() {
  return (
    <Suspense>
      <footer
        className={flex({
          wrap: 'wrap',
          justify: 'space-between',
          display: { base: 'flex', lg: 'none' },
          gap: '2',
          pt: '4',
          fontSize: 'xs',
          color: 'fg.subtle',
        })}
      >
        <span>{SITE.name} · a boutique hotel and creative space</span>
        <span>{SITE.supportEmail}</span>
      </footer>
    </Suspense>
  )
})

const LaterMenuImage = hydratesLater(MenuImage)

const LaterContactPanel = hydratesLater(ContactPanel)

/** Wide screens only: a warm picture of the house with the tagline. */
function MenuImage() {
  return (
    <aside
      aria-hidden
      className={css({
        display: { base: 'none', lg: 'block' },
        position: 'sticky',
        top: '0',
        h: '100dvh',
        // The same margin on the right as the menu's on the left: the picture is framed, not
        // pushed against the window's edge.
        py: '4',
        pl: '0',
        pr: { lg: '10', xl: '16' },
      })}
    >
      <div
        className={css({
          position: 'relative',
          h: 'full',
          borderRadius: 'l3',
          overflow: 'hidden',
          bg: 'ink.900',
        })}
      >
        <img
          src="/images/landing.svg"
          alt=""
          width={1200}
          height={900}
          className={css({
            position: 'absolute',
            inset: '0',
            layerStyle: 'cover',
            objectPosition: '62% center',
          })}
        />
        <div
          className={css({
            position: 'absolute',
            inset: '0',
            bgGradient: 'to-t',
            gradientFrom: 'rgba(26,23,19,0.9)',
            gradientVia: 'rgba(26,23,19,0.3)',
            gradientTo: 'transparent',
          })}
        />
        <div
          className={css({
            position: 'absolute',
            insetX: '0',
            bottom: '0',
            p: '10',
            color: 'sand.50',
          })}
        >
          <p className={css({ textStyle: 'eyebrow', color: 'clay.200', mb: '3' })}>
            {SITE.name}, Lagos
          </p>
          <p
            className={css({
              fontFamily: 'display',
              fontSize: '3xl',
              lineHeight: '1.15',
              textWrap: 'balance',
            })}
          >
            {SITE.tagline}
          </p>
        </div>
      </div>
    </aside>
  )
}
