import { css } from '../../styled-system/css'

/**
 * A member's whole name (on two lines if it must: it is the member's own), with the star of a
 * community's creator. The menu's card keeps the star from shrinking beside a long name.
 */
export function MemberName({
  name,
  creator,
  keepStar = false,
}: {
  name: string
  creator: boolean
  keepStar?: boolean
}) {
  return (
    <>
      <span className={css({ minW: '0', overflowWrap: 'anywhere' })}>{name}</span>
      {creator && (
        <span
          role="img"
          aria-label="Community creator"
          title="Community creator"
          className={
            keepStar
              ? css({ color: 'sun.600', fontSize: 'xl', flexShrink: 0 })
              : css({ color: 'sun.600', fontSize: 'xl' })
          }
        >
          ★
        </span>
      )}
    </>
  )
}
