// parseSliced gives parse's result in slices: same documents for real configs, same failures, and it does pause.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, serialize } from '../../../src/core/rviz/document.ts';
import { parseSliced } from '../../../src/core/rviz/parse-sliced.ts';

const corpus = '/work/shared/rviz-corpus';
const scenarios = new URL('../../../sim/scenarios/', import.meta.url).pathname;

function configs(): { name: string; text: string }[] {
  const out = readdirSync(scenarios).filter((f) => f.endsWith('.rviz')).map((f) => ({ name: f, text: readFileSync(join(scenarios, f), 'utf8') }));
  try {
    for (const f of readdirSync(corpus).filter((x) => x.endsWith('.rviz')).slice(0, 12)) out.push({ name: f, text: readFileSync(join(corpus, f), 'utf8') });
  } catch {
    // The shared corpus is not on every machine; the scenario configs still cover the path.
  }
  return out;
}

describe('parseSliced', () => {
  it('matches parse on real configs and pauses between slices', async () => {
    for (const { name, text } of configs()) {
      let pauses = 0;
      const sliced = await parseSliced(text, async () => { pauses++; }, { name }, { sliceMs: 0 });
      const plain = parse(text, { name });
      expect(sliced.ok, name).toBe(plain.ok);
      if (!sliced.ok || !plain.ok) { expect(sliced).toEqual(plain); continue; }
      expect(sliced.doc.yaml.toJS(), name).toEqual(plain.doc.yaml.toJS());
      expect(serialize(sliced.doc), name).toBe(serialize(plain.doc));
      expect(sliced.doc.ros1).toBe(plain.doc.ros1);
      if (text.length > 4000) expect(pauses, name).toBeGreaterThan(2);
    }
  });

  it('fails exactly as parse does', async () => {
    const cases = ['', 'a: [1, 2', 'Panels: []\n', 'x\u0000y', 'Visualization Manager:\n  Displays: 3\n', 'a: 1\n---\nb: 2\n'];
    for (const text of cases) {
      expect(await parseSliced(text, async () => undefined)).toEqual(parse(text));
    }
  });
});
