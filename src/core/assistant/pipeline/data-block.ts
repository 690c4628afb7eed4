/**
 * Data blocks in a prompt: text that is material for the answer, never instructions. A block opens with `<<<NAME`
 * and closes with `NAME>>>`; inside, every run of three or more angle brackets is replaced by look-alike guillemets,
 * so nothing inside (a page, a topic name, a finding) can close the block early or open another one.
 */

/** The block names the assistant prompt uses. */
export type DataBlockName = 'DOCS' | 'FINDINGS' | 'ROBOT';

/** Neutralise delimiter-like runs (`<<<`, `>>>>`) in data text. */
export function escapeData(text: string): string {
  return text.replace(/<{3,}/g, (m) => '‹'.repeat(m.length)).replace(/>{3,}/g, (m) => '›'.repeat(m.length));
}

/** A whole block: delimiters on their own lines around the escaped body. */
export function dataBlock(name: DataBlockName, body: string): string {
  return `<<<${name}\n${escapeData(body)}\n${name}>>>`;
}
