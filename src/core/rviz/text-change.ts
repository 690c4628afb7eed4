/**
 * A change to a document's text as one replaced span. Every edit the document model makes is a
 * TextChange, so undo is exact: applying the inverse restores the original text byte for byte.
 */
export interface TextChange {
  /** Offset (UTF-16 code units) where the change starts. */
  at: number;
  /** The text that was there. */
  removed: string;
  /** The text that replaces it. */
  inserted: string;
}

/** Apply a change; refuses when the text at `at` is not what the change expects (a stale change). */
export function applyChange(text: string, change: TextChange): { ok: true; text: string } | { ok: false; reason: string } {
  const { at, removed, inserted } = change;
  if (at < 0 || at + removed.length > text.length || text.slice(at, at + removed.length) !== removed) {
    return { ok: false, reason: `rviz: change at offset ${at} does not match the document (it was made on another version of the text)` };
  }
  return { ok: true, text: text.slice(0, at) + inserted + text.slice(at + removed.length) };
}

export function invertChange(change: TextChange): TextChange {
  return { at: change.at, removed: change.inserted, inserted: change.removed };
}

/** The smallest single-span change that turns `before` into `after` (common prefix and suffix kept). */
export function diffTexts(before: string, after: string): TextChange {
  let start = 0;
  const max = Math.min(before.length, after.length);
  while (start < max && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let endB = before.length;
  let endA = after.length;
  while (endB > start && endA > start && before.charCodeAt(endB - 1) === after.charCodeAt(endA - 1)) { endB--; endA--; }
  return { at: start, removed: before.slice(start, endB), inserted: after.slice(start, endA) };
}

export function isEmptyChange(change: TextChange): boolean {
  return change.removed === change.inserted;
}

/** Write inserted lines with the document's own line ending (files saved on Windows use CRLF). */
export function matchLineEndings(text: string, change: TextChange): TextChange {
  if (!text.includes('\r\n') || !change.inserted.includes('\n')) return change;
  return { ...change, inserted: change.inserted.replace(/\r?\n/g, '\r\n') };
}
