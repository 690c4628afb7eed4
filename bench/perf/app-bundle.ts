// Initial JS of the built app: what the browser must fetch before the first render (entry script, its modulepreloads
// and their static imports, followed through the emitted chunks), gzipped at level 9 like Vite's size report.
import { build, type Rollup } from 'vite';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join, posix, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (this file is bench/perf/app-bundle.ts): the bench works from any current directory. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The bar from DESIGN.md "Quality bars / App", in bytes (kB = 1000 bytes, as Vite reports sizes). */
export const INITIAL_JS_BUDGET_GZIP = 200_000;

export interface ChunkRow {
  /** Path as served, e.g. /assets/index-abc.js. */
  file: string;
  rawBytes: number;
  gzipBytes: number;
  initial: boolean;
  /** Why it is initial: the entry script, a modulepreload link, or a static import of an initial chunk. */
  reason: 'entry' | 'modulepreload' | 'static import' | 'lazy';
}

export interface ModuleGroupRow {
  /** An npm package (`lit`, `ajv`) or a source folder (`src/core/catalog`). */
  group: string;
  modules: number;
  rawBytes: number;
  /** Gzip of the group's rendered code alone: a share estimate (the chunk compresses across groups). */
  gzipBytes: number;
  /** The group's largest modules, biggest first. */
  largest: { id: string; rawBytes: number }[];
}

export interface BundleReport {
  outDir: string;
  chunks: ChunkRow[];
  initialRawBytes: number;
  initialGzipBytes: number;
  lazyGzipBytes: number;
  budgetGzipBytes: number;
  pass: boolean;
  /** What fills the initial chunks, largest groups first. */
  initialModules: ModuleGroupRow[];
  /** Disagreements between the static imports read from the chunks and the bundler's own record (should be none). */
  crossCheck: string[];
}

/** Builds the app with the project's vite.config.ts into `outDir` (hidden source maps: the JS bytes stay the same). */
export async function buildApp(outDir: string): Promise<Rollup.OutputChunk[]> {
  const result = await build({
    root: REPO_ROOT, configFile: join(REPO_ROOT, 'vite.config.ts'), logLevel: 'silent',
    build: { outDir, emptyOutDir: true, sourcemap: 'hidden', reportCompressedSize: false },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
  if (!outputs[0] || !('output' in outputs[0])) throw new Error('app bench: vite build returned no output (watch mode?)');
  return outputs.flatMap((o) => o.output.filter((c): c is Rollup.OutputChunk => c.type === 'chunk'));
}

/** `src` of module scripts and `href` of modulepreload links in the built index.html. */
export function htmlEntries(html: string): { entries: string[]; preloads: string[] } {
  const attr = (tag: string, name: string): string | undefined => new RegExp(`\\s${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1];
  const entries: string[] = [];
  const preloads: string[] = [];
  for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) {
    const src = attr(tag, 'src');
    if (src && /\btype\s*=\s*["']module["']/i.test(tag)) entries.push(src);
  }
  for (const tag of html.match(/<link\b[^>]*>/gi) ?? []) {
    const href = attr(tag, 'href');
    if (href && /\brel\s*=\s*["']modulepreload["']/i.test(tag)) preloads.push(href);
  }
  return { entries, preloads };
}

/**
 * Relative specifiers of the static imports and re-exports in a (minified) ES chunk: `import{a}from"./x.js"`,
 * `import"./x.js"`, `export{b}from"./y.js"`. `import("./z.js")` is a dynamic import and is not matched.
 */
export function staticImports(code: string): string[] {
  const found = new Set<string>();
  const re = /(?:^|[;}\s])(?:import|export)\s*(?:[^;()"'`]*?\bfrom\s*)?(["'`])(\.{1,2}\/[^"'`\s]+?)\1/g;
  for (let m = re.exec(code); m; m = re.exec(code)) found.add(m[2]!);
  return [...found];
}

const gzipSize = (data: string | Buffer): number => gzipSync(data, { level: 9 }).length;

/** `lit-html`, `@lit/task`, or a source folder such as `src/core/catalog`. */
export function moduleGroup(id: string, root: string): string {
  const clean = id.replace(/\0/g, '').replace(/\?.*$/, '');
  const nm = clean.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = clean.slice(nm + 'node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  const rel = relative(root, clean);
  if (rel.startsWith('..') || rel === clean) return clean;
  const parts = rel.split('/');
  return parts.length > 3 ? parts.slice(0, 3).join('/') : parts.slice(0, -1).join('/') || rel;
}

export async function measureBundle(outDir: string, root = REPO_ROOT): Promise<BundleReport> {
  const chunks = await buildApp(outDir);
  const byServedPath = new Map(chunks.map((c) => [`/${c.fileName}`, c]));
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  const { entries, preloads } = htmlEntries(html);
  if (entries.length === 0) throw new Error(`app bench: no <script type="module" src> in ${join(outDir, 'index.html')}`);

  // Walk the static import graph from what index.html loads, reading the emitted files themselves.
  const reason = new Map<string, ChunkRow['reason']>();
  const queue: string[] = [];
  const add = (path: string, why: ChunkRow['reason']): void => {
    if (reason.has(path)) return;
    reason.set(path, why);
    queue.push(path);
  };
  for (const e of entries) add(e, 'entry');
  for (const p of preloads) add(p, 'modulepreload');
  const crossCheck: string[] = [];
  while (queue.length) {
    const path = queue.shift()!;
    const code = readFileSync(join(outDir, path), 'utf8');
    const read = staticImports(code).map((spec) => posix.resolve(posix.dirname(path), spec));
    for (const dep of read) add(dep, 'static import');
    const chunk = byServedPath.get(path);
    if (chunk) {
      const recorded = chunk.imports.map((f) => `/${f}`).sort();
      const mine = [...read].sort();
      if (recorded.join() !== mine.join()) crossCheck.push(`${path}: read ${mine.join(', ') || 'none'}, bundler says ${recorded.join(', ') || 'none'}`);
    }
  }

  const rows: ChunkRow[] = [];
  for (const c of chunks) {
    const path = `/${c.fileName}`;
    const code = readFileSync(join(outDir, c.fileName));
    const why = reason.get(path);
    rows.push({ file: path, rawBytes: code.length, gzipBytes: gzipSize(code), initial: why !== undefined, reason: why ?? 'lazy' });
  }
  for (const path of reason.keys()) {
    if (!byServedPath.has(path)) crossCheck.push(`${path}: loaded by index.html or an import but not emitted as a chunk`);
  }
  rows.sort((a, b) => Number(b.initial) - Number(a.initial) || b.gzipBytes - a.gzipBytes);
  const initial = rows.filter((r) => r.initial);
  const initialGzipBytes = initial.reduce((s, r) => s + r.gzipBytes, 0);

  // Which packages and source folders fill the initial chunks.
  const groups = new Map<string, { modules: { id: string; code: string; rawBytes: number }[] }>();
  for (const c of chunks) {
    if (!reason.has(`/${c.fileName}`)) continue;
    for (const [id, m] of Object.entries(c.modules)) {
      if (!m.code) continue;
      const g = moduleGroup(id, resolve(root));
      const entry = groups.get(g) ?? { modules: [] };
      entry.modules.push({ id: relative(root, id.replace(/\0/g, '')), code: m.code, rawBytes: Buffer.byteLength(m.code) });
      groups.set(g, entry);
    }
  }
  const initialModules: ModuleGroupRow[] = [...groups].map(([group, g]) => ({
    group,
    modules: g.modules.length,
    rawBytes: g.modules.reduce((s, m) => s + m.rawBytes, 0),
    gzipBytes: gzipSize(g.modules.map((m) => m.code).join('\n')),
    largest: [...g.modules].sort((a, b) => b.rawBytes - a.rawBytes).slice(0, 3).map((m) => ({ id: m.id, rawBytes: m.rawBytes })),
  })).sort((a, b) => b.gzipBytes - a.gzipBytes);

  return {
    outDir, chunks: rows,
    initialRawBytes: initial.reduce((s, r) => s + r.rawBytes, 0),
    initialGzipBytes,
    lazyGzipBytes: rows.filter((r) => !r.initial).reduce((s, r) => s + r.gzipBytes, 0),
    budgetGzipBytes: INITIAL_JS_BUDGET_GZIP,
    pass: initialGzipBytes <= INITIAL_JS_BUDGET_GZIP,
    initialModules,
    crossCheck,
  };
}
