/**
 * The .rviz document: its exact text plus the `yaml` Document parsed from it (CST/AST kept).
 * The text is the source of truth; edits splice it (see yaml-edit.ts), so serialize() is the text
 * itself and everything the edits do not touch (order, comments, formatting, unknown keys) survives.
 */
import { isMap, parseDocument, type Document } from 'yaml';

export interface RvizDocument {
  readonly text: string;
  readonly yaml: Document.Parsed;
  /** True when any display, panel or tool uses a ROS 1 `rviz/…` class. */
  readonly ros1: boolean;
}

export const PARSE_FAILURE_CODES = ['empty', 'too-large', 'binary', 'yaml-syntax', 'not-rviz'] as const;
export type ParseFailureCode = (typeof PARSE_FAILURE_CODES)[number];

export interface ParseFailure {
  ok: false;
  code: ParseFailureCode;
  /** One line naming the problem and the culprit. */
  reason: string;
  /** Where in the document, as a key path (`Visualization Manager/Displays`), when known. */
  path?: string;
  /** 1-based line, for syntax errors. */
  line?: number;
}

export type ParseResult = { ok: true; doc: RvizDocument } | ParseFailure;

export interface ParseOptions {
  /** Larger texts are refused before parsing (RViz configs are kilobytes; a 50 MB file is a mistake). */
  maxBytes: number;
  /** Name used in messages (a file name). */
  name: string;
}

export const defaultParseOptions: ParseOptions = { maxBytes: 5 * 1024 * 1024, name: 'config' };

/** UTF-8 byte length without allocating (a 50 MB string is measured, not encoded). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff) { bytes += 4; i++; }
    else bytes += 3;
  }
  return bytes;
}

function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${(bytes / 1024).toFixed(1)} KB`;
}

/** The failure for a file known to be `bytes` long, without reading it. */
export function checkSize(bytes: number, options: Partial<ParseOptions> = {}): ParseFailure | undefined {
  const opts = { ...defaultParseOptions, ...options };
  if (bytes <= opts.maxBytes) return undefined;
  return { ok: false, code: 'too-large', reason: `rviz: ${opts.name} is too large (${formatSize(bytes)}; the limit is ${formatSize(opts.maxBytes)})` };
}

/** Parse .rviz text. Never throws; a failure names the problem and, where it can, the line or path. */
export function parse(text: string, options: Partial<ParseOptions> = {}): ParseResult {
  const opts = { ...defaultParseOptions, ...options };
  const refused = precheck(text, opts);
  if (refused) return refused;
  const yaml = parseDocument(text, { prettyErrors: true, uniqueKeys: false });
  const first = yaml.errors[0];
  if (first) {
    const line = first.linePos?.[0]?.line;
    const message = first.message.split('\n')[0] ?? first.message;
    return { ok: false, code: 'yaml-syntax', reason: `rviz: ${opts.name} is not valid YAML${line ? ` (line ${line})` : ''}: ${message}`, ...(line ? { line } : {}) };
  }
  return fromYaml(text, yaml, opts.name);
}

/** What is refused before any YAML is read: size, binary content, emptiness. */
export function precheck(text: string, opts: ParseOptions): ParseFailure | undefined {
  const name = opts.name;
  // Cheap bound first: UTF-8 never has fewer bytes than UTF-16 code units.
  if (text.length > opts.maxBytes) {
    return { ok: false, code: 'too-large', reason: `rviz: ${name} is too large (at least ${formatSize(text.length)}; the limit is ${formatSize(opts.maxBytes)})` };
  }
  const bytes = utf8Length(text);
  if (bytes > opts.maxBytes) {
    return { ok: false, code: 'too-large', reason: `rviz: ${name} is too large (${formatSize(bytes)}; the limit is ${formatSize(opts.maxBytes)})` };
  }
  const nul = text.indexOf('\u0000');
  const bad = nul >= 0 ? nul : text.indexOf('\uFFFD');
  if (bad >= 0) {
    const line = text.slice(0, bad).split('\n').length;
    const what = nul >= 0 ? 'a NUL byte' : 'bytes that are not valid UTF-8';
    return { ok: false, code: 'binary', reason: `rviz: ${name} is not a text file (${what} on line ${line})`, line };
  }
  if (text.trim() === '') return { ok: false, code: 'empty', reason: `rviz: ${name} is empty` };
  return undefined;
}

/** A YAML document without syntax errors → the RViz document, or why it is not an RViz config. */
export function fromYaml(text: string, yaml: Document.Parsed, name: string): ParseResult {
  const root = yaml.contents;
  if (!isMap(root)) {
    return { ok: false, code: 'not-rviz', reason: `rviz: ${name} is YAML but not an RViz config (its top level is not a map)` };
  }
  const vm = root.get('Visualization Manager', true);
  if (!isMap(vm)) {
    const keys = root.items.map((p) => String((p.key as { value?: unknown } | null)?.value ?? p.key)).slice(0, 8).join(', ');
    const why = vm === undefined ? 'it has no "Visualization Manager" key' : '"Visualization Manager" is not a map';
    return { ok: false, code: 'not-rviz', reason: `rviz: ${name} is YAML but not an RViz config: ${why} (top-level keys: ${keys || 'none'})`, path: 'Visualization Manager' };
  }
  const displays = vm.get('Displays', true);
  if (displays !== undefined && displays !== null && !isSeqOrNull(displays)) {
    return { ok: false, code: 'not-rviz', reason: `rviz: ${name}: "Visualization Manager/Displays" is not a list`, path: 'Visualization Manager/Displays' };
  }
  return { ok: true, doc: { text, yaml, ros1: /^\s*-?\s*Class:\s*rviz\//m.test(text) } };
}

function isSeqOrNull(node: unknown): boolean {
  if (node === null) return true;
  const n = node as { items?: unknown; value?: unknown };
  if (Array.isArray(n.items)) return !isMap(node);
  return n.value === null;
}

/** Parse bytes (a file as read): invalid UTF-8 is refused rather than silently replaced. */
export function parseBytes(bytes: Uint8Array, options: Partial<ParseOptions> = {}): ParseResult {
  const opts = { ...defaultParseOptions, ...options };
  const big = checkSize(bytes.length, opts);
  if (big) return big;
  if (bytes.indexOf(0) >= 0) {
    const line = countLines(bytes, bytes.indexOf(0));
    return { ok: false, code: 'binary', reason: `rviz: ${opts.name} is not a text file (a NUL byte on line ${line})`, line };
  }
  // The decoder drops a leading byte-order mark; put it back so the file is written back byte for byte.
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const text = (bom ? '\uFEFF' : '') + new TextDecoder('utf-8').decode(bytes);
  // The decoder replaces invalid sequences with U+FFFD; parse() reports that as binary.
  return parse(text, opts);
}

function countLines(bytes: Uint8Array, end: number): number {
  let n = 1;
  for (let i = 0; i < end; i++) if (bytes[i] === 10) n++;
  return n;
}

/** The document's text, byte for byte. */
export function serialize(doc: RvizDocument): string {
  return doc.text;
}
