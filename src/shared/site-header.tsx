import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { css } from '../../styled-system/css'
import { BrandMark, brandStyle } from './brand'

// Written out whole, not merged from a shared part: the build turns them into class names
// (panda-static-classes.ts), and Panda's runtime stays off the first load.
const row = css({
  maxW: '6xl',
  mx: 'auto',
  h: '14',
  alignItems: 'center',
  px: { base: '4', md: '8' },
  display: 'flex',
  justifyContent: 'space-between',
})
// The way back on the left, the brand in the middle, an empty right column to centre it.
const backRow = css({
  maxW: '6xl',
  mx: 'auto',
  h: '14',
  alignItems: 'center',
  px: { base: '2', md: '6' },
  display: 'grid',
  gridTemplateColumns: '1fr auto 1fr',
})

/**
 * The sticky header: the brand back to the calendar, and the page's own action (Menu by
 * default). A page that is a step away from the menu passes `back` instead: the way back on the
 * left, the brand in the middle.
 */
export function SiteHeader({ action, back }: { action?: ReactNode; back?: ReactNode }) {
  const home = (
    <Link to="/" aria-label="Sixteen, home" className={brandStyle}>
      <BrandMark />
    </Link>
  )
  return (
    <header
      className={css({
        position: 'sticky',
        top: '0',
        zIndex: 'sticky',
        bg: 'rgba(252, 250, 246, 0.92)',
        backdropFilter: 'saturate(1.4) blur(10px)',
        layerStyle: 'divided',
      })}
    >
      <div className={back ? backRow : row}>
        {back ? (
          <>
            {back}
            {home}
            <span />
          </>
        ) : (
          <>
            {home}
            {action ?? (
              <Link
                to="/menu"
                className={css({
                  fontWeight: 'semibold',
                  fontSize: 'sm',
                  letterSpacing: 'wide',
                  textTransform: 'uppercase',
                  color: 'fg.default',
                  px: '3',
                  py: '2',
                  borderRadius: 'full',
                  _hover: { bg: 'muted' },
                })}
              >
                Menu
              </Link>
            )}
          </>
        )}
      </div>
    </header>
  )
}
