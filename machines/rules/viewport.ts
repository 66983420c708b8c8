/** How far down a card's bottom must still be for the card to count as the one in view (spec). */
export const IN_VIEW_BOTTOM_PX = 400

/** Where the landing's down-chevron scrolls to (spec). */
export const LANDING_SCROLL_TARGET_PX = 660

/** The spec's in-view rule: the top is above the window's bottom and the bottom more than 400 px down. */
export function isInView(rect: { top: number; bottom: number }, windowHeight: number): boolean {
  return rect.top < windowHeight && rect.bottom > IN_VIEW_BOTTOM_PX
}

/** Index of the first item in view, or -1. */
export function firstInView(
  rects: { top: number; bottom: number }[],
  windowHeight: number,
): number {
  return rects.findIndex((rect) => isInView(rect, windowHeight))
}
