import type { Locator, Page } from 'playwright-core'

// What a person on a narrow phone meets when long text (a Nigerian name, a long e-mail address)
// does not fit: the page scrolls sideways, or a text is cut by its box or by the screen's edge.

/**
 * The layout problems of the page as it is shown, one line each, naming the element by its tag
 * and its text: the document wider than the window; text wider than its own box or an enclosing
 * one that clips it (overflow hidden or clip, an ellipsis included: the whole text must be one
 * tap away, not cut); text running past the window's edge (where the body hides the overflow, so
 * the page does not scroll); a panel wider than itself, which slides sideways. Text may sit
 * beyond an edge only in a box that scrolls sideways (a carousel) or moves (a marquee); text for
 * screen readers only is not looked at.
 */
export function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = []
    const width = document.documentElement.clientWidth
    const scrollWidth = document.documentElement.scrollWidth
    if (scrollWidth > width) {
      problems.push(`the page scrolls sideways: ${scrollWidth} px wide in a ${width} px window`)
    }
    // A panel scrolls down only: one wider than itself slides sideways when something in it is
    // focused or scrolled into view.
    for (const dialog of document.querySelectorAll('[role="dialog"], [role="alertdialog"]')) {
      if (dialog.scrollWidth > dialog.clientWidth + 1) {
        const title = dialog.getAttribute('aria-label') ?? dialog.querySelector('h2')?.textContent
        problems.push(
          `the panel "${title ?? ''}" scrolls sideways: ${dialog.scrollWidth} px wide in ${dialog.clientWidth} px`,
        )
      }
    }
    const name = (element: Element) => {
      const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim()
      return `<${element.tagName.toLowerCase()}> "${text.length > 50 ? `${text.slice(0, 50)}…` : text}"`
    }
    const ownsText = (element: Element) =>
      [...element.childNodes].some(
        (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '',
      )
    const clips = (element: Element) => {
      const overflowX = getComputedStyle(element).overflowX
      return overflowX === 'hidden' || overflowX === 'clip'
    }
    const onPurpose = (element: Element) =>
      ['auto', 'scroll'].includes(getComputedStyle(element).overflowX) ||
      element.getAnimations().some((animation) => animation.playState === 'running')

    for (const element of document.body.querySelectorAll('*')) {
      if (!ownsText(element) || !element.checkVisibility({ visibilityProperty: true })) continue
      const box = element.getBoundingClientRect()
      // Text for screen readers only sits in a 1 px box on purpose.
      if (box.width <= 1) continue
      if (clips(element) && element.scrollWidth > element.clientWidth + 1) {
        problems.push(
          `${name(element)} is cut: its text is ${element.scrollWidth} px in a ${element.clientWidth} px box`,
        )
        continue
      }
      let cutBy: Element | null = null
      let free = false
      for (let at = element.parentElement; at && at !== document.body; at = at.parentElement) {
        if (onPurpose(at)) {
          free = true
          break
        }
        const outer = at.getBoundingClientRect()
        if (clips(at) && (box.right > outer.right + 1 || box.left < outer.left - 1)) {
          cutBy = at
          break
        }
      }
      if (cutBy) {
        problems.push(`${name(element)} is cut by its <${cutBy.tagName.toLowerCase()}> box`)
      } else if (!free && (box.right > width + 1 || box.left < -1)) {
        problems.push(
          `${name(element)} runs past the screen's edge (${Math.round(box.left)} to ${Math.round(box.right)} px of ${width})`,
        )
      }
    }
    return problems
  })
}

/**
 * What the element `over` covers: each visible text, or the site header, whose box
 * meets the element's box (its own contents and the boxes around it aside), named by its tag and
 * text. Empty when it covers nothing.
 */
export function coveredBy(over: Locator): Promise<string[]> {
  return over.evaluate((over) => {
    const a = over.getBoundingClientRect()
    const meets = (b: DOMRect) =>
      a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1
    const ownsText = (element: Element) =>
      [...element.childNodes].some(
        (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '',
      )
    const covered: string[] = []
    for (const element of document.body.querySelectorAll('*')) {
      if (over.contains(element) || element.contains(over)) continue
      if (!element.checkVisibility({ visibilityProperty: true })) continue
      if (!ownsText(element) && element.tagName !== 'HEADER') continue
      const box = element.getBoundingClientRect()
      if (box.width <= 1 || !meets(box)) continue
      const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 50)
      covered.push(`<${element.tagName.toLowerCase()}> "${text}"`)
    }
    return covered
  })
}

/** The phone widths the layout is held to: the narrowest in use, a common Android, an iPhone. */
export const PHONE_WIDTHS = [320, 360, 390] as const

/**
 * `layoutProblems` of the page as it is, at each phone width (each line prefixed by its width),
 * the window then put back to the size it had. The page is not reloaded: the state on screen is
 * the one looked at.
 */
export async function layoutProblemsOnPhones(page: Page): Promise<string[]> {
  const size = page.viewportSize()
  const problems: string[] = []
  try {
    for (const width of PHONE_WIDTHS) {
      await page.setViewportSize({ width, height: 844 })
      // The new width laid out and painted before it is looked at.
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
      )
      for (const problem of await layoutProblems(page)) problems.push(`at ${width} px: ${problem}`)
    }
  } finally {
    if (size) await page.setViewportSize(size)
  }
  return problems
}
