import { useEffect, useRef } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'

/** The mark an open panel puts on its history entry (its title), if the entry has one. */
export const panelMarkOf = (state: unknown): string | undefined =>
  (state as { panel?: string } | null)?.panel ?? undefined

/**
 * An open panel is a history entry, as people expect of a drawer on a phone: the browser's Back
 * closes it and stays on the page. Opening pushes an entry of the same address (the page's own
 * navigation state kept, the scroll left where it is); any move to an entry without the panel's
 * mark closes it. Answers how the person dismisses it (its close button, Escape, a tap outside):
 * back over its entry, which then closes it, so Forward does not land on a closed panel's entry.
 * A panel its flow closes (a booking made) leaves its entry: the flow may be moving on.
 */
export function usePanelHistory(
  mark: string,
  open: boolean,
  close: () => void,
): { dismiss: () => void } {
  const location = useLocation()
  const navigate = useNavigate()
  const ours = panelMarkOf(location.state) === mark
  const latest = useRef({ close, ours })
  latest.current = { close, ours }

  const was = useRef({ open: false, ours })
  useEffect(() => {
    const opened = open && !was.current.open
    const leftItsEntry = open && was.current.ours && !ours
    was.current = { open, ours }
    if (opened && !ours) {
      navigate(location, {
        state: { ...(location.state as object | null), panel: mark },
        preventScrollReset: true,
      })
    } else if (leftItsEntry) {
      latest.current.close()
    }
  }, [open, ours, mark, navigate, location])

  return {
    dismiss: () => {
      if (latest.current.ours) navigate(-1)
      else latest.current.close()
    },
  }
}
