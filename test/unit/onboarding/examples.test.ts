// Example requests over every simulated robot: built from its own topics, 4–6 of them, and every one a request the
// offline planner turns into at least one change with nothing rejected.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { catalog } from '../../../src/core/catalog/index.ts';
import { DEFAULT_RVIZ_CONFIG } from '../../../src/core/default-rviz.ts';
import { diagnose, documentFacts, topicsToSample, type Finding } from '../../../src/core/diagnosis/index.ts';
import type { GraphSnapshot } from '../../../src/core/graph/types.ts';
import { exampleRequests, MAX_EXAMPLES } from '../../../src/core/onboarding/examples.ts';
import { createOfflineProposer, planRequest } from '../../../src/core/planner/index.ts';
import { parse, type RvizDocument } from '../../../src/core/rviz/index.ts';
import { openRobotSession } from '../../../src/cli/robot-session.ts';
import { listScenarios } from '../../../sim/server.ts';

const root = new URL('../../../', import.meta.url).pathname;
const docOf = (text: string): RvizDocument => { const r = parse(text); if (!r.ok) throw new Error(r.reason); return r.doc; };

interface Robot { snapshot: GraphSnapshot; findings: Finding[]; doc: RvizDocument }
const robots = new Map<string, Robot>();

beforeAll(async () => {
  for (const name of listScenarios()) {
    // As a newcomer meets it: the built-in default document (and, where the robot has one, its own config).
    for (const [label, text] of [['default', DEFAULT_RVIZ_CONFIG], ['own', safeRead(`${root}sim/scenarios/${name}.rviz`)]] as const) {
      if (!text) continue;
      const doc = docOf(text);
      const s = await openRobotSession({ scenario: name, sampleMs: 1200, watch: (snap) => topicsToSample(snap, documentFacts(doc, catalog)) });
      try {
        const findings = diagnose({ document: doc, snapshot: s.snapshot, now: Date.now(), stamps: s.stamps, sampledSince: s.sampledSince });
        robots.set(`${name}/${label}`, { snapshot: s.snapshot, findings, doc });
      } finally {
        await s.close();
      }
    }
  }
}, 180_000);

function safeRead(path: string): string | undefined {
  try { return readFileSync(path, 'utf8'); } catch { return undefined; }
}

describe('example requests', () => {
  it('offers 4–6 requests on every robot that has topics, naming its own topics', () => {
    const table: string[] = [];
    for (const [key, r] of robots) {
      const examples = exampleRequests({ document: r.doc, snapshot: r.snapshot, findings: r.findings });
      table.push(`  ${key}: ${examples.map((e) => `“${e}”`).join(', ')}`);
      expect(examples.length, key).toBeLessThanOrEqual(MAX_EXAMPLES);
      expect(new Set(examples).size).toBe(examples.length);
      if (r.snapshot.topics.length > 0) expect(examples.length, `${key}: ${examples.join(' | ')}`).toBeGreaterThanOrEqual(4);
      else expect(examples.length, key).toBeGreaterThanOrEqual(2);
    }
    console.log(`examples per robot:\n${table.join('\n')}`);
    const nav = exampleRequests({ document: docOf(DEFAULT_RVIZ_CONFIG), snapshot: robots.get('turtlebot_nav/default')!.snapshot });
    expect(nav).toContain('show /scan coloured by intensity');
    expect(nav).toContain('show /map');
    const multi = exampleRequests({ document: docOf(DEFAULT_RVIZ_CONFIG), snapshot: robots.get('multi_robot/default')!.snapshot });
    expect(multi.some((e) => /\/robot1\/scan/.test(e))).toBe(true);
    expect(exampleRequests({ ...robots.get('qos_traps/own')!, document: robots.get('qos_traps/own')!.doc })[0]).toBe('fix the problems');
  });

  it('plans every example into at least one change, none rejected', async () => {
    for (const [key, r] of robots) {
      for (const request of exampleRequests({ document: r.doc, snapshot: r.snapshot, findings: r.findings })) {
        const { plan } = await planRequest({ request, document: r.doc, snapshot: r.snapshot, findings: r.findings, proposer: createOfflineProposer() });
        expect(plan.actions.length, `${key}: “${request}” → ${plan.notes.join('; ')}`).toBeGreaterThan(0);
        expect(plan.rejected, `${key}: “${request}”`).toEqual([]);
      }
    }
  }, 60_000);
});
