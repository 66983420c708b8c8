import type { InspectionEvent } from 'xstate'

/** The channel between the app's tabs and the statechart viewer (/statecharts?live). */
export const LIVE_CHANNEL = 'statecharts'

/** What goes over the channel. */
export type LiveMessage =
  /** A viewer listens: tabs send what their flows show now, then every change. */
  | { kind: 'viewer' }
  /** A tab of the app began running flows: a viewer answers that it listens. */
  | { kind: 'app' }
  /** A flow's state in a tab: its machine's id and the snapshot's value. */
  | { kind: 'state'; machine: string; value: unknown }

let channel: BroadcastChannel | null = null
let viewerListening = false
const latest = new Map<string, Extract<LiveMessage, { kind: 'state' }>>()

function openChannel(): BroadcastChannel | null {
  if (channel) return channel
  // Not on the server's render, nor in a browser without the API.
  if (typeof window === 'undefined' || typeof BroadcastChannel === 'undefined') return null
  channel = new BroadcastChannel(LIVE_CHANNEL)
  channel.onmessage = ({ data }: MessageEvent<LiveMessage>) => {
    if (data?.kind !== 'viewer') return
    viewerListening = true
    for (const message of latest.values()) channel?.postMessage(message)
  }
  channel.postMessage({ kind: 'app' } satisfies LiveMessage)
  return channel
}

/**
 * The `inspect` option of the app's flow actors: each state a flow enters goes to the statechart
 * viewer in another tab. Nothing is sent until a viewer says it listens, and only a server with
 * the viewer switched on (demo data, or STATECHARTS=on) serves one.
 */
export function showLiveFlow(inspection: InspectionEvent) {
  if (inspection.type !== '@xstate.snapshot') return
  // Only machines' snapshots name their machine (promises and callbacks have none).
  const snapshot = inspection.snapshot as { value?: unknown; machine?: { id: string } }
  if (!snapshot.machine) return
  const live = openChannel()
  if (!live) return
  const message: LiveMessage = {
    kind: 'state',
    machine: snapshot.machine.id,
    value: snapshot.value,
  }
  latest.set(message.machine, message)
  if (viewerListening) live.postMessage(message)
}
