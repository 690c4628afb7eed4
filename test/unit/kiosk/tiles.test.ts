// Kiosk tiles over every simulated scenario (real link, in-process robot): which tiles each robot gets, that a tap's
// actions go through the planner pipeline and apply, and that the next tile set shows the display on, then off again.
import { readFileSync } from 'node:fs';
import Ajv from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalog } from '../../../src/core/catalog/index.ts';
import { DEFAULT_RVIZ_CONFIG } from '../../../src/core/default-rviz.ts';
import { diagnose, documentFacts, topicsToSample } from '../../../src/core/diagnosis/index.ts';
import { FIX_REQUEST, kioskTiles, kioskTileSpecs, tileProposer, type KioskTile, type ToggleTile } from '../../../src/core/kiosk/tiles.ts';
import { createOfflineProposer, planRequest } from '../../../src/core/planner/index.ts';
import { applyActions, listDisplays, parse, type RvizDocument } from '../../../src/core/rviz/index.ts';
import type { GraphSnapshot } from '../../../src/core/graph/types.ts';
import { openRobotSession } from '../../../src/cli/robot-session.ts';
import { listScenarios } from '../../../sim/server.ts';

const root = new URL('../../../', import.meta.url).pathname;

function docOf(text: string): RvizDocument {
  const r = parse(text);
  if (!r.ok) throw new Error(r.reason);
  return r.doc;
}

/** The config the scenario's robot starts with, else the built-in default (what the app shows). */
function startingDoc(name: string): RvizDocument {
  try { return docOf(readFileSync(`${root}sim/scenarios/${name}.rviz`, 'utf8')); } catch { return docOf(DEFAULT_RVIZ_CONFIG); }
}

const describeTile = (t: KioskTile) => (t.kind === 'fix' ? t.label : `${t.label}:${t.on ? 'on' : 'off'}`);

async function tap(tile: ToggleTile, document: RvizDocument, snapshot: GraphSnapshot): Promise<RvizDocument> {
  const { plan } = await planRequest({ request: tile.request, document, snapshot, proposer: tileProposer(tile) });
  expect(plan.rejected).toEqual([]);
  const r = applyActions(document, plan.actions.filter((a) => a.checked), { lookup: catalog });
  if (!r.ok) throw new Error(r.reason);
  return r.doc;
}

describe('catalog/kiosk-tiles.json', () => {
  it('passes its schema, and every display type and pattern resolves', () => {
    const schema = JSON.parse(readFileSync(`${root}catalog/kiosk-tiles.schema.json`, 'utf8')) as object;
    const validate = new Ajv({ strict: true, allErrors: true }).compile(schema);
    expect(validate(kioskTileSpecs), JSON.stringify(validate.errors)).toBe(true);
    for (const t of kioskTileSpecs.tiles) {
      expect(catalog.resolveType(t.displayType), t.id).toBeDefined();
      for (const p of [t.topicMatches, t.topicExcludes]) if (p) expect(() => new RegExp(p)).not.toThrow();
    }
    expect(new Set(kioskTileSpecs.tiles.map((t) => t.id)).size).toBe(kioskTileSpecs.tiles.length);
  });
});

describe('kiosk tiles on every simulated robot', () => {
  const names = listScenarios();
  const sessions = new Map<string, { snapshot: GraphSnapshot; doc: RvizDocument; tiles: KioskTile[] }>();

  beforeAll(async () => {
    for (const name of names) {
      const doc = startingDoc(name);
      const facts = documentFacts(doc, catalog);
      const s = await openRobotSession({ scenario: name, sampleMs: 1500, watch: (snap) => topicsToSample(snap, facts) });
      try {
        const findings = diagnose({ document: doc, snapshot: s.snapshot, now: Date.now(), stamps: s.stamps, sampledSince: s.sampledSince });
        sessions.set(name, { snapshot: s.snapshot, doc, tiles: kioskTiles({ document: doc, snapshot: s.snapshot, findings }) });
      } finally {
        await s.close();
      }
    }
  }, 120_000);
  afterAll(() => sessions.clear());

  it('covers every scenario', () => {
    expect([...sessions.keys()].sort()).toEqual(['big_graph', 'cloud_100k', 'empty', 'manipulator', 'multi_robot', 'qos_traps', 'turtlebot_nav']);
  });

  it('gives each robot the tiles of what it publishes', () => {
    const sets = Object.fromEntries([...sessions].map(([n, s]) => [n, s.tiles.map(describeTile)]));
    console.log(`kiosk tiles per scenario:\n${Object.entries(sets).map(([n, t]) => `  ${n}: ${t.join(', ')}`).join('\n')}`);
    expect(sets['empty']).toEqual([]);
    const nav = sets['turtlebot_nav']!;
    for (const id of ['Lidar', 'Map', 'Costmaps', 'Camera', 'Plan', 'Robot', 'TF frames', 'Odometry', 'Particles', 'Markers']) {
      expect(nav.some((t) => t.startsWith(`${id}:`)), `${id} in ${nav.join(', ')}`).toBe(true);
    }
    expect(nav.some((t) => t.startsWith('Fix')), 'its own config is clean').toBe(false);
    expect(sets['qos_traps']!.some((t) => /^Fix \d+ problems?$/.test(t))).toBe(true);
    expect(sets['manipulator']!.some((t) => t.startsWith('Lidar:'))).toBe(false);
    expect(sets['manipulator']!.some((t) => t.startsWith('Robot:'))).toBe(true);
    const lidar = sessions.get('multi_robot')!.tiles.find((t) => t.id === 'lidar') as ToggleTile;
    expect(lidar.topics).toEqual(['/robot1/scan', '/robot2/scan']);
  });

  it('separates the map from the costmaps', () => {
    const nav = sessions.get('turtlebot_nav')!.tiles;
    const map = nav.find((t) => t.id === 'map') as ToggleTile;
    const costmaps = nav.find((t) => t.id === 'costmaps') as ToggleTile;
    expect(map.topics).toEqual(['/map']);
    expect(costmaps.topics.length).toBe(2);
    expect(costmaps.topics.every((t) => /costmap/.test(t))).toBe(true);
  });

  it('shows then hides through the planner on every robot, each tap one valid plan', async () => {
    for (const [name, s] of sessions) {
      for (const tile of s.tiles) {
        if (tile.kind !== 'toggle') continue;
        const first = await tap(tile, s.doc, s.snapshot);
        const after = kioskTiles({ document: first, snapshot: s.snapshot }).find((t) => t.id === tile.id) as ToggleTile;
        expect(after.on, `${name} ${tile.id} after one tap`).toBe(!tile.on);
        const second = await tap(after, first, s.snapshot);
        const back = kioskTiles({ document: second, snapshot: s.snapshot }).find((t) => t.id === tile.id) as ToggleTile;
        expect(back.on, `${name} ${tile.id} after two taps`).toBe(tile.on);
      }
    }
  }, 60_000);

  it('shows the lidar of the default document with a QoS the publisher accepts (completed by the pipeline)', async () => {
    const s = sessions.get('turtlebot_nav')!;
    const base = docOf(DEFAULT_RVIZ_CONFIG);
    const lidar = kioskTiles({ document: base, snapshot: s.snapshot }).find((t) => t.id === 'lidar') as ToggleTile;
    expect(lidar.on).toBe(false);
    expect(lidar.actions).toMatchObject([{ action: 'add_display', display_type: 'rviz_default_plugins/LaserScan', topic: '/scan' }]);
    const { plan } = await planRequest({ request: lidar.request, document: base, snapshot: s.snapshot, proposer: tileProposer(lidar) });
    expect(plan.actions.some((a) => a.origin === 'auto' && a.property === 'Topic/Reliability Policy' && a.value === 'Best Effort')).toBe(true);
    const after = applyActions(base, plan.actions, { lookup: catalog });
    expect(after.ok && listDisplays(after.doc, catalog).some((d) => d.classId.endsWith('/LaserScan') && d.enabled)).toBe(true);
  });

  it('makes the fix tile a request the planner turns into repairs', async () => {
    const s = sessions.get('qos_traps')!;
    const fix = s.tiles.find((t) => t.kind === 'fix');
    expect(fix?.request).toBe(FIX_REQUEST);
    const { plan } = await planRequest({ request: FIX_REQUEST, document: s.doc, snapshot: s.snapshot, proposer: createOfflineProposer() });
    expect(plan.actions.length).toBeGreaterThan(0);
  });
});
