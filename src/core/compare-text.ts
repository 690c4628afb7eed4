/**
 * Orders strings by UTF-16 code units. Used instead of `localeCompare` on paths the UI runs often: it gives the same
 * order on every machine (frame and topic names are ASCII anyway), and the first `localeCompare` in a page builds the
 * browser's collator, a 20–40 ms main-thread task measured by `bench/perf/app.ts`.
 */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
