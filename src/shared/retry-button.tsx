import { button } from '../../styled-system/recipes'

/**
 * 'Try again', after something could not load: the same words everywhere. The look is the
 * place's own (a full-width page message, a bar, a line of text), a large solid button by default.
 */
export function RetryButton({
  onRetry,
  className = button({ size: 'lg' }),
}: {
  onRetry: () => void
  className?: string
}) {
  return (
    <button type="button" className={className} onClick={onRetry}>
      Try again
    </button>
  )
}
