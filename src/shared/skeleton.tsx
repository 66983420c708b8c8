import { css, cx } from '../../styled-system/css'

/** The shimmering grey of a placeholder (a `span` may wear it where a `div` may not go). */
export const shimmer = css({
  bg: 'linear-gradient(90deg, token(colors.sand.100) 0px, token(colors.sand.200) 160px, token(colors.sand.100) 320px)',
  backgroundSize: '800px 100%',
  animation: 'shimmer 1.4s linear infinite',
  borderRadius: 'l2',
  '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
})

/** A grey block standing in for content that is on its way. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden className={cx(shimmer, className)} />
}
