import { forwardRef, type TextareaHTMLAttributes } from 'react'
import { css, cx } from '../../styled-system/css'
import { formControl } from './form-fields'

const textArea = cx(
  formControl,
  css({
    w: 'full',
    minW: '0',
    minH: '28',
    h: 'auto',
    px: '4',
    py: '3',
    lineHeight: 'relaxed',
    resize: 'vertical',
  }),
)

/** A text area (the community's description and aim), styled like the inputs. */
export const TextArea = forwardRef<
  HTMLTextAreaElement,
  TextareaHTMLAttributes<HTMLTextAreaElement>
>(function TextArea(props, ref) {
  return <textarea ref={ref} {...props} className={textArea} />
})
