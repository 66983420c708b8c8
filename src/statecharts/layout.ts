import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api'
import type { Chart, ChartState } from './graph'

/** Sizes of the drawing's text, shared by the layout and the SVG. */
export const TEXT = {
  title: 13,
  line: 11.5,
  lineHeight: 16,
  header: 30,
  padding: 14,
} as const

/** A state's box, in the drawing's coordinates. */
export interface StateBox {
  state: ChartState
  x: number
  y: number
  width: number
  height: number
  depth: number
}

export interface TransitionLine {
  id: string
  source: string
  target: string
  label: string
  /** The route, start to end. */
  points: Array<{ x: number; y: number }>
  labelBox: { x: number; y: number; width: number; height: number } | null
}

export interface ChartLayout {
  width: number
  height: number
  boxes: StateBox[]
  lines: TransitionLine[]
}

/** Measures a line of text in pixels at a font size; the page passes the browser's own. */
export type Measure = (text: string, fontSize: number) => number

/** A close-enough width for the UI font where nothing can measure (tests, the server). */
export const estimateWidth: Measure = (text, fontSize) => text.length * fontSize * 0.56

/** The part of a layout engine the chart needs (elkjs's ELK). */
export interface LayoutEngine {
  layout(graph: ElkNode): Promise<ElkNode>
}

const nodeId = (path: string) => `state:${path}`

/** Lines a state lists under its name: the actors it runs and the events it handles in place. */
export function detailLines(state: ChartState): string[] {
  return [...state.invokes.map((id) => `invoke ${id}`), ...state.internal]
}

/**
 * Lays a chart out with ELK's layered algorithm, left to right: children inside their parents,
 * edges across levels, and room for every label.
 */
export async function layOut(
  chart: Chart,
  engine: LayoutEngine,
  measure: Measure = estimateWidth,
): Promise<ChartLayout> {
  const header = (state: ChartState) =>
    TEXT.header + detailLines(state).length * TEXT.lineHeight + (detailLines(state).length ? 6 : 0)
  const minWidth = (state: ChartState) =>
    Math.ceil(
      Math.max(
        measure(state.name, TEXT.title) + (state.initial ? 18 : 0) + 2 * TEXT.padding,
        ...detailLines(state).map((line) => measure(line, TEXT.line) + 2 * TEXT.padding),
        88,
      ),
    )
  const toElk = (state: ChartState): ElkNode => {
    const node: ElkNode = {
      id: nodeId(state.path),
      labels: [{ text: state.name }],
      // A flow reads from its start: the initial state in its parent's first layer.
      ...(state.initial && state.path !== '' && !state.region
        ? { layoutOptions: { 'elk.layered.layering.layerConstraint': 'FIRST' } }
        : {}),
    }
    if (state.children.length === 0) {
      return { ...node, width: minWidth(state), height: header(state) + 4 }
    }
    return {
      ...node,
      layoutOptions: {
        ...node.layoutOptions,
        'elk.padding': `[top=${header(state) + 8},left=${TEXT.padding},bottom=${TEXT.padding},right=${TEXT.padding}]`,
        'elk.nodeSize.constraints': 'MINIMUM_SIZE',
        'elk.nodeSize.minimum': `(${minWidth(state)},${header(state) + 24})`,
        // Regions of a parallel state side by side, not strung along one line.
        ...(state.kind === 'parallel' ? { 'elk.direction': 'DOWN' } : {}),
      },
      children: state.children.map(toElk),
    }
  }
  const edges: ElkExtendedEdge[] = chart.transitions.map((transition) => ({
    id: transition.id,
    sources: [nodeId(transition.source)],
    targets: [nodeId(transition.target)],
    labels: [
      {
        text: transition.label,
        width: Math.ceil(measure(transition.label, TEXT.line) + 8),
        height: TEXT.lineHeight,
      },
    ],
  }))
  const laid = await engine.layout({
    id: 'chart',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'DOWN',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.edgeRouting': 'ORTHOGONAL',
      'elk.layered.spacing.nodeNodeBetweenLayers': '48',
      'elk.spacing.nodeNode': '28',
      'elk.spacing.edgeLabel': '4',
      'elk.spacing.edgeNode': '16',
      'elk.spacing.edgeEdge': '12',
      'elk.layered.nodePlacement.strategy': 'NETWORK_SIMPLEX',
      'elk.json.shapeCoords': 'ROOT',
      'elk.json.edgeCoords': 'ROOT',
      'elk.padding': '[top=8,left=8,bottom=8,right=8]',
    },
    children: [toElk(chart.root)],
    edges,
  })

  const boxes: StateBox[] = []
  const states = new Map<string, ChartState>()
  const index = (state: ChartState) => {
    states.set(nodeId(state.path), state)
    state.children.forEach(index)
  }
  index(chart.root)
  const collect = (node: ElkNode, depth: number) => {
    const state = states.get(node.id)
    if (state) {
      boxes.push({
        state,
        x: node.x ?? 0,
        y: node.y ?? 0,
        width: node.width ?? 0,
        height: node.height ?? 0,
        depth,
      })
    }
    for (const child of node.children ?? []) collect(child, depth + 1)
  }
  for (const child of laid.children ?? []) collect(child, 0)

  const byId = new Map(chart.transitions.map((transition) => [transition.id, transition]))
  const lines: TransitionLine[] = (laid.edges ?? []).flatMap((edge) => {
    const transition = byId.get(edge.id)
    const section = edge.sections?.[0]
    if (!transition || !section) return []
    const label = edge.labels?.[0]
    return [
      {
        ...transition,
        points: [section.startPoint, ...(section.bendPoints ?? []), section.endPoint],
        labelBox:
          label?.x !== undefined && label.y !== undefined
            ? { x: label.x, y: label.y, width: label.width ?? 0, height: label.height ?? 0 }
            : null,
      },
    ]
  })
  return { width: laid.width ?? 0, height: laid.height ?? 0, boxes, lines }
}
