declare global {
  interface Window {
    /** The last button tapped before the app listened, from the page's start script (server/http/spa.ts). */
    takeEarlyTap?: () => HTMLButtonElement | null
  }
}

type Field = HTMLInputElement | HTMLTextAreaElement

const isCheckable = (field: Field): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')

/** A field whose value the person changed on the server's page (React's value is still the server's). */
function changedByHand(field: Field): boolean {
  if (isCheckable(field)) {
    // Of a group of radios, the one now chosen.
    return field.checked !== field.defaultChecked && (field.type === 'checkbox' || field.checked)
  }
  if (field.type === 'file' || field.type === 'hidden') return false
  return field.value !== field.defaultValue
}

/**
 * Gives React a field's value as if the person had just typed it. The value setter React installs
 * on a field (its record of the last value it saw) is told the server's value, and the browser's
 * own setter puts back the typed one: the input event then reads as a change, and the field's
 * onChange runs. A box or a radio goes back to the server's state and is clicked, as a person
 * would.
 */
function deliver(field: Field, typed: string): void {
  if (isCheckable(field)) {
    field.checked = field.defaultChecked
    field.click()
    return
  }
  field.value = field.defaultValue
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, typed)
  field.dispatchEvent(new Event('input', { bubbles: true }))
}

/**
 * What a person did on the server's page before the app listened: text typed into its fields,
 * choices made in its boxes, and the last tap on a button (kept by the page's start script).
 * Call it just before React hydrates `root`; the function it returns gives all of it to the app
 * once the page is hydrated, as the events the app would have seen: the typing first, then the
 * tap, so a form's button sends what was typed. React keeps typed text on screen while it
 * hydrates but not in its state (the next render would put the server's value back). Selects
 * are left out: on the pages the server renders they wait for the app (their lists load with it).
 */
export function keepEarlyInput(root: HTMLElement): () => void {
  const changed = [...root.querySelectorAll<Field>('input, textarea')]
    .filter(changedByHand)
    .map((field) => ({ field, typed: field.value }))
  // From here on React listens, and takes taps itself.
  const tap = window.takeEarlyTap?.() ?? null
  return () => {
    for (const { field, typed } of changed) {
      if (!field.isConnected) continue
      // Typed on while React hydrated, the field has the latest; a render since (new props) put
      // the server's value back, the text kept here has it.
      deliver(field, field.value !== field.defaultValue ? field.value : typed)
    }
    if (tap?.isConnected) tap.click()
  }
}
