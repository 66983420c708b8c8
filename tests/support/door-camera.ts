import type { Page } from 'playwright-core'

// A phone camera for the door's scanner, as the browser gives it to the app: getUserMedia waits
// (as the browser's ask does) until the test answers for the person, then gives a video stream
// of a canvas that shows nothing until a ticket is held up to it, or refuses as 'Block' does.
// The app's own scanner (qr-scanner) reads the picture.

interface DoorCamera {
  allow(): void
  block(): void
  /** The person allows the camera again in the browser's settings: the next start asks anew. */
  ask(): void
  show(url: string): Promise<void>
  /** The guest lowers the ticket: resolves once the camera has drawn the counter three times since. */
  clear(): Promise<void>
}

/** Installs the page's camera. Call before the page loads, with the page or a path's scripts. */
export async function fakeCamera(page: Pick<Page, 'addInitScript'>): Promise<void> {
  await page.addInitScript(() => {
    const canvas = document.createElement('canvas')
    canvas.width = 640
    canvas.height = 480
    const paint = canvas.getContext('2d')
    let picture: HTMLImageElement | null = null
    const drawn: Array<() => void> = []
    const draw = () => {
      for (const next of drawn.splice(0)) next()
      if (!paint) return
      paint.fillStyle = '#d8d2c4'
      paint.fillRect(0, 0, canvas.width, canvas.height)
      if (picture) {
        const side = Math.min(canvas.height - 40, picture.height)
        paint.drawImage(picture, (canvas.width - side) / 2, (canvas.height - side) / 2, side, side)
      }
    }
    let decision: 'ask' | 'allowed' | 'blocked' = 'ask'
    const waiting: Array<{ resolve: () => void; reject: (error: Error) => void }> = []
    const settle = (allowed: boolean) => {
      decision = allowed ? 'allowed' : 'blocked'
      for (const call of waiting.splice(0)) {
        if (allowed) call.resolve()
        else call.reject(new DOMException('Permission denied', 'NotAllowedError'))
      }
    }
    const camera: DoorCamera = {
      allow: () => settle(true),
      block: () => settle(false),
      ask: () => {
        decision = 'ask'
      },
      clear: async () => {
        picture = null
        // The stream and the scanner may each still hold a frame from before: three draws later
        // neither does.
        for (let frames = 0; frames < 3; frames++) await new Promise<void>((r) => drawn.push(r))
      },
      show: (url) =>
        new Promise<void>((resolve) => {
          const image = new Image()
          image.onload = () => {
            picture = image
            resolve()
          }
          image.src = url
        }),
    }
    Object.defineProperty(window, 'doorCamera', { value: camera })
    setInterval(draw, 100)
    if (!navigator.mediaDevices) return
    navigator.mediaDevices.getUserMedia = async () => {
      if (decision === 'blocked') throw new DOMException('Permission denied', 'NotAllowedError')
      if (decision === 'ask') {
        await new Promise<void>((resolve, reject) => waiting.push({ resolve, reject }))
      }
      // A camera started anew sees nobody yet: a ticket is held up to it again.
      picture = null
      draw()
      return canvas.captureStream(10)
    }
  })
}

type WithCamera = Window & { doorCamera: DoorCamera }

/** The person allows the camera (or it has warmed up): the scanner's picture starts. */
export const allowCamera = (page: Page) =>
  page.evaluate(() => (window as unknown as WithCamera).doorCamera.allow())

/** The person taps 'Block'. */
export const blockCamera = (page: Page) =>
  page.evaluate(() => (window as unknown as WithCamera).doorCamera.block())

/** The camera asks again on its next start (the person allowed it again in the settings). */
export const askAgain = (page: Page) =>
  page.evaluate(() => (window as unknown as WithCamera).doorCamera.ask())

/**
 * The guest takes the ticket away from the page's camera, and the camera has drawn the counter
 * since: a scanner reading now reads nothing.
 */
export const takeAwayFromCamera = (page: Page) =>
  page.evaluate(() => (window as unknown as WithCamera).doorCamera.clear())

/** Holds a picture (a PNG of a ticket, say) up to the page's camera. */
export const holdUpToCamera = (page: Page, png: Buffer) =>
  page.evaluate(
    (url) => (window as unknown as WithCamera).doorCamera.show(url),
    `data:image/png;base64,${png.toString('base64')}`,
  )
