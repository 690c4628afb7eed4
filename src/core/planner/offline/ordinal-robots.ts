// A robot named by its number or its place among the robot's numbered namespaces (robot1, robot2 or husky_0,
// husky_1): "robot 2", "robot-2", "the first robot", "the 2nd robot's scan" are written as that namespace, so the
// clause binds to one robot and not to every robot's displays.
import { ORDINAL_PLACES } from './lexicon.ts';

/** A numbered namespace's kind and number as written: `husky_0` → husky, 0. */
function numbered(ns: string): { kind: string; digits: string } | undefined {
  const m = /^([a-z_]*?[a-z])_?(\d+)$/i.exec(ns);
  return m ? { kind: m[1]!.toLowerCase(), digits: m[2]! } : undefined;
}

/** The namespaces of one kind ("robot", "husky"), in the order of their numbers. */
function numberedKinds(namespaces: readonly string[]): Map<string, string[]> {
  const kinds = new Map<string, { ns: string; n: number }[]>();
  for (const ns of namespaces) {
    const m = numbered(ns);
    if (!m) continue;
    kinds.set(m.kind, [...(kinds.get(m.kind) ?? []), { ns, n: Number(m.digits) }]);
  }
  return new Map([...kinds].map(([k, list]) => [k, list.sort((a, b) => a.n - b.n).map((x) => x.ns)]));
}

/**
 * The request with "the first robot" written as its namespace. A place no namespace holds ("the third robot" of two)
 * is written as the robot of that number (not here), so it is never read as every robot.
 */
export function ordinalRobots(text: string, namespaces: readonly string[]): string {
  let out = text;
  for (const [kind, ordered] of numberedKinds(namespaces)) {
    if (ordered.length < 2) continue;
    const nouns = kind === 'robot' ? 'robot' : `robot|${kind}`;
    out = out.replace(new RegExp(`\\b(?:the\\s+)?(${Object.keys(ORDINAL_PLACES).join('|')})\\s+(?:${nouns})\\b`, 'gi'), (match, word: string) => {
      const place = ORDINAL_PLACES[word.toLowerCase()]!;
      return ordered[place - 1] ?? `${kind}${place}`;
    });
  }
  return out;
}

/** ("make the robot 2 m wide": a number with its unit is a value, not a robot's.) */
const NO_UNIT = String.raw`(?!\s*(?:%|cm|mm|m|s|px)\b)`;

/**
 * The request with every robot named by place or by number ("robot 1", "robot-1") written as its namespace; a number
 * no namespace of that kind has ("robot 3" of two) is written the same way (`robot3`), so it is never read as a
 * Robot Model and every robot's displays.
 */
export function namespacesNamed(text: string, namespaces: readonly string[]): string {
  let out = ordinalRobots(text, namespaces);
  for (const ns of namespaces) {
    const m = numbered(ns);
    if (m) out = out.replace(new RegExp(`\\b${m.kind}[\\s_-]?${m.digits}\\b${NO_UNIT}`, 'gi'), ns);
  }
  for (const [kind, ordered] of numberedKinds(namespaces)) {
    if (ordered.length < 2) continue;
    out = out.replace(new RegExp(`\\b${kind}[\\s_-]?(\\d+)\\b${NO_UNIT}`, 'gi'), (match, digits: string) => (ordered.some((ns) => numbered(ns)?.digits === digits) ? match : `${kind}${digits}`));
  }
  return out;
}

/** A numbered robot a clause names that is not here ("robot3" of robot1 and robot2), as written. */
export function absentRobot(tokens: readonly string[], namespaces: readonly string[]): string | undefined {
  const kinds = numberedKinds(namespaces);
  return tokens.find((t) => {
    const m = numbered(t);
    return m !== undefined && (kinds.get(m.kind)?.length ?? 0) > 1 && !namespaces.some((ns) => ns.toLowerCase() === t);
  });
}

/** "both robots'", "on each robot", "for all the robots": every robot, as a scope. */
const EVERY_ROBOT = /(?:\b(?:on|for|of|in|from|across)\s+)?\b(?:both|all|each|every)\s+(?:of\s+)?(?:the\s+)?(?:two\s+)?robots?(?:['’]s|['’])?(?=[\s:,.;!?]|$)\s*[:,]?/gi;

/**
 * The request without "both robots" when it changes a setting of a display type besides the robot model ("draw both
 * robots' scans as spheres", "keep 5 odometry arrows on each robot"): "robots" then says whose displays, every robot's,
 * which is what a type named with no robot means; it is no Robot Model to change. `setsOther` says whether a text does.
 */
export function everyRobotAsScope(text: string, namespaces: readonly string[], setsOther: (text: string) => boolean): string {
  if (namespaces.length < 2) return text;
  const without = text.replace(EVERY_ROBOT, ' ').replace(/\s+/g, ' ').trim();
  return without !== text.trim() && without !== '' && setsOther(without) ? without : text;
}

/**
 * "show both lidars", "hide both plans": with several robots, "both" before a plural display word is every robot's, as
 * "the lidars of both robots" says it (which adds what a robot lacks). `names` says whether a word names a display type.
 */
export function bothAsEveryRobot(text: string, namespaces: readonly string[], names: (word: string) => boolean): string {
  if (namespaces.length < 2) return text;
  return text.replace(/\bboth\s+(?:the\s+)?([a-z]{3,}s)\b(?!\s+(?:of|for|on)\b)/gi, (whole, noun: string) => (names(noun) && !/^robots$/i.test(noun) ? `the ${noun} of both robots` : whole));
}
