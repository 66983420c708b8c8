import { css, cx } from '../../styled-system/css'
import { type ChartLayout, detailLines, type StateBox, TEXT, type TransitionLine } from './layout'

const stateBox = css({ fill: 'surface', stroke: 'sand.400', strokeWidth: '1.25' })
const nestedBox = css({ fill: 'sand.50' })
const regionBox = css({ fill: 'transparent', strokeDasharray: '6 4' })
const activeBox = css({ fill: 'clay.50', stroke: 'clay.600', strokeWidth: '2.5' })
const activeLeaf = css({ fill: 'clay.100' })
const title = css({ fill: 'ink.900', fontWeight: 'semibold' })
const detail = css({ fill: 'ink.600' })
const caption = css({ fill: 'ink.500', fontStyle: 'italic' })
const line = css({ fill: 'none', stroke: 'ink.500', strokeWidth: '1.25' })
const label = css({ fill: 'ink.800' })
const labelBack = css({ fill: 'sand.50', opacity: 0.92 })
const initialDot = css({ fill: 'ink.800' })

function StateShape({ box, active }: { box: StateBox; active: boolean }) {
  const { state, x, y, width, height } = box
  const leaf = state.children.length === 0
  const titleX = x + TEXT.padding + (state.initial && state.path !== '' ? 16 : 0)
  const kindCaption =
    state.kind === 'parallel'
      ? 'parallel'
      : state.kind === 'final'
        ? 'final'
        : state.kind === 'history'
          ? 'history'
          : null
  return (
    <g data-state={state.path} data-active={active ? 'true' : undefined}>
      <rect
        x={x}
        y={y}
        width={width}
        height={height}
        rx={leaf ? 8 : 12}
        className={cx(
          stateBox,
          box.depth % 2 === 1 && nestedBox,
          state.region && regionBox,
          active && activeBox,
          active && leaf && activeLeaf,
        )}
      />
      {state.kind === 'final' && (
        <rect
          x={x + 3}
          y={y + 3}
          width={width - 6}
          height={height - 6}
          rx={6}
          className={cx(stateBox, active && activeBox)}
          fill="none"
        />
      )}
      {state.initial && state.path !== '' && (
        <circle cx={x + TEXT.padding + 4} cy={y + 19} r={4} className={initialDot}>
          <title>Initial state</title>
        </circle>
      )}
      <text x={titleX} y={y + 23} fontSize={TEXT.title} className={title}>
        {state.name}
      </text>
      {kindCaption && (
        <text
          x={x + width - TEXT.padding}
          y={y + 22}
          textAnchor="end"
          fontSize={TEXT.line}
          className={caption}
        >
          {kindCaption}
        </text>
      )}
      {detailLines(state).map((text, index) => (
        <text
          key={text}
          x={x + TEXT.padding}
          y={y + TEXT.header + 10 + index * TEXT.lineHeight}
          fontSize={TEXT.line}
          className={detail}
        >
          {text}
        </text>
      ))}
    </g>
  )
}

function TransitionShape({
  transition,
  markerId,
}: {
  transition: TransitionLine
  markerId: string
}) {
  const d = transition.points.map((p, i) => `${i ? 'L' : 'M'}${p.x} ${p.y}`).join(' ')
  const box = transition.labelBox
  return (
    <g data-transition={transition.label}>
      <path d={d} className={line} markerEnd={`url(#${markerId})`} />
      {box && (
        <>
          <rect
            x={box.x - 2}
            y={box.y}
            width={box.width + 4}
            height={box.height}
            rx={4}
            className={labelBack}
          />
          <text x={box.x + 2} y={box.y + box.height - 4} fontSize={TEXT.line} className={label}>
            {transition.label}
          </text>
        </>
      )}
    </g>
  )
}

/**
 * A machine's statechart: states as boxes (children inside their parents, regions of a parallel
 * state dashed), transitions as arrows labelled 'event [guard]', 'after 6s', 'done: actor'.
 * `active`: the paths of the states a live flow is in, highlighted.
 */
export function ChartDrawing({
  id,
  layout,
  active,
  fit,
}: {
  id: string
  layout: ChartLayout
  active: ReadonlySet<string>
  fit: boolean
}) {
  const markerId = `arrow-${id}`
  const boxes = [...layout.boxes].sort((a, b) => a.depth - b.depth)
  return (
    <svg
      role="img"
      aria-label={`Statechart of ${id}`}
      viewBox={`0 0 ${Math.ceil(layout.width)} ${Math.ceil(layout.height)}`}
      width={fit ? '100%' : Math.ceil(layout.width)}
      height={fit ? undefined : Math.ceil(layout.height)}
      className={css({ display: 'block', fontFamily: 'body', maxW: fit ? '100%' : 'none' })}
    >
      <defs>
        <marker
          id={markerId}
          viewBox="0 0 10 10"
          refX="9"
          refY="5"
          markerWidth="7"
          markerHeight="7"
          orient="auto-start-reverse"
        >
          <path d="M0 0 L10 5 L0 10 z" className={css({ fill: 'ink.500' })} />
        </marker>
      </defs>
      {boxes.map((box) => (
        <StateShape key={box.state.path} box={box} active={active.has(box.state.path)} />
      ))}
      {layout.lines.map((transition) => (
        <TransitionShape key={transition.id} transition={transition} markerId={markerId} />
      ))}
    </svg>
  )
}
