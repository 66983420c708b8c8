import { useEffect, useRef } from 'react'
import { css } from '../../styled-system/css'

/**
 * The phone's back camera, reading QR codes while `on`: the browser's own BarcodeDetector where
 * it has one, else qr-scanner's decoder in a worker (both through `qr-scanner`, loaded with the
 * first scan). It says when the picture runs, when the camera is refused or missing, when the
 * scanner's code could not come (no connection), and every code it reads (several times a second
 * while a code is in view: the flow decides what counts).
 */
export function DoorCamera({
  on,
  onReady,
  onRefused,
  onUnloaded,
  onCode,
}: {
  on: boolean
  onReady: () => void
  onRefused: () => void
  onUnloaded: () => void
  onCode: (code: string) => void
}) {
  const video = useRef<HTMLVideoElement>(null)
  // The latest callbacks, so a render does not restart the camera.
  const handlers = useRef({ onReady, onRefused, onUnloaded, onCode })
  handlers.current = { onReady, onRefused, onUnloaded, onCode }

  useEffect(() => {
    if (!on) return
    let current = true
    let stop = () => {}
    import('qr-scanner').then(
      async ({ default: QrScanner }) => {
        if (!current || !video.current) return
        const scanner = new QrScanner(
          video.current,
          (result) => handlers.current.onCode(result.data),
          { returnDetailedScanResult: true, preferredCamera: 'environment', maxScansPerSecond: 5 },
        )
        // The stream ends at once (qr-scanner's own stop keeps it 300 ms, and a camera opened again
        // within them would show that dead stream).
        stop = () => {
          void scanner.pause(true)
          scanner.destroy()
        }
        try {
          await scanner.start()
          if (current) handlers.current.onReady()
        } catch (error) {
          // The decoder's worker is code of its own: a failed fetch of it is a TypeError, where
          // a camera refused or missing is a DOMException or qr-scanner's sentence.
          if (current) {
            if (error instanceof TypeError) handlers.current.onUnloaded()
            else handlers.current.onRefused()
          }
        }
      },
      () => current && handlers.current.onUnloaded(),
    )
    return () => {
      current = false
      stop()
    }
  }, [on])

  return (
    <video
      ref={video}
      aria-label="Camera"
      muted
      playsInline
      hidden={!on}
      className={css({
        w: 'full',
        aspectRatio: '16 / 11',
        objectFit: 'cover',
        borderRadius: 'l3',
        bg: 'ink.900',
      })}
    />
  )
}
