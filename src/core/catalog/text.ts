/**
 * Text normalisation shared by the catalog look-ups: loose keys for names and paths, tokens and plurals for word matching.
 */

/** `Size (m)`, `size_m`, ` SIZE M ` → `sizem`: case, spaces, underscores and punctuation do not matter. */
export function looseKey(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '');
}

/** A text as a pattern matching itself literally. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Splits a `/`-separated property path into trimmed, non-empty segments. */
export function pathSegments(path: string): string[] {
  return path.split('/').map((s) => s.trim()).filter((s) => s.length > 0);
}

/** Lowercase alphanumeric tokens: "Show the LiDAR, coloured-by height" → show, the, lidar, coloured, by, height. */
export function tokenize(text: string): string[] {
  return text.toLowerCase().split(/[^a-z0-9]+/).filter((t) => t.length > 0);
}

/** The singular of an English plural token, or the token itself: clouds → cloud, entries → entry, boxes → box. */
export function singular(token: string): string {
  if (token.length > 4 && token.endsWith('ies')) return token.slice(0, -3) + 'y';
  if (token.length > 3 && /(ss|x|ch|sh)es$/.test(token)) return token.slice(0, -2);
  if (token.length > 3 && token.endsWith('s') && !token.endsWith('ss') && !token.endsWith('us') && !token.endsWith('is')) {
    return token.slice(0, -1);
  }
  return token;
}

/** `LaserScan` → `laser scan`, `PointCloud2` → `point cloud2`, `TF` → `tf`. */
export function splitCamel(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
}

/** How a phrase matched a text: where, over how many tokens, and whether every token matched as written. */
export interface PhraseHit {
  start: number;
  length: number;
  exact: boolean;
}

/** A text split into tokens, with each token's singular worked out once. */
export interface PreparedText {
  tokens: readonly string[];
  singulars: readonly string[];
  /** Every token and singular, so phrases that cannot match are skipped at once. */
  present: ReadonlySet<string>;
}

/** `/camera/depth/points`, `robot1/scan`, `rviz_default_plugins/Map`: names, whose parts are not words of the request. */
const SLASHED_NAME = /[^\s,;:()"'`]*\/[^\s,;:()"'`]*/g;

/** Tokens of a request with ROS names (anything holding a `/`) left out: "/camera/color/image_raw" says nothing about Color. */
export function prepareText(text: string): PreparedText {
  const tokens = tokenize(text.replace(SLASHED_NAME, ' '));
  const singulars = tokens.map(singular);
  return { tokens, singulars, present: new Set([...tokens, ...singulars]) };
}

/**
 * Finds a phrase (already tokenized) as whole, contiguous tokens of a text. A text token matches a phrase token when it is
 * equal, or when it is that token's plural ("markers" matches "marker"); a plural phrase token never matches a singular
 * text token, so "frame" does not match the word "frames".
 */
export function findPhrase(text: PreparedText, phrase: readonly string[]): PhraseHit | undefined {
  const { tokens, singulars } = text;
  if (phrase.length === 0 || phrase.length > tokens.length || !text.present.has(phrase[0]!)) return undefined;
  let best: PhraseHit | undefined;
  for (let start = 0; start + phrase.length <= tokens.length; start++) {
    let exact = true;
    let ok = true;
    for (let k = 0; k < phrase.length && ok; k++) {
      const p = phrase[k]!;
      if (tokens[start + k] === p) continue;
      if (singulars[start + k] === p) exact = false;
      else ok = false;
    }
    if (ok && (best === undefined || (exact && !best.exact))) best = { start, length: phrase.length, exact };
    if (best?.exact) break;
  }
  return best;
}

/** A word table without Object.prototype behind it: a request word such as "constructor" finds nothing in it. */
export function wordTable<T>(entries: Record<string, T>): Readonly<Record<string, T>> {
  return Object.assign(Object.create(null) as Record<string, T>, entries);
}
