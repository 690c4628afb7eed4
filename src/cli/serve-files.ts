// The pieces of `serve` that touch the file system: is dist/ up to date with its sources, and which file answers a URL.
import { readdirSync, statSync } from 'node:fs';
import { extname, join, normalize, relative, resolve, sep } from 'node:path';

/** What the built app is made from (relative to the project root); a file newer than dist/index.html means rebuild. */
export const BUILD_INPUTS: readonly string[] = ['index.html', 'vite.config.ts', 'package.json', 'src', 'catalog', 'kb', 'public'];

export type Freshness = { fresh: true } | { fresh: false; reason: string };

/** The newest file under a path (directories walked; missing paths skipped). Cheap: a few hundred stat calls. */
function newest(path: string): { file: string; mtimeMs: number } | undefined {
  let stat;
  try { stat = statSync(path); } catch { return undefined; }
  if (!stat.isDirectory()) return { file: path, mtimeMs: stat.mtimeMs };
  let best: { file: string; mtimeMs: number } | undefined;
  for (const entry of readdirSync(path)) {
    const found = newest(join(path, entry));
    if (found && (!best || found.mtimeMs > best.mtimeMs)) best = found;
  }
  return best;
}

/** Whether `dist/` is missing or older than the newest build input, and which file says so. */
export function distFreshness(root: string, dist: string): Freshness {
  const built = newest(join(dist, 'index.html'));
  if (!built) return { fresh: false, reason: `${relative(root, dist) || dist}/ has no index.html` };
  let newestInput: { file: string; mtimeMs: number } | undefined;
  for (const input of BUILD_INPUTS) {
    const found = newest(join(root, input));
    if (found && (!newestInput || found.mtimeMs > newestInput.mtimeMs)) newestInput = found;
  }
  if (newestInput && newestInput.mtimeMs > built.mtimeMs) {
    return { fresh: false, reason: `${relative(root, newestInput.file)} is newer than the build` };
  }
  return { fresh: true };
}

export const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.json': 'application/json; charset=utf-8', '.webmanifest': 'application/manifest+json',
  '.png': 'image/png', '.svg': 'image/svg+xml', '.ico': 'image/x-icon', '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm', '.map': 'application/json; charset=utf-8',
};

/**
 * The file under `dist` that answers a URL path, or undefined (404). `/` is index.html; paths that climb out of dist
 * (`..`, encoded or not) never resolve.
 */
export function fileForPath(dist: string, urlPath: string): string | undefined {
  let decoded: string;
  try { decoded = decodeURIComponent(urlPath.split('?')[0]!.split('#')[0]!); } catch { return undefined; }
  if (decoded.includes('\0')) return undefined;
  const rel = normalize(decoded === '/' || decoded === '' ? '/index.html' : decoded).replace(/^[/\\]+/, '');
  const root = resolve(dist);
  const file = resolve(root, rel);
  if (file !== root && !file.startsWith(root + sep)) return undefined;
  try {
    if (statSync(file).isFile()) return file;
  } catch { /* not there */ }
  return undefined;
}

/** Cache policy: hashed assets forever, everything else (index.html, sw.js, the manifest) revalidated each time. */
export function cacheControl(file: string): string {
  return /[\\/]assets[\\/]/.test(file) && extname(file) !== '.html' ? 'public, max-age=31536000, immutable' : 'no-cache';
}
