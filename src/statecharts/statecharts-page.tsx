import { useEffect, useMemo, useRef, useState } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import type { AnyStateMachine } from 'xstate'
import { flowMachines } from '../../machines/flows'
import { css, cx } from '../../styled-system/css'
import { flex, grid } from '../../styled-system/patterns'
import { badge, button } from '../../styled-system/recipes'
import { BrandMark, brandStyle } from '../shared/brand'
import { cardRow } from '../shared/member-page'
import { ChartDrawing } from './chart-drawing'
import { activePaths, type Chart, chartOf, statesOf } from './graph'
import { type ChartLayout, layOut, type Measure } from './layout'
import { describeValue, type LiveState, useLiveStates } from './live'
import { statelyFile } from './stately'

/** 'bookingsList' → 'Bookings list'. */
const flowTitle = (id: string) => {
  if (id === 'rsvp') return 'RSVP'
  const words = id.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** The browser's own text widths, in the drawing's font, so labels fit their boxes. */
function browserMeasure(): Measure {
  const context = document.createElement('canvas').getContext('2d')
  const family = getComputedStyle(document.body).fontFamily
  return (text, fontSize) => {
    if (!context) return text.length * fontSize * 0.56
    context.font = `600 ${fontSize}px ${family}`
    return context.measureText(text).width
  }
}

/** Every flow's layout, drawn one after the other (ELK is loaded with the first). */
function useLayouts(charts: Chart[]) {
  const [layouts, setLayouts] = useState<ReadonlyMap<string, ChartLayout>>(new Map())
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    let stopped = false
    const draw = async () => {
      const { default: ELK } = await import('elkjs/lib/elk.bundled.js')
      const engine = new ELK()
      const measure = browserMeasure()
      for (const chart of charts) {
        const layout = await layOut(chart, engine, measure)
        if (stopped) return
        setLayouts((current) => new Map(current).set(chart.id, layout))
      }
    }
    draw().catch((error: unknown) => {
      console.error('Could not lay the statecharts out', error)
      setFailed(true)
    })
    return () => {
      stopped = true
    }
  }, [charts])
  return { layouts, failed }
}

/** How much wider than the page a drawing may be and still be shrunk to fit by default. */
const FIT_AT_MOST = 1.25

const statelyHref = (machine: AnyStateMachine) =>
  `data:application/json;charset=utf-8,${encodeURIComponent(statelyFile(machine))}`

function FlowSection({
  machine,
  chart,
  layout,
  live,
}: {
  machine: AnyStateMachine
  chart: Chart
  layout: ChartLayout | undefined
  live: LiveState | undefined | null
}) {
  const frame = useRef<HTMLElement>(null)
  const [chosenFit, setFit] = useState<boolean | null>(null)
  // Unless the person chose: a drawing a little wider than the page is shrunk to fit (its text
  // stays readable); a much wider one keeps its size and scrolls.
  const fit =
    chosenFit ??
    (layout !== undefined && layout.width <= (frame.current?.clientWidth ?? 0) * FIT_AT_MOST)
  const active = useMemo(() => new Set(live ? ['', ...activePaths(live.value)] : []), [live])
  const states = statesOf(chart).length - 1
  return (
    <section
      id={chart.id}
      aria-labelledby={`${chart.id}-title`}
      data-flow={chart.id}
      className={css({
        bg: 'surface',
        borderWidth: '1px',
        borderColor: live ? 'clay.300' : 'border',
        borderRadius: 'l3',
        overflow: 'hidden',
        scrollMarginTop: '4',
      })}
    >
      <header className={cx(cardRow, flex({ wrap: 'wrap', align: 'center', gap: '3', py: '3' }))}>
        <div className={css({ flex: '1', minW: '48' })}>
          <h2 id={`${chart.id}-title`} className={css({ fontFamily: 'display', fontSize: 'xl' })}>
            {flowTitle(chart.id)}
          </h2>
          <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
            <code>{chart.id}</code> · {states} states · {chart.transitions.length} transitions
          </p>
        </div>
        {live && (
          <output
            aria-label={`${flowTitle(chart.id)} is in`}
            className={cx(badge({ tone: 'paid' }), css({ textTransform: 'none' }))}
          >
            Now: {describeValue(live.value)}
          </output>
        )}
        <button
          type="button"
          className={button({ variant: 'ghost', size: 'sm' })}
          onClick={() => setFit(!fit)}
          aria-pressed={fit}
        >
          {fit ? 'Actual size' : 'Fit to width'}
        </button>
        <a
          href={statelyHref(machine)}
          download={`${chart.id}.json`}
          className={button({ variant: 'outline', size: 'sm' })}
        >
          Download for Stately
        </a>
      </header>
      {/* A drawing wider than the screen scrolls sideways: the frame takes focus so the keys
          scroll it too. */}
      <section
        ref={frame}
        aria-label={`Drawing of ${flowTitle(chart.id)}`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls needs keyboard focus
        tabIndex={0}
        className={css({
          overflowX: 'auto',
          p: { base: '3', md: '4' },
          bg: 'canvas',
          focusOutline: 'inside',
        })}
      >
        {layout ? (
          <ChartDrawing id={chart.id} layout={layout} active={active} fit={fit} />
        ) : (
          <p className={css({ color: 'fg.subtle', fontSize: 'sm', py: '8', textAlign: 'center' })}>
            Drawing…
          </p>
        )}
      </section>
    </section>
  )
}

/**
 * /statecharts: every flow of the app as a statechart, for product and QA. Live mode follows the
 * flows of the app open in other tabs of this browser and highlights the states they are in.
 */
export default function StatechartsPage() {
  const [params, setParams] = useSearchParams()
  const live = params.has('live')
  const charts = useMemo(() => flowMachines.map((machine) => chartOf(machine)), [])
  const { layouts, failed } = useLayouts(charts)
  const liveStates = useLiveStates(live)
  const toggleLive = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        if (live) next.delete('live')
        else next.set('live', '')
        return next
      },
      { replace: true },
    )

  return (
    <div className={css({ minH: '100dvh', bg: 'canvas' })}>
      <title>Statecharts · Sixteen</title>
      <header
        className={css({
          position: 'sticky',
          top: '0',
          zIndex: 'sticky',
          bg: 'rgba(252, 250, 246, 0.94)',
          backdropFilter: 'saturate(1.4) blur(10px)',
          layerStyle: 'divided',
        })}
      >
        <div className={flex({ align: 'center', gap: '4', px: { base: '4', md: '6' }, h: '14' })}>
          <Link to="/" aria-label="Sixteen, home" className={brandStyle}>
            <BrandMark />
          </Link>
          <span
            className={css({ fontWeight: 'semibold', display: { base: 'none', sm: 'inline' } })}
          >
            Statecharts
          </span>
          <div className={css({ flex: '1' })} />
          <span
            aria-live="polite"
            className={css({ textStyle: 'note', display: { base: 'none', md: 'inline' } })}
          >
            {live
              ? liveStates.size
                ? `Following ${liveStates.size} ${liveStates.size === 1 ? 'flow' : 'flows'}`
                : 'Waiting for the app in another tab…'
              : null}
          </span>
          <button
            type="button"
            aria-pressed={live}
            onClick={toggleLive}
            className={button({ variant: live ? 'solid' : 'outline', size: 'sm' })}
          >
            <span
              aria-hidden
              className={css({
                w: '2',
                h: '2',
                borderRadius: 'full',
                bg: live ? 'white' : 'ink.500',
                animation: live ? 'pulse 1.6s ease-in-out infinite' : undefined,
              })}
            />
            Live
          </button>
        </div>
      </header>

      <div
        className={grid({
          gridTemplateColumns: { base: '1fr', lg: '13rem minmax(0, 1fr)' },
          gap: { base: '6', lg: '8' },
          px: { base: '4', md: '6' },
          py: { base: '6', md: '8' },
          maxW: '110rem',
          mx: 'auto',
        })}
      >
        <nav
          aria-label="Flows"
          className={css({ lg: { position: 'sticky', top: '20', alignSelf: 'start' } })}
        >
          <p className={css({ textStyle: 'eyebrow', mb: '2' })}>For product and QA</p>
          <h1 className={css({ textStyle: 'display.statement' })}>Every flow</h1>
          <p className={css({ color: 'fg.muted', fontSize: 'sm', mt: '2', mb: '5' })}>
            Drawn from the machines the app runs. Turn on Live and use the app in another tab: the
            states it is in light up.
          </p>
          <p className={css({ textStyle: 'smallCaps', mb: '2' })}>{charts.length} flows</p>
          <ul
            className={flex({ wrap: 'wrap', display: { base: 'flex', lg: 'block' }, gap: '1.5' })}
          >
            {charts.map((chart) => {
              const state = liveStates.get(chart.id)
              return (
                <li key={chart.id}>
                  <a
                    href={`#${chart.id}`}
                    className={flex({
                      align: 'center',
                      justify: 'space-between',
                      gap: '2',
                      px: { base: '3', lg: '2.5' },
                      py: '1.5',
                      borderRadius: 'l1',
                      fontSize: 'sm',
                      color: 'fg.default',
                      bg: { base: 'surface', lg: 'transparent' },
                      borderWidth: { base: '1px', lg: '0' },
                      borderColor: 'border',
                      _hover: { bg: 'muted' },
                    })}
                  >
                    {flowTitle(chart.id)}
                    {live && state && (
                      <span
                        className={css({ w: '2', h: '2', borderRadius: 'full', bg: 'clay.500' })}
                      >
                        <span className={css({ srOnly: true })}>live</span>
                      </span>
                    )}
                  </a>
                </li>
              )
            })}
          </ul>
        </nav>

        <main className={css({ display: 'grid', gap: '6', minW: '0' })}>
          {failed && (
            <p role="alert" className={css({ color: 'danger.default' })}>
              The drawings could not be laid out. Reload the page to try again.
            </p>
          )}
          {charts.map((chart, index) => (
            <FlowSection
              key={chart.id}
              machine={flowMachines[index] as AnyStateMachine}
              chart={chart}
              layout={layouts.get(chart.id)}
              live={live ? (liveStates.get(chart.id) ?? null) : null}
            />
          ))}
        </main>
      </div>
    </div>
  )
}
