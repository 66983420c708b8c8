import type { Page } from 'playwright-core'

// A phone camera for the door's scanner, as the browser gives it to the app: getUserMedia answers
// a video stream (of a canvas) that shows nothing until a ticket is held up to it, or refuses as a
// person who taps 'Block' makes it. The app's own scanner (qr-scanner) reads the picture.

/**
 * The page's camera: a blank picture, or refused. Call before the page loads, with the page or
 * (in a path replay) the path's own `addInitScript`.
 */
export async function fakeCamera(
  page: Pick<Page, 'addInitScript'>,
  { refused = false } = {},
): Promise<void> {
  await page.addInitScript((refuse) => {
    const canvas = document.createElement('canvas')
    canvas.width = 640
    canvas.height = 480
    const paint = canvas.getContext('2d')
    let picture: HTMLImageElement | null = null
    const draw = () => {
      if (!paint) return
      paint.fillStyle = '#d8d2c4'
      paint.fillRect(0, 0, canvas.width, canvas.height)
      if (picture) {
        const side = Math.min(canvas.height - 40, picture.height)
        paint.drawImage(picture, (canvas.width - side) / 2, (canvas.height - side) / 2, side, side)
      }
    }
    setInterval(draw, 100)
    Object.defineProperty(window, 'holdUpToCamera', {
      value: (url: string) =>
        new Promise<void>((resolve) => {
          const image = new Image()
          image.onload = () => {
            picture = image
            resolve()
          }
          image.src = url
        }),
    })
    if (!navigator.mediaDevices) return
    // A moment, as a phone's camera takes to start (and a person to answer the browser's ask).
    navigator.mediaDevices.getUserMedia = async () => {
      await new Promise((resolve) => setTimeout(resolve, 800))
      if (refuse) throw new DOMException('Permission denied', 'NotAllowedError')
      draw()
      return canvas.captureStream(10)
    }
  }, refused)
}

/** Holds a picture (a PNG of a ticket, say) up to the page's fake camera. */
export async function holdUpToCamera(page: Page, png: Buffer): Promise<void> {
  const url = `data:image/png;base64,${png.toString('base64')}`
  await page.evaluate(
    (src) =>
      (window as unknown as { holdUpToCamera(src: string): Promise<void> }).holdUpToCamera(src),
    url,
  )
}
