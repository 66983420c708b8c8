import { type ReactNode, useId } from 'react'
import { Link } from 'react-router-dom'
import { css, cx } from '../../styled-system/css'
import { flex } from '../../styled-system/patterns'
import { ArrowRightIcon, ExternalIcon } from '../shared/line-icons'
import { Skeleton } from '../shared/skeleton'

/** A large, tall screen: room for the biggest type without scrolling. */
const tall = '@media (min-width: 1280px) and (min-height: 960px)'

/** One row of the full-screen menu: a large display title, a muted sub-line, an arrow. */
const row = flex({
  align: 'center',
  justify: 'space-between',
  gap: '4',
  w: 'full',
  minH: '12',
  py: { base: '4', md: '3' },
  color: 'fg.default',
  textAlign: 'left',
  textDecoration: 'none',
  cursor: 'pointer',
  borderRadius: 'l1',
  outline: 'none',
  focusOutline: 'wide',
})

const title = css({
  display: 'block',
  fontFamily: 'display',
  fontSize: { base: '3xl', md: '4xl' },
  lineHeight: '1.05',
  [tall]: { fontSize: '5xl' },
  letterSpacing: '-0.01em',
  transition: 'color 0.2s',
  _groupHover: { color: 'clay.700' },
  _groupFocusVisible: { color: 'clay.700' },
})

const subLine = css({ display: 'block', mt: '1.5', textStyle: 'note', [tall]: { fontSize: 'md' } })

const arrow = css({
  flexShrink: 0,
  display: 'grid',
  placeItems: 'center',
  w: '11',
  h: '11',
  borderRadius: 'full',
  borderWidth: '1px',
  borderColor: 'border',
  color: 'ink.700',
  transition: 'background 0.2s, color 0.2s, border-color 0.2s, transform 0.2s',
  _groupHover: {
    bg: 'clay.600',
    borderColor: 'clay.600',
    color: 'white',
    transform: 'translateX(2px)',
  },
  _groupFocusVisible: { bg: 'clay.600', borderColor: 'clay.600', color: 'white' },
  '@media (prefers-reduced-motion: reduce)': {
    transition: 'none',
    _groupHover: { transform: 'none' },
  },
})

type Target =
  | { to: string; state?: unknown }
  | { href: string }
  | { onClick: () => void; haspopup?: 'dialog' }

/**
 * A menu row as an in-app link (`to`), an outside link (`href`, new tab) or a button
 * (`onClick`). The title is the accessible name; the sub-line describes it.
 */
export function MenuLink({ label, hint, ...target }: { label: string; hint: ReactNode } & Target) {
  const labelId = useId()
  const hintId = useId()
  const body = (icon: ReactNode, extra?: ReactNode) => (
    <>
      <span>
        <span id={labelId} className={title}>
          {label}
        </span>
        <span id={hintId} className={subLine}>
          {hint}
          {extra}
        </span>
      </span>
      <span className={arrow}>{icon}</span>
    </>
  )
  const className = cx('group', row)

  if ('to' in target) {
    return (
      <Link
        to={target.to}
        state={target.state}
        className={className}
        aria-labelledby={labelId}
        aria-describedby={hintId}
      >
        {body(<ArrowRightIcon />)}
      </Link>
    )
  }
  if ('href' in target) {
    return (
      <a
        href={target.href}
        target="_blank"
        rel="noreferrer"
        className={className}
        aria-labelledby={labelId}
        aria-describedby={hintId}
      >
        {body(
          <ExternalIcon />,
          <span className={css({ srOnly: true })}> (opens in a new tab)</span>,
        )}
      </a>
    )
  }
  return (
    <button
      type="button"
      onClick={target.onClick}
      aria-haspopup={target.haspopup}
      className={className}
      aria-labelledby={labelId}
      aria-describedby={hintId}
    >
      {body(<ArrowRightIcon />)}
    </button>
  )
}

/** A row-sized placeholder, so the list keeps its height while links are on their way. */
export function MenuLinkSkeleton() {
  return (
    <div className={flex({ align: 'center', py: { base: '4', md: '3' }, gap: '4' })}>
      <div className={css({ flex: '1' })}>
        <Skeleton
          className={css({
            h: { base: '8', md: '38px' },
            w: { base: '60%', md: '45%' },
            [tall]: { h: '50px' },
          })}
        />
        <Skeleton
          className={css({ h: '4', w: { base: '45%', md: '30%' }, mt: '2.5', [tall]: { h: '5' } })}
        />
      </div>
      <Skeleton className={css({ w: '11', h: '11', borderRadius: 'full', flexShrink: 0 })} />
    </div>
  )
}
