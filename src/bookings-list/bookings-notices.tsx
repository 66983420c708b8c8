import { Link } from 'react-router-dom'
import { css } from '../../styled-system/css'
import { flex } from '../../styled-system/patterns'
import { button } from '../../styled-system/recipes'
import { RetryButton } from '../shared/retry-button'
import { Skeleton } from '../shared/skeleton'

// What the bookings lists show in place of rows: placeholders while they load, a notice when
// they could not, and the way to a first booking when there is none.

const boxed = css.raw({
  bg: 'surface',
  borderWidth: '1px',
  borderColor: 'border',
  borderRadius: 'l3',
})

/** Grey rows shaped like booking rows (a date stub, two lines) while the list loads. */
export function BookingRowsSkeleton({ count, label }: { count: number; label: string }) {
  return (
    <div role="status" className={css({ display: 'grid', gap: '3' })}>
      <span className={css({ srOnly: true })}>{label}</span>
      {Array.from({ length: count }, (_, i) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          key={i}
          aria-hidden
          className={css(boxed, {
            display: 'flex',
            alignItems: 'center',
            gap: '4',
            p: { base: '3', md: '4' },
          })}
        >
          <Skeleton className={css({ w: { base: '14', md: '16' }, h: { base: '14', md: '16' } })} />
          <div className={css({ flex: '1', display: 'grid', gap: '2' })}>
            <Skeleton className={css({ h: '5', w: '60%' })} />
            <Skeleton className={css({ h: '4', w: '85%' })} />
          </div>
        </div>
      ))}
    </div>
  )
}

/** A load that went wrong, in place of the list; with `onRetry`, a way to try again. */
export function BookingsNotice({
  title,
  text,
  onRetry,
}: {
  title: string
  text: string
  onRetry?: () => void
}) {
  return (
    <div role="alert" className={css(boxed, { p: { base: '5', md: '6' }, textAlign: 'center' })}>
      <p className={css({ fontWeight: 'semibold', fontSize: 'lg' })}>{title}</p>
      <p className={css({ color: 'fg.muted', mt: '1', mb: onRetry ? '4' : '0' })}>{text}</p>
      {onRetry && <RetryButton className={button({ size: 'md' })} onRetry={onRetry} />}
    </div>
  )
}

/** No upcoming booking: the three ways to make one. */
export function EmptyBookings() {
  return (
    <div
      className={css(boxed, {
        p: { base: '6', md: '8' },
        borderStyle: 'dashed',
        borderColor: 'sand.300',
        textAlign: 'center',
      })}
    >
      <p className={css({ fontFamily: 'display', fontSize: '2xl' })}>No upcoming bookings</p>
      <p className={css({ color: 'fg.muted', mt: '2', maxW: '26rem', mx: 'auto' })}>
        When you get a ticket, book a co-working day or a print studio session, it shows up here.
      </p>
      <div className={flex({ wrap: 'wrap', justify: 'center', gap: '3', mt: '6' })}>
        <Link to="/" className={button({ size: 'md' })}>
          See what's on
        </Link>
        <Link to="/co-working" className={button({ variant: 'outline', size: 'md' })}>
          Book a spot
        </Link>
        <Link to="/print-studio" className={button({ variant: 'outline', size: 'md' })}>
          Print Studio
        </Link>
      </div>
    </div>
  )
}
