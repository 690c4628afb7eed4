/**
 * `parse`, in time slices: the YAML is lexed and parsed to its concrete syntax tree a few milliseconds at a time,
 * handing control back between slices through `pause` (the caller's way to yield: a timeout, scheduler.yield), then
 * composed into the document in one step, with a pause before and after it. A 12 KB robot config then costs several short main-thread tasks instead of
 * one long one. Same result as `parse`; on a YAML error it reruns `parse` for the exact same message.
 */
import { Composer, Lexer, Parser, type CST, type Document } from 'yaml';
import { defaultParseOptions, fromYaml, parse, precheck, type ParseOptions, type ParseResult } from './document.ts';

export interface SliceOptions {
  /** Work done before pausing, ms (default 8). */
  sliceMs?: number;
  /** The clock (default performance.now, else Date.now). */
  now?: () => number;
}

const clock = (): number => (typeof performance !== 'undefined' ? performance.now() : Date.now());

export async function parseSliced(text: string, pause: () => Promise<void>, options: Partial<ParseOptions> = {}, slice: SliceOptions = {}): Promise<ParseResult> {
  const opts = { ...defaultParseOptions, ...options };
  const refused = precheck(text, opts);
  if (refused) return refused;
  const sliceMs = slice.sliceMs ?? 8;
  const now = slice.now ?? clock;
  let started = now();
  const cst: CST.Token[] = [];
  const parser = new Parser();
  let n = 0;
  for (const lexeme of new Lexer().lex(text)) {
    for (const token of parser.next(lexeme)) cst.push(token);
    // Reading the clock costs too; look every 64 lexemes.
    if ((++n & 63) === 0 && now() - started >= sliceMs) {
      await pause();
      started = now();
    }
  }
  for (const token of parser.end()) cst.push(token);
  await pause();
  const composer = new Composer({ prettyErrors: true, uniqueKeys: false });
  const docs: Document.Parsed[] = [];
  for (const token of cst) for (const doc of composer.next(token)) docs.push(doc);
  for (const doc of composer.end(true, text.length)) docs.push(doc);
  await pause(); // whatever the caller does with the document (a render) starts in a task of its own
  const yaml = docs[0];
  // Errors (and several documents in one file) take the plain path, whose messages carry line numbers.
  if (!yaml || docs.length > 1 || yaml.errors.length > 0) return parse(text, opts);
  return fromYaml(text, yaml, opts.name);
}
