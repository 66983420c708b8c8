import type { Locator } from 'playwright-core'

/**
 * Waits until `button` is on (or off) as the state says, failing with what a person would notice.
 * A step is checked as soon as its call's answer reaches the page, while React may still be
 * rendering it: the state the check reads is right, the page a moment behind.
 */
export async function enabledAs(button: Locator, enabled: boolean, name: string, timeout = 5000) {
  await button.waitFor({ timeout })
  const until = Date.now() + timeout
  while ((await button.isEnabled()) !== enabled) {
    if (Date.now() > until) throw new Error(`'${name}' should be ${enabled ? 'on' : 'off'}`)
    await button.page().waitForTimeout(50)
  }
}
