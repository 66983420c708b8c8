import type { MouseEvent } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { BackLink } from '../shared/back-link'

/** Back where the person came from inside the app; straight to the calendar otherwise. */
export function HistoryBackLink() {
  const navigate = useNavigate()
  const location = useLocation()
  const cameFromApp = location.key !== 'default'
  const goBack = (e: MouseEvent<HTMLAnchorElement>) => {
    if (!cameFromApp || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return
    e.preventDefault()
    navigate(-1)
  }
  return (
    <BackLink
      to="/"
      onClick={goBack}
      css={{
        ml: '-2',
        color: 'fg.muted',
        _hover: { bg: 'muted', color: 'fg.default' },
        focusOutline: 'outside',
      }}
    />
  )
}
