import { css } from '../../styled-system/css'
import { SITE } from '../site'

export const brandStyle = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  fontFamily: 'display',
  fontSize: 'xl',
  fontWeight: 'semibold',
  color: 'fg.default',
  textDecoration: 'none',
})

/** The mark and the name, as every header shows them. */
export function BrandMark() {
  return (
    <>
      {/* Drawn in the page, not an <img>: an SVG image is a document of its own, parsed and laid
          out on the main thread before the first paint of every page (about 40 ms on a phone). */}
      <svg viewBox="0 0 64 64" width="28" height="28" aria-hidden="true" focusable="false">
        <g fill="none" stroke="#c0602d" strokeWidth="4.5">
          <circle cx="32" cy="32" r="29.5" strokeWidth="3" />
          <path d="M18.5 21.5l6.5-4.5v29.5" strokeLinejoin="round" />
          <path d="M19 46.5h12" strokeWidth="3" />
          <circle cx="40.5" cy="38" r="8.25" />
          <path d="M32.25 38c0-12 5.5-19 13.75-21" />
        </g>
      </svg>
      {SITE.name}
    </>
  )
}
