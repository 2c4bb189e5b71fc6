/**
 * Texts taken from outside. PostgreSQL refuses a NUL byte in any text, and no C0 control character
 * (nor DEL) has a meaning in anything a visitor types, except the tab and the line breaks of a
 * multi-line text. Refusing them where a text is read keeps them out of every query, log and page.
 */
/* eslint-disable no-control-regex -- these patterns exist to find control characters */
import { z } from 'zod'

/** Control characters no text may hold: C0 but tab, line feed and carriage return, and DEL. */
const TEXT_CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/
/** Control characters a single line may not hold: every C0 character, and DEL. */
const LINE_CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/

/** The answer to a text holding a control character. */
export const CONTROL_CHARACTERS_MESSAGE = 'This field must not contain control characters.'

/** Whether a text holds a control character it may not: any for a single line, all but tab and line breaks otherwise. */
export function hasControlCharacters(value: string, options: { multiline?: boolean } = {}): boolean {
  return (options.multiline ? TEXT_CONTROL_CHARACTERS : LINE_CONTROL_CHARACTERS).test(value)
}

/**
 * A single-line text (a keyword, an id, an e-mail address, a token, a URL): a string without control
 * characters. Chain `.trim()` before it when surrounding blanks are to be forgiven.
 */
export function lineText() {
  return z.string().regex(/^[^\u0000-\u001f\u007f]*$/, CONTROL_CHARACTERS_MESSAGE)
}

/** A multi-line text (a message, a description): tabs and line breaks allowed, no other control character. */
export function multilineText() {
  return z.string().regex(/^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/, CONTROL_CHARACTERS_MESSAGE)
}

/**
 * The path (`['answers', 'note']`) of the first string, or object key, in a parsed request part that
 * holds a control character no text may hold; null when there is none. Arrays and objects are walked
 * to any depth (a JSON body can nest thousands deep), without recursion.
 */
export function findControlCharacters(value: unknown): (string | number)[] | null {
  interface Step {
    value: unknown
    key: string | number | null
    parent: Step | null
  }
  // Each step links to its parent, so a deep body costs one step per value, not a path copy per level.
  const pathOf = (step: Step, key?: string): (string | number)[] => {
    const path: (string | number)[] = key === undefined ? [] : [key]
    for (let at: Step | null = step; at && at.key !== null; at = at.parent) path.push(at.key)
    return path.reverse()
  }
  const pending: Step[] = [{ value, key: null, parent: null }]
  for (let step = pending.pop(); step; step = pending.pop()) {
    const item = step.value
    if (typeof item === 'string') {
      if (TEXT_CONTROL_CHARACTERS.test(item)) return pathOf(step)
    } else if (Array.isArray(item)) {
      for (let index = item.length - 1; index >= 0; index--) pending.push({ value: item[index], key: index, parent: step })
    } else if (typeof item === 'object' && item !== null) {
      for (const [key, child] of Object.entries(item).reverse()) {
        if (TEXT_CONTROL_CHARACTERS.test(key)) return pathOf(step, key)
        pending.push({ value: child, key, parent: step })
      }
    }
  }
  return null
}
