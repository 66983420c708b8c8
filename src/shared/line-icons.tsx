import type { ReactNode } from 'react'

/** A 24-unit line icon that takes the text colour; decorative, so hidden from screen readers. */
export function LineIcon({
  size = 20,
  bold = false,
  strokeWidth = bold ? '2' : '1.75',
  children,
}: {
  size?: number | string
  /** A heavier line, for small icons inside buttons. */
  bold?: boolean
  strokeWidth?: number | string
  children: ReactNode
}) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      focusable="false"
    >
      {children}
    </svg>
  )
}

export const ArrowRightIcon = ({ size }: { size?: number }) => (
  <LineIcon size={size}>
    <path d="M5 12h14M13 6l6 6-6 6" />
  </LineIcon>
)

/** Leaves the site: an arrow out of the corner. */
export const ExternalIcon = ({ size }: { size?: number }) => (
  <LineIcon size={size}>
    <path d="M7 17L17 7M9 7h8v8" />
  </LineIcon>
)

export const CloseIcon = ({ size }: { size?: number }) => (
  <LineIcon size={size}>
    <path d="M6 6l12 12M18 6L6 18" />
  </LineIcon>
)

export const MailIcon = ({ size }: { size?: number }) => (
  <LineIcon size={size}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="M3.5 6.5l8.5 6.5 8.5-6.5" />
  </LineIcon>
)

/** A speech bubble with a handset, standing in for the WhatsApp mark. */
export const ChatIcon = ({ size }: { size?: number }) => (
  <LineIcon size={size}>
    <path d="M4.5 19.5l1.2-3.6A8 8 0 1 1 8.3 18.4z" />
    <path d="M9.2 8.6c.2-.4.5-.4.8-.4h.4l.9 2-.6.8c.4.9 1.2 1.7 2.1 2.1l.8-.6 2 .9v.4c0 .3 0 .6-.4.8-.6.4-1.6.5-3-.3a8 8 0 0 1-2.8-2.8c-.8-1.4-.7-2.4-.2-2.9z" />
  </LineIcon>
)

/** An open eye; `off` strikes it through. */
export const EyeIcon = ({ off, size }: { off: boolean; size?: number }) => (
  <LineIcon size={size} bold>
    <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
    {off && <path d="M3 3l18 18" />}
  </LineIcon>
)

export const ChevronDownIcon = ({ size }: { size?: number }) => (
  <LineIcon size={size} bold>
    <path d="M6 9l6 6 6-6" />
  </LineIcon>
)
