import { forwardRef, type TextareaHTMLAttributes } from 'react'
import { css, cx } from '../../styled-system/css'
import { formControl } from './form-fields'

const textArea = cx(
  formControl,
  css({
    w: 'full',
    minH: '28',
    h: 'auto',
    px: '4',
    py: '3',
    lineHeight: 'relaxed',
    resize: 'vertical',
    '&[aria-invalid=true]': {
      borderColor: 'berry.500',
      _focusVisible: { boxShadow: '0 0 0 3px token(colors.berry.50)' },
    },
  }),
)

/** A text area (the community's description and aim), styled like the inputs. */
export const TextArea = forwardRef<
  HTMLTextAreaElement,
  TextareaHTMLAttributes<HTMLTextAreaElement>
>(function TextArea(props, ref) {
  return <textarea ref={ref} {...props} className={textArea} />
})
