import { describe, expect, it } from 'vitest'
import { firstInView, isInView } from '../../../machines/rules/viewport'

describe('the event in view', () => {
  it('is in view when its top is above the window bottom and its bottom more than 400 px down', () => {
    expect(isInView({ top: 100, bottom: 700 }, 800)).toBe(true)
  })
  it('is not in view once its bottom is 400 px from the top or higher', () => {
    expect(isInView({ top: -300, bottom: 400 }, 800)).toBe(false)
  })
  it('is not in view while its top is still below the window', () => {
    expect(isInView({ top: 800, bottom: 1400 }, 800)).toBe(false)
  })
  it('picks the first card in view while scrolling', () => {
    const cards = [
      { top: -900, bottom: -100 },
      { top: -100, bottom: 500 },
      { top: 540, bottom: 1140 },
    ]
    expect(firstInView(cards, 800)).toBe(1)
    expect(firstInView([{ top: 900, bottom: 1500 }], 800)).toBe(-1)
  })
})
