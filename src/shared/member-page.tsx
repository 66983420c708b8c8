import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { css, cx } from '../../styled-system/css'
import { flex, grid } from '../../styled-system/patterns'
import { column } from '../../styled-system/recipes'
import type { LoadStates } from '../member-flow'
import { BackLink } from './back-link'
import { ArrowRightIcon } from './line-icons'
import { RetryButton } from './retry-button'
import { SiteHeader } from './site-header'
import { Skeleton } from './skeleton'

/**
 * A page of the member area: the header with its way back, the small 'Your profile' line, the
 * title and a lead sentence over a readable column.
 */
export function MemberPage({
  title,
  lead,
  back = '/menu',
  kicker = 'Your profile',
  width = '2xl',
  roomForBar = true,
  children,
}: {
  title: string
  lead?: ReactNode
  back?: string
  kicker?: string
  width?: '2xl' | '4xl'
  /** Space under the content for a StickyActionBar fixed to the bottom of phones. */
  roomForBar?: boolean
  children: ReactNode
}) {
  return (
    <div className={css({ minH: '100dvh', bg: 'canvas' })}>
      <title>{`${title} · Sixteen`}</title>
      <SiteHeader
        back={
          <BackLink
            to={back}
            iconSize={18}
            css={{
              justifySelf: 'start',
              h: '11',
              pl: '3',
              focusOutline: 'flush',
            }}
          />
        }
      />
      <main
        className={cx(
          column({ width }),
          css({ pt: { base: '6', md: '12' } }),
          roomForBar ? css({ pb: '28' }) : css({ pb: '16' }),
        )}
      >
        <p className={css({ textStyle: 'eyebrow' })}>{kicker}</p>
        <h1 className={css({ textStyle: 'display.page', mt: '1' })}>{title}</h1>
        {lead && (
          <p className={css({ color: 'fg.muted', mt: '2', mb: { base: '6', md: '8' } })}>{lead}</p>
        )}
        {!lead && <div className={css({ h: { base: '6', md: '8' } })} />}
        {children}
      </main>
    </div>
  )
}

/** A whole-section message: could not load (with Try again), or the session has expired. */
export function LoadNotice({
  kind,
  what,
  onRetry,
}: {
  kind: 'failed' | 'expired'
  /** What could not load: 'your profile', 'your payments'. */
  what: string
  onRetry?: () => void
}) {
  const failed = kind === 'failed'
  return (
    <NoticeCard
      role={failed ? 'alert' : 'status'}
      title={failed ? `We couldn't load ${what}` : 'Your login session has expired'}
      text={failed ? 'Check your connection, then try again.' : 'Taking you to log in again.'}
    >
      {failed && onRetry && (
        <div className={css({ mt: '2' })}>
          <RetryButton onRetry={onRetry} />
        </div>
      )}
    </NoticeCard>
  )
}

/** A centred card standing for a section it cannot show: a bold line, a muted line, a way on. */
export function NoticeCard({
  role,
  title,
  text,
  children,
}: {
  role: 'alert' | 'status'
  title: string
  text: string
  children?: ReactNode
}) {
  return (
    <div
      role={role}
      className={grid({
        layerStyle: 'card',
        px: '5',
        py: '6',
        textAlign: 'center',
        justifyItems: 'center',
        gap: '2',
      })}
    >
      <p className={css({ fontWeight: 'semibold', fontSize: 'lg' })}>{title}</p>
      <p className={css({ color: 'fg.muted', fontSize: 'sm', maxW: '22rem' })}>{text}</p>
      {children}
    </div>
  )
}

/**
 * What stands in for a member page's content until it is there: grey rows (or the page's own
 * `skeleton`) while it loads, 'could not load' with Try again, or 'session expired'.
 */
export function LoadStatus({
  loading,
  failed,
  expired,
  what,
  rows = 3,
  skeleton,
  onRetry,
}: LoadStates & {
  /** What is loading: 'your profile', 'your payments'. */
  what: string
  rows?: number
  skeleton?: ReactNode
  onRetry: () => void
}) {
  return (
    <>
      {loading && (skeleton ?? <RowsSkeleton count={rows} label={`Loading ${what}`} />)}
      {failed && <LoadNotice kind="failed" what={what} onRetry={onRetry} />}
      {expired && <LoadNotice kind="expired" what={what} />}
    </>
  )
}

/** Grey rows standing in for a list or a card while it loads. */
export function RowsSkeleton({ count, label }: { count: number; label: string }) {
  return (
    <div role="status" aria-label={label} className={css({ display: 'grid', gap: '3' })}>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={i} className={css({ h: '16', w: 'full' })} />
      ))}
    </div>
  )
}

/** The card look of the member area: white, a sand border, rounded. */
export const card = css({ layerStyle: 'card' })

/**
 * A row inside a card (a list's rows, a card's header): the card's side padding and a line under
 * every row but the last.
 */
export const cardRow = css({
  layerStyle: 'divided',
  _last: { borderBottomWidth: '0' },
  px: { base: '4', md: '5' },
})

/** One row of the profile's links: a title, a muted line, an optional mark, an arrow. */
export function ProfileLink({
  to,
  label,
  hint,
  mark,
}: {
  to: string
  label: string
  hint: string
  mark?: ReactNode
}) {
  return (
    <Link
      to={to}
      className={flex({
        align: 'center',
        gap: '4',
        px: { base: '4', md: '5' },
        py: '4',
        minH: '16',
        color: 'fg.default',
        transition: 'background 0.15s',
        _hover: { bg: 'sand.100' },
        focusOutline: 'inside',
      })}
    >
      <span className={css({ flex: '1', minW: '0' })}>
        <span
          className={flex({ align: 'center', gap: '2', fontWeight: 'semibold', fontSize: 'md' })}
        >
          {label}
          {mark}
        </span>
        <span className={css({ display: 'block', fontSize: 'sm', color: 'fg.muted', mt: '0.5' })}>
          {hint}
        </span>
      </span>
      <span aria-hidden className={css({ color: 'ink.500' })}>
        <ArrowRightIcon />
      </span>
    </Link>
  )
}
