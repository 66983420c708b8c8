import { type ComponentType, memo, Suspense } from 'react'

/**
 * A part of a server-rendered page that hydrates after the page's shell, in a slice of its own
 * (and at once where a tap lands): the component in a Suspense boundary. Memo, because the
 * re-render that follows hydration (the viewer and the clock become the browser's) must leave the
 * boundary be when its props are the same: a boundary reached with new props is hydrated there
 * and then, in that re-render's one long task.
 */
export function hydratesLater<Props extends object>(Component: ComponentType<Props>) {
  const Later = memo(function Later(props: Props) {
    return (
      <Suspense>
        <Component {...props} />
      </Suspense>
    )
  })
  Later.displayName = `Later(${Component.displayName ?? Component.name})`
  return Later
}
