import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { css } from '../../styled-system/css'
import { BrandMark, brandStyle } from './brand'

/** The sticky header: the brand back to the calendar, and the page's own action (Menu by default). */
export function SiteHeader({ action }: { action?: ReactNode }) {
  return (
    <header
      className={css({
        position: 'sticky',
        top: '0',
        zIndex: 'sticky',
        bg: 'rgba(252, 250, 246, 0.92)',
        backdropFilter: 'saturate(1.4) blur(10px)',
        borderBottomWidth: '1px',
        borderColor: 'border',
      })}
    >
      <div
        className={css({
          maxW: '6xl',
          mx: 'auto',
          px: { base: '4', md: '8' },
          h: '14',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
        })}
      >
        <Link to="/" aria-label="Sixteen, home" className={brandStyle}>
          <BrandMark />
        </Link>
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
      </div>
    </header>
  )
}
