// "the first robot", "the 2nd robot's scan": a place among the robot's numbered namespaces (robot1, robot2 or
// husky_0, husky_1), written as that namespace so the clause binds to one robot and not to every robot's displays.

const ORDINALS: Readonly<Record<string, number>> = {
  first: 1, '1st': 1, second: 2, '2nd': 2, third: 3, '3rd': 3, fourth: 4, '4th': 4, fifth: 5, '5th': 5,
};

/** The namespaces of one kind ("robot", "husky"), in the order of their numbers. */
function numberedKinds(namespaces: readonly string[]): Map<string, string[]> {
  const kinds = new Map<string, { ns: string; n: number }[]>();
  for (const ns of namespaces) {
    const m = /^([a-z_]*?[a-z])_?(\d+)$/i.exec(ns);
    if (!m) continue;
    const list = kinds.get(m[1]!.toLowerCase()) ?? [];
    list.push({ ns, n: Number(m[2]) });
    kinds.set(m[1]!.toLowerCase(), list);
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
    out = out.replace(new RegExp(`\\b(?:the\\s+)?(${Object.keys(ORDINALS).join('|')})\\s+(?:${nouns})\\b`, 'gi'), (match, word: string) => {
      const place = ORDINALS[word.toLowerCase()]!;
      return ordered[place - 1] ?? `${kind}${place}`;
    });
  }
  return out;
}
