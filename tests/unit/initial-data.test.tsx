// @vitest-environment jsdom
import { act, type ReactNode, Suspense, use } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'
import {
  type CarriedData,
  InitialData,
  InitialDataProvider,
  useCarriedAnswer,
} from '../../src/initial-data'

// React may throw a render away and do it again before anything is on the page: hydration that
// a tap interrupts starts over at once, and a part that waits for its code renders again when
// the code has come. The server's answers carried by the page must read the same the second time,
// or the browser renders a skeleton where the server's HTML has the data, and React drops the
// server's HTML (and, on the event page, the tap that opened the ticket panel).

// The act() environment flag React's test helpers expect.
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const carried: CarriedData = {
  now: null,
  answers: { '/events/risograph-workshop': { data: 'Risograph Workshop' } },
}

/** The event's title from the carried answer; `wait` holds its first render (its code loading). */
function Title({ wait }: { wait?: Promise<void> }) {
  const answer = useCarriedAnswer<{ data: string }>('/events/risograph-workshop')
  if (wait) use(wait)
  return <h1>{answer?.data ?? 'Loading…'}</h1>
}

function Page({ data, children }: { data: InitialData; children: ReactNode }) {
  return (
    <InitialDataProvider value={data}>
      <Suspense fallback={<p>Loading…</p>}>{children}</Suspense>
    </InitialDataProvider>
  )
}

const roots: { unmount: () => void }[] = []
afterEach(() => {
  for (const root of roots.splice(0)) act(() => root.unmount())
  document.body.innerHTML = ''
})

describe('the answers a page carries', () => {
  it('hydrate a part whose first render was thrown away with the server’s data, not a skeleton', async () => {
    const container = document.createElement('div')
    container.innerHTML = renderToString(
      <Page data={new InitialData(carried)}>
        <Title />
      </Page>,
    )
    document.body.append(container)
    const serverTitle = container.querySelector('h1')
    expect(serverTitle?.textContent).toBe('Risograph Workshop')

    const errors: unknown[] = []
    let codeLoaded = () => {}
    const wait = new Promise<void>((resolve) => {
      codeLoaded = resolve
    })
    const data = new InitialData(carried)
    await act(async () => {
      roots.push(
        hydrateRoot(
          container,
          <Page data={data}>
            <Title wait={wait} />
          </Page>,
          { onRecoverableError: (error) => errors.push(error) },
        ),
      )
    })
    // The first render waited, and React threw it away; the server's HTML stays on the page.
    expect(container.querySelector('h1')).toBe(serverTitle)

    await act(async () => {
      codeLoaded()
      await wait
    })
    expect(errors).toEqual([])
    // Hydrated in place: the same element, with the server's text.
    expect(container.querySelector('h1')).toBe(serverTitle)
    expect(serverTitle?.textContent).toBe('Risograph Workshop')
  })

  it('are let go once their screen is on the page: a later visit fetches fresh data', async () => {
    const data = new InitialData(carried)
    const container = document.createElement('div')
    document.body.append(container)
    const root = createRoot(container)
    roots.push(root)
    const show = (screen: ReactNode) =>
      act(async () => root.render(<Page data={data}>{screen}</Page>))
    await show(<Title />)
    expect(container.textContent).toBe('Risograph Workshop')

    // The person leaves the screen and comes back.
    await show(null)
    await show(<Title />)
    expect(container.textContent).toBe('Loading…')
  })
})
