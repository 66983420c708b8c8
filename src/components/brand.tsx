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
      <img src="/images/brand.svg" alt="" width="28" height="28" />
      {SITE.name}
    </>
  )
}
