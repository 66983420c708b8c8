import { useEffect, useState } from 'react'
import { LIVE_CHANNEL, type LiveMessage } from '../live-flows'

/** A flow's latest state as a tab of the app reported it. */
export interface LiveState {
  value: unknown
}

/**
 * Listens to the app's tabs while `on`: says the viewer listens (now, and to every tab that starts
 * later) and keeps each machine's latest state, by machine id.
 */
export function useLiveStates(on: boolean): ReadonlyMap<string, LiveState> {
  const [states, setStates] = useState<ReadonlyMap<string, LiveState>>(new Map())
  useEffect(() => {
    if (!on || typeof BroadcastChannel === 'undefined') return
    const channel = new BroadcastChannel(LIVE_CHANNEL)
    const listening: LiveMessage = { kind: 'viewer' }
    channel.onmessage = ({ data }: MessageEvent<LiveMessage>) => {
      if (data?.kind === 'app') channel.postMessage(listening)
      if (data?.kind === 'state') {
        setStates((current) => new Map(current).set(data.machine, { value: data.value }))
      }
    }
    channel.postMessage(listening)
    return () => channel.close()
  }, [on])
  return states
}

/** A state value as people read it: 'open.editing', 'banner.visible + panel.closed'. */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') return value
  if (!value || typeof value !== 'object') return ''
  const parts = Object.entries(value).map(([key, child]) => {
    const inner = describeValue(child)
    return inner ? `${key}.${inner}` : key
  })
  return parts.join(' + ')
}
