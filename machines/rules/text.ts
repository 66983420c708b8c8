/** 'a', 'a and b', 'a, b and c': the words of a sentence that says what is still missing. */
export function andList(words: readonly string[]): string {
  return words.length <= 1
    ? (words[0] ?? '')
    : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`
}

/** A reader of a page's query: each value trimmed, a missing one empty text (never 'null'). */
export function queryReader(search: string | URLSearchParams): (key: string) => string {
  const query = typeof search === 'string' ? new URLSearchParams(search) : search
  return (key) => query.get(key)?.trim() ?? ''
}
