// The one state per display (src/core/diagnosis/display-state.ts): each state and each cause, stale timing as a pure
// function of times, the QoS gate from a document and a snapshot, and the period the scene measures.
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { parse } from '../../../src/core/rviz/document.ts';
import { catalog } from '../../../src/core/catalog/index.ts';
import { displayState, latchedTopic, qosBlocks, staleAfterMs, type DisplayStateInput } from '../../../src/core/diagnosis/display-state.ts';
import type { Finding } from '../../../src/core/diagnosis/types.ts';
import type { Endpoint, GraphSnapshot, TopicInfo } from '../../../src/core/graph/types.ts';
import { PeriodEstimator } from '../../../src/view/spec/period.ts';
import { legendRow } from '../../../src/view/spec/legend.ts';
import type { ViewDisplay } from '../../../src/view/spec/draw-spec.ts';

const finding = (code: Finding['code'], summary: string = code): Finding =>
  ({ code, severity: 'error', subject: { kind: 'display', name: 'Scan', display: 'Scan' }, summary, evidence: [] });

const NOW = 100_000;
const base = (over: Partial<DisplayStateInput> = {}): DisplayStateInput => ({
  hasTopic: true, findings: [], live: true, now: NOW,
  scene: { hasData: true, transformOk: true, lastMessageAt: NOW - 50, periodMs: 100 }, ...over,
});

describe('displayState', () => {
  it('drawing: data arriving now, transform resolved, RViz would receive it', () => {
    expect(displayState(base())).toEqual({ state: 'drawing', label: 'drawing', ageMs: 50 });
  });

  it('rviz-only and wrong-type come first, with their reason', () => {
    expect(displayState(base({ rvizOnly: 'wrenches are drawn by RViz only' }))).toMatchObject({ state: 'rviz-only', detail: 'wrenches are drawn by RViz only' });
    expect(displayState(base({ findings: [finding('TOPIC_TYPE_MISMATCH', '/odom_pose carries PoseStamped')] })))
      .toMatchObject({ state: 'wrong-type', detail: '/odom_pose carries PoseStamped' });
  });

  it('a QoS request no publisher can meet is no-data with the cause, although messages arrive', () => {
    const r = displayState(base({ qosBlock: 'LaserScan "Scan" requests Reliable but /scan is published Best Effort: RViz receives nothing' }));
    expect(r).toMatchObject({ state: 'no-data', label: 'no data: QoS mismatch' });
    expect(r.detail).toMatch(/Reliable.*Best Effort/);
  });

  it('no-transform from the scene lookup, else from the frame findings while the lookup is unknown', () => {
    expect(displayState(base({ scene: { hasData: true, transformOk: false, transformReason: 'frame "laser" is not in TF' } })))
      .toMatchObject({ state: 'no-transform', detail: 'frame "laser" is not in TF' });
    expect(displayState(base({ scene: { hasData: true }, findings: [finding('FIXED_FRAME_NOT_IN_TF', 'Fixed Frame world is not in TF')] })))
      .toMatchObject({ state: 'no-transform', detail: 'Fixed Frame world is not in TF' });
  });

  it('no-data before the first message, with the diagnosis cause (no publisher, nothing measured) or the disconnect', () => {
    expect(displayState(base({ scene: { hasData: false } }))).toEqual({ state: 'no-data', label: 'no data yet' });
    expect(displayState(base({ scene: undefined, findings: [finding('TOPIC_NO_PUBLISHER', 'nobody publishes /x')] })))
      .toMatchObject({ state: 'no-data', detail: 'nobody publishes /x' });
    expect(displayState(base({ scene: undefined, findings: [finding('NO_DATA', '/sonar/range: no message in 5 s')] })))
      .toMatchObject({ state: 'no-data', detail: '/sonar/range: no message in 5 s' });
    expect(displayState(base({ scene: { hasData: false }, live: false }))).toMatchObject({ state: 'no-data', detail: 'not connected to the robot' });
  });

  it('stale at once when the link is not connected, topic or not, latched or not', () => {
    expect(displayState(base({ live: false }))).toMatchObject({ state: 'stale', detail: 'the robot is not connected; last data 0.1 s ago' });
    expect(displayState(base({ live: false, hasTopic: false, scene: { hasData: true, transformOk: true } })))
      .toMatchObject({ state: 'stale', detail: 'the robot is not connected', label: 'stale' });
    expect(displayState(base({ live: false, latched: true }))).toMatchObject({ state: 'stale' });
  });

  it('stale after twice the measured period, never before 1 s nor after 5 s', () => {
    const at = (age: number, periodMs?: number, extra: Partial<DisplayStateInput> = {}) =>
      displayState(base({ scene: { hasData: true, transformOk: true, lastMessageAt: NOW - age, ...(periodMs !== undefined ? { periodMs } : {}) }, ...extra })).state;
    // 1 Hz: stale after 2 s.
    expect(at(1999, 1000)).toBe('drawing');
    expect(at(2001, 1000)).toBe('stale');
    // 10 Hz: twice is 200 ms, but not before 1 s.
    expect(at(999, 100)).toBe('drawing');
    expect(at(1001, 100)).toBe('stale');
    // 0.2 Hz, or one message so far: at most 5 s.
    expect(at(4999, 5000)).toBe('drawing');
    expect(at(5001, 5000)).toBe('stale');
    expect(at(5001)).toBe('stale');
    expect(at(4999)).toBe('drawing');
    // The link's measured rate stands in for a period the scene has not measured yet.
    expect(at(1500, undefined, { rateHz: 1 })).toBe('drawing');
    expect(at(2500, undefined, { rateHz: 1 })).toBe('stale');
    // A latched topic's one message stays current; a topic-less display has no messages to wait for.
    expect(at(60_000, undefined, { latched: true })).toBe('drawing');
    expect(at(60_000, undefined, { hasTopic: false })).toBe('drawing');
    const stale = displayState(base({ scene: { hasData: true, transformOk: true, lastMessageAt: NOW - 7300, periodMs: 100 } }));
    expect(stale).toMatchObject({ state: 'stale', label: 'stale · 7.3 s ago', detail: 'no message for 7.3 s (expected within 1.0 s)', ageMs: 7300 });
  });

  it('staleAfterMs: 2 × period within [min, max]', () => {
    expect(staleAfterMs(undefined)).toBe(5000);
    expect(staleAfterMs(0)).toBe(5000);
    expect(staleAfterMs(50)).toBe(1000);
    expect(staleAfterMs(1200)).toBe(2400);
    expect(staleAfterMs(10_000)).toBe(5000);
    expect(staleAfterMs(300, { minMs: 200, maxMs: 3000 })).toBe(600);
  });
});

describe('the legend row follows the same rule', () => {
  const scan: ViewDisplay = { name: 'Scan', key: 'Visualization Manager/Displays/1', classId: 'rviz_default_plugins/LaserScan', type: 'LaserScan',
    topic: { name: '/scan', messageTypes: ['sensor_msgs/msg/LaserScan'] }, spec: { kind: 'points', style: 'Points', sizeM: 0.01, sizePx: 3, alpha: 1, decayTime: 0,
      colors: {} as never } };
  const status = { hasData: true, transformOk: true, objects: 3, lastMessageAt: NOW - 3000, periodMs: 100, notes: [] };
  it('stale and not drawn; dimming is the scene\'s; QoS-blocked is no-data and not drawn', () => {
    expect(legendRow(scan, status, [], { now: NOW, live: true })).toMatchObject({ state: 'stale', drawn: false, objects: 3 });
    expect(legendRow(scan, { ...status, lastMessageAt: NOW - 10 }, [], { now: NOW, live: true })).toMatchObject({ state: 'drawing', drawn: true });
    expect(legendRow(scan, { ...status, lastMessageAt: NOW - 10 }, [], { now: NOW, live: false })).toMatchObject({ state: 'stale', drawn: false });
    expect(legendRow(scan, { ...status, lastMessageAt: NOW - 10 }, [], { now: NOW, live: true, qosBlocks: new Map([[scan.key, 'QoS']]) }))
      .toMatchObject({ state: 'no-data', detail: 'QoS', drawn: false });
    expect(legendRow(scan, status, [], { now: NOW, live: true, latched: new Set(['/scan']) })).toMatchObject({ state: 'drawing' });
  });
});

const pub = (node: string, reliability: 'reliable' | 'best_effort', durability: 'volatile' | 'transient_local', source: Endpoint['source'] = 'reported'): Endpoint =>
  ({ node, source, qos: { reliability, durability, history: 'keep_last', depth: 1 } });

function snapshotOf(topics: TopicInfo[]): GraphSnapshot {
  return { takenAt: 0, url: 'ws://x', presence: 'connected', topics, nodes: [], tf: [], problems: [], qosReported: true };
}

describe('qosBlocks: displays RViz would receive nothing on', () => {
  const doc = (() => {
    const r = parse(readFileSync('sim/scenarios/qos_traps.rviz', 'utf8'), { name: 'qos_traps.rviz' });
    if (!r.ok) throw new Error(r.reason);
    return r.doc;
  })();
  const scanPath = (blocks: Map<string, string>) => [...blocks.keys()].find(() => true);

  it('a Reliable LaserScan on a Best Effort publisher is blocked, with the cause', () => {
    const blocks = qosBlocks(doc, snapshotOf([{ name: '/scan', type: 'sensor_msgs/msg/LaserScan', publishers: [pub('/lidar', 'best_effort', 'volatile')], subscribers: [] }]), catalog);
    expect(blocks.size).toBe(1);
    expect(scanPath(blocks)).toMatch(/^Visualization Manager\/Displays\//);
    expect([...blocks.values()][0]).toMatch(/LaserScan ".*" requests Reliable but \/scan is published Best Effort: RViz receives nothing/);
  });

  it('not blocked when one publisher can deliver, when the QoS is unknown, or when the type does not match', () => {
    const topic = (publishers: Endpoint[], type = 'sensor_msgs/msg/LaserScan'): TopicInfo => ({ name: '/scan', type, publishers, subscribers: [] });
    expect(qosBlocks(doc, snapshotOf([topic([pub('/a', 'best_effort', 'volatile'), pub('/b', 'reliable', 'volatile')])]), catalog).size).toBe(0);
    expect(qosBlocks(doc, snapshotOf([topic([pub('/a', 'best_effort', 'volatile', 'unknown')])]), catalog).size).toBe(0);
    expect(qosBlocks(doc, snapshotOf([topic([pub('/a', 'best_effort', 'volatile')], 'std_msgs/msg/String')]), catalog).size).toBe(0);
    expect(qosBlocks(doc, undefined, catalog).size).toBe(0);
  });

  it('a Transient Local request on a Volatile publisher is blocked too', () => {
    // qos_traps' RobotModel asks Transient Local on /robot_description.
    const blocks = qosBlocks(doc, snapshotOf([{ name: '/robot_description', type: 'std_msgs/msg/String', publishers: [pub('/rsp', 'reliable', 'volatile')], subscribers: [] }]), catalog);
    expect([...blocks.values()][0]).toMatch(/requests Transient Local but \/robot_description is published Volatile/);
  });

  it('latchedTopic: every publisher known Transient Local', () => {
    const t = (publishers: Endpoint[]): TopicInfo => ({ name: '/map', type: 'nav_msgs/msg/OccupancyGrid', publishers, subscribers: [] });
    expect(latchedTopic(t([pub('/m', 'reliable', 'transient_local'), pub('/n', 'reliable', 'transient_local', 'inferred')]))).toBe(true);
    expect(latchedTopic(t([pub('/m', 'reliable', 'transient_local'), pub('/n', 'reliable', 'volatile')]))).toBe(false);
    expect(latchedTopic(t([pub('/m', 'reliable', 'transient_local', 'unknown')]))).toBe(false);
    expect(latchedTopic(t([]))).toBe(false);
    expect(latchedTopic(undefined)).toBe(false);
  });
});

describe('PeriodEstimator', () => {
  it('the median of the last intervals; one late message moves it little', () => {
    const p = new PeriodEstimator(5);
    expect(p.periodMs).toBeUndefined();
    p.record(0);
    expect(p.periodMs).toBeUndefined();
    for (const t of [100, 200, 300, 1300, 1400]) p.record(t);
    expect(p.periodMs).toBe(100);
    p.record(1400); // the same message replayed: no interval
    p.record(1350); // out of order: ignored
    expect(p.periodMs).toBe(100);
  });
});
