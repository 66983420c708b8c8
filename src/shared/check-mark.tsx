import { LineIcon } from './line-icons'

/** The tick of a success message (the banner's and the overlay's); decorative. */
export function CheckMark({ size, strokeWidth }: { size: number; strokeWidth: number }) {
  return (
    <LineIcon size={size} strokeWidth={strokeWidth}>
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </LineIcon>
  )
}
