import type { MouseEventHandler } from 'react'
import { Link } from 'react-router-dom'
import { css } from '../../styled-system/css'
import type { SystemStyleObject } from '../../styled-system/types'

const backLink = css.raw({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1.5',
  h: '9',
  pl: '2',
  pr: '3',
  borderRadius: 'full',
  fontSize: 'sm',
  fontWeight: 'semibold',
  color: 'fg.default',
  _hover: { bg: 'muted' },
})

/**
 * 'Back' with a chevron, as a round link. `css` adds to its style (the place it sits in decides
 * its size and tone); `onClick` may turn it into a step back in the history.
 */
export function BackLink({
  to,
  onClick,
  iconSize = 16,
  css: extra,
}: {
  to: string
  onClick?: MouseEventHandler<HTMLAnchorElement>
  iconSize?: number
  css?: SystemStyleObject
}) {
  return (
    <Link to={to} onClick={onClick} className={css(backLink, extra)}>
      <svg width={iconSize} height={iconSize} viewBox="0 0 24 24" fill="none" aria-hidden>
        <path
          d="M15 18l-6-6 6-6"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      Back
    </Link>
  )
}
