import { useEffect, useState } from 'react'
import { formatTicketCode } from '../../machines/rules/ticket-code'
import { css } from '../../styled-system/css'

/** Modules of blank border around the code, as the QR standard asks, so phones find it. */
const QUIET = 4

interface Drawing {
  size: number
  path: string
}

/**
 * A booking's ticket: its code as a QR code (drawn as one SVG path, sharp at any size and in
 * print), with the code in text beneath for the door to type when a camera cannot read it. The
 * `qrcode` package loads with the first ticket shown, never on the calendar's first load.
 */
export function TicketQr({ code, label = 'Your ticket' }: { code: string; label?: string }) {
  const [drawing, setDrawing] = useState<Drawing | null>(null)
  useEffect(() => {
    let current = true
    import('qrcode').then(({ create }) => {
      const { modules } = create(code, { errorCorrectionLevel: 'M' })
      if (current) setDrawing({ size: modules.size, path: pathOf(modules) })
    })
    return () => {
      current = false
    }
  }, [code])
  const side = (drawing?.size ?? 25) + 2 * QUIET
  return (
    <figure
      className={css({
        display: 'grid',
        justifyItems: 'center',
        gap: '2',
        p: '4',
        borderRadius: 'l3',
        bg: 'white',
        borderWidth: '1px',
        borderColor: 'sand.300',
        w: 'fit-content',
        maxW: 'full',
      })}
    >
      <svg
        role="img"
        aria-label={`${label}: QR code`}
        viewBox={`0 0 ${side} ${side}`}
        shapeRendering="crispEdges"
        className={css({ w: '44', h: '44', display: 'block' })}
      >
        <rect width={side} height={side} fill="#fff" />
        {drawing && <path d={drawing.path} fill="#1a1713" />}
      </svg>
      <figcaption
        className={css({
          fontFamily: 'mono',
          fontSize: 'sm',
          letterSpacing: 'wide',
          color: 'ink.600',
          overflowWrap: 'anywhere',
          textAlign: 'center',
          maxW: '44',
        })}
      >
        {formatTicketCode(code)}
      </figcaption>
    </figure>
  )
}

/** One square per dark module, offset by the quiet zone. */
function pathOf(modules: { size: number; get(row: number, col: number): number }): string {
  let path = ''
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) path += `M${col + QUIET} ${row + QUIET}h1v1h-1z`
    }
  }
  return path
}

/** The dashed line a booking tears along: between its code, its details and its cancellation. */
export const tearLine = css({
  borderTopWidth: '1px',
  borderStyle: 'dashed',
  borderColor: 'sand.300',
})

/** A booking's ticket as the door scans it, with the line that tells the guest so. */
export function DoorTicket({
  code,
  event,
  className,
}: {
  code: string
  /** What the ticket is for: 'Ticket for {event}'. */
  event: string
  className: string
}) {
  return (
    <div className={className}>
      <TicketQr code={code} label={`Ticket for ${event}`} />
      <p className={css({ textStyle: 'note', textAlign: 'center' })}>Show this at the door.</p>
    </div>
  )
}
