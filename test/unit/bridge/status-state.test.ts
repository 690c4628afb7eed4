// Pure bridge rules: reading the status JSON (bad input is a problem, never a throw), deriving the RViz state from the
// graph and the latest telling status, and the sentences the companion says.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeSendOutcome, formatDuration, isOwnConfigEcho } from '../../../src/core/bridge/messages.ts';
import { bridgeInGraph, deriveRvizState, modeEvidence } from '../../../src/core/bridge/state.ts';
import { parseBridgeStatus, type BridgeStatus } from '../../../src/core/bridge/status.ts';
import type { TopicInfo } from '../../../src/core/graph/types.ts';

const status = (patch: Partial<BridgeStatus> = {}): BridgeStatus =>
  ({ stamp: 1700000000.5, ok: true, action: 'loaded', reason: '', file: '/home/u/.rviz2/companion/current.rviz', version: 3, took_ms: 1900, ...patch });

describe('parseBridgeStatus', () => {
  it('reads the documented shape, and tolerates extra fields and a missing reason or file', () => {
    expect(parseBridgeStatus(JSON.stringify(status()))).toEqual({ ok: true, value: status() });
    const extra = parseBridgeStatus(JSON.stringify({ ...status(), reason: null, file: undefined, rviz_pid: 42 }));
    expect(extra).toEqual({ ok: true, value: status({ reason: '', file: '' }) });
    expect(parseBridgeStatus(JSON.stringify({ ...status(), mode: 'write-only' }))).toEqual({ ok: true, value: status({ mode: 'write-only' }) });
    expect(parseBridgeStatus(JSON.stringify({ ...status(), mode: 'sometimes' }))).toEqual({ ok: true, value: status() });
  });

  it('turns every kind of bad status into a problem with the path that is wrong', () => {
    const reasons = [
      [undefined, 'the message has no text "data" field'],
      ['{"stamp": 1', 'not JSON'],
      ['[]', '(root): must be an object'],
      [JSON.stringify({ ...status(), stamp: 'now' }), '/stamp: must be a number'],
      [JSON.stringify({ ...status(), ok: 'yes' }), '/ok: must be true or false'],
      [JSON.stringify({ ...status(), action: 'reloaded' }), '/action: must be one of loaded, written, refused, rviz_exited (got "reloaded")'],
      [JSON.stringify({ ...status(), reason: 7 }), '/reason: must be a string'],
      [JSON.stringify({ ...status(), version: 1.5 }), '/version: must be a whole number ≥ 0'],
      [JSON.stringify({ ...status(), took_ms: -1 }), '/took_ms: must be a number ≥ 0'],
    ] as const;
    for (const [data, why] of reasons) {
      const r = parseBridgeStatus(data);
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.problem.id).toBe('rviz-bridge:status-invalid');
        expect(r.problem.message).toContain(why);
      }
    }
  });

  it('never throws, whatever the robot sends', () => {
    fc.assert(fc.property(fc.oneof(fc.string(), fc.json(), fc.anything()), (data) => { parseBridgeStatus(data); }));
  });

  it('cuts a very long reason to 500 characters', () => {
    const r = parseBridgeStatus(JSON.stringify(status({ ok: false, action: 'refused', reason: 'x'.repeat(10_000) })));
    expect(r.ok && r.value.reason.length).toBe(500);
  });
});

const endpoint = (node: string) => ({ node, qos: { reliability: 'reliable', durability: 'volatile', history: 'keep_last', depth: 10 } as const, source: 'reported' as const });
const topic = (name: string, pubs: string[], subs: string[]): TopicInfo => ({ name, type: 'std_msgs/msg/String', publishers: pubs.map(endpoint), subscribers: subs.map(endpoint) });
const withBridge = [topic('/rviz_companion/rviz_config', ['/rosbridge_websocket'], ['/rviz_companion_bridge']),
  topic('/rviz_companion/rviz_config_status', ['/rviz_companion_bridge'], ['/rosbridge_websocket'])];
/** What our own use of the topics leaves in a graph without the bridge: rosbridge on both ends. */
const onlyRosbridge = [topic('/rviz_companion/rviz_config', ['/rosbridge_websocket'], []),
  topic('/rviz_companion/rviz_config_status', [], ['/rosbridge_websocket'])];

describe('deriveRvizState', () => {
  it('no bridge when only rosbridge (our own publisher and subscriber) touches the topics', () => {
    expect(bridgeInGraph(onlyRosbridge)).toBe(false);
    expect(bridgeInGraph(withBridge)).toBe(true);
    expect(bridgeInGraph([withBridge[1]!])).toBe(true);
    const s = deriveRvizState({ presence: 'connected', topics: onlyRosbridge, evidence: status() });
    expect(s).toMatchObject({ mode: 'no-bridge', label: 'no bridge', bridgePresent: false, sendByDefault: false });
    expect(s.detail).toMatch(/Apply and Undo reach the running RViz, and every publisher's QoS is reported instead of inferred\.$/);
  });

  it('a robot that reports QoS but takes no configs says so', () => {
    const s = deriveRvizState({ presence: 'connected', topics: [...onlyRosbridge, topic('/rviz_companion/qos', ['/rviz_companion_bridge'], [])], evidence: undefined });
    expect(s).toMatchObject({ mode: 'no-bridge', bridgePresent: false });
    expect(s.detail).toMatch(/^This robot reports QoS on \/rviz_companion\/qos but nothing takes configs/);
  });

  it('follows, write only, read-only and RViz exited from the latest telling status; other refusals change nothing', () => {
    const derive = (e: BridgeStatus | undefined) => deriveRvizState({ presence: 'connected', topics: withBridge, evidence: e });
    expect(derive(undefined)).toMatchObject({ mode: 'bridge', label: 'RViz bridge found', sendByDefault: true });
    expect(derive(status())).toMatchObject({ mode: 'follows', label: 'RViz follows', sendByDefault: true });
    expect(derive(status({ action: 'written' }))).toMatchObject({ mode: 'write-only', label: 'RViz: write only', sendByDefault: true });
    const ro = status({ ok: false, action: 'refused', reason: 'read-only: this bridge runs with read_only:=true and accepts no config' });
    expect(derive(ro)).toMatchObject({ mode: 'read-only', label: 'RViz: read-only', sendByDefault: false, bridgePresent: true });
    expect(derive(status({ ok: false, action: 'rviz_exited', reason: 'code 1' }))).toMatchObject({ mode: 'rviz-exited', label: 'RViz exited' });
    const yaml = status({ ok: false, action: 'refused', reason: 'YAML does not parse: x' });
    expect(modeEvidence(status({ action: 'written' }), yaml)?.action).toBe('written');
    expect(modeEvidence(undefined, yaml)).toBeUndefined(); // a bridge older than the mode field
    // A client connecting after a refusal (the status topic keeps only the last message) learns the mode from it.
    expect(derive(modeEvidence(undefined, { ...yaml, mode: 'supervised' }))).toMatchObject({ mode: 'follows', label: 'RViz follows' });
    expect(derive(modeEvidence(undefined, { ...yaml, mode: 'write-only' }))).toMatchObject({ mode: 'write-only' });
    expect(derive(modeEvidence(undefined, { ...yaml, mode: 'read-only' }))).toMatchObject({ mode: 'read-only' });
    expect(modeEvidence(status({ action: 'rviz_exited', ok: false }), { ...yaml, mode: 'supervised' })?.action).toBe('rviz_exited');
    expect(modeEvidence(ro, status())?.action).toBe('loaded');
  });

  it('says nothing about RViz before it is connected or has a graph', () => {
    expect(deriveRvizState({ presence: 'reconnecting', topics: withBridge, evidence: status() }).mode).toBe('offline');
    expect(deriveRvizState({ presence: 'connected', topics: undefined, evidence: undefined }).mode).toBe('checking');
  });
});

describe('messages', () => {
  it('says how long RViz took, or why not and what to do, keeping the document', () => {
    expect(describeSendOutcome({ kind: 'status', status: status() })).toEqual({ ok: true, text: 'RViz loaded it in 1.9 s' });
    expect(describeSendOutcome({ kind: 'status', status: status({ took_ms: 312 }) }).text).toBe('RViz loaded it in 0.3 s');
    const refused = describeSendOutcome({ kind: 'status', status: status({ ok: false, action: 'refused', reason: 'YAML does not parse: bad indent' }) });
    expect(refused.ok).toBe(false);
    expect(refused.text).toBe('The robot refused it: YAML does not parse: bad indent. Your document is as applied; nothing was lost. Check the document with `rviz-companion lint FILE.rviz`, fix it, and Apply again.');
    expect(describeSendOutcome({ kind: 'status', status: status({ ok: false, action: 'refused', reason: 'read_only: no' }) }).text).toContain('read_only:=false');
    expect(describeSendOutcome({ kind: 'timeout', waitedMs: 15_000 }).text).toBe('No answer from the bridge within 15 s; your document is as applied. Check that rviz_companion_bridge runs, then Apply again.');
    expect(formatDuration(40)).toBe('40 ms');
    expect(formatDuration(12_400)).toBe('12 s');
  });

  it('recognises its own config echoing back on rviz_config_current', () => {
    expect(isOwnConfigEcho('a', { documentText: 'a', sentTexts: [] })).toBe(true);
    expect(isOwnConfigEcho('b', { documentText: 'a', sentTexts: ['b'] })).toBe(true);
    expect(isOwnConfigEcho('c', { documentText: 'a', sentTexts: ['b'] })).toBe(false);
  });
});
