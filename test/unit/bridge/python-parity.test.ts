// The simulated robot's bridge must refuse exactly what the Python bridge (ros/rviz_companion_bridge) refuses, with
// the same reasons: both judge the same inputs here. Runs where the package and python3 with PyYAML are present
// (RVIZ_BRIDGE_PACKAGE points elsewhere); otherwise skipped with the reason printed.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { refusalReason } from '../../../sim/bridge.ts';
import { deriveRvizState, modeEvidence } from '../../../src/core/bridge/state.ts';
import { parseBridgeStatus, type BridgeStatus } from '../../../src/core/bridge/status.ts';
import { corpusFiles } from '../rviz/corpus.ts';

const pkg = resolve(process.env.RVIZ_BRIDGE_PACKAGE ?? join(import.meta.dirname, '../../../ros/rviz_companion_bridge'));
const loader = join(pkg, 'rviz_companion_bridge', 'config_loader.py');
const python = spawnSync('python3', ['-c', 'import yaml'], { encoding: 'utf8' });
const skipReason = !existsSync(loader) ? `no Python bridge at ${loader} (set RVIZ_BRIDGE_PACKAGE)`
  : python.status !== 0 ? `python3 with PyYAML is not available (${(python.stderr || String(python.error ?? '')).trim().split('\n').at(-1)})` : '';
if (skipReason) console.log(`python parity tests skipped: ${skipReason}`);

/** Each input through the Python bridge's check_config; `null` = accepted. */
function pythonReasons(inputs: readonly { data: string; readOnly: boolean }[]): (string | null)[] {
  const script = String.raw`
import json, sys
sys.path.insert(0, sys.argv[1])
from rviz_companion_bridge.config_loader import check_config, Refusal
out = []
for case in json.load(sys.stdin):
    try:
        check_config(case['data'], read_only=case['readOnly'])
        out.append(None)
    except Refusal as r:
        out.append(r.reason)
print(json.dumps(out))
`;
  const r = spawnSync('python3', ['-c', script, pkg], { input: JSON.stringify(inputs), encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`python3 failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as (string | null)[];
}

/** YAML parsers word their errors differently; everything before the parser's own message must agree. */
const comparable = (reason: string | null | undefined): string | null =>
  reason == null ? null : reason.startsWith('YAML does not parse: ') ? 'YAML does not parse: …' : reason;

describe.skipIf(skipReason !== '')('sim bridge and Python bridge agree', () => {
  it('on every refusal rule and its exact reason', () => {
    const ok = 'Visualization Manager:\n  Class: ""\n  Displays: []\n';
    const inputs = [
      { data: ok, readOnly: false },
      { data: ok, readOnly: true },
      { data: `${ok}#${'x'.repeat(5_000_000)}`, readOnly: false },
      { data: `${ok}#${'é'.repeat(2_499_980)}`, readOnly: false },
      { data: `${ok}Name: "🙂 bad \ud800 here"\n`, readOnly: false },
      { data: `${ok}Name: "🙂 caf\uFFFD"\n`, readOnly: false },
      { data: 'Visualization Manager:\n  Displays: [\n', readOnly: false },
      { data: 'Visualization Manager: {a: 1\n', readOnly: false },
      { data: 'Panels: []\n', readOnly: false },
      { data: '- Visualization Manager\n', readOnly: false },
      { data: '', readOnly: false },
      { data: 'just text', readOnly: false },
      { data: `${ok}Panels: []\nPanels: [1]\n`, readOnly: false },
      { data: `${ok}Anchor: &a {x: 1}\nAlias: *a\n`, readOnly: false },
    ];
    const py = pythonReasons(inputs).map(comparable);
    const ts = inputs.map((c) => comparable(refusalReason(c.data, c.readOnly)));
    expect(ts).toEqual(py);
  });

  it('on every real corpus config (all accepted by both)', () => {
    const files = corpusFiles();
    if (files.length === 0) return;
    const py = pythonReasons(files.map((f) => ({ data: f.text, readOnly: false })));
    files.forEach((f, i) => {
      expect(refusalReason(f.text, false) ?? null, f.name).toBe(py[i]);
    });
  });

  it('on the status JSON: every status the Python bridge makes parses here and gives the RViz state it means', () => {
    const script = String.raw`
import json, sys
sys.path.insert(0, sys.argv[1])
from rviz_companion_bridge.status import make_status, status_json
from rviz_companion_bridge.config_loader import check_config, Refusal
try:
    check_config('x', read_only=True)
except Refusal as r:
    read_only = r.reason
f = '/home/u/.rviz2/companion/current.rviz'
print(json.dumps([
    status_json(make_status('loaded', file=f, version=3, took_ms=2140.5)),
    status_json(make_status('written', file=f, version=4, took_ms=1003.2, mode='write-only')),
    status_json(make_status('refused', reason=read_only, file=f, version=4, took_ms=0.4, mode='read-only')),
    status_json(make_status('refused', reason='YAML does not parse: x', file='', version=0)),
    status_json(make_status('refused', reason='YAML does not parse: x', file=f, version=4, mode='write-only')),
    status_json(make_status('rviz_exited', reason='rviz2 exited with code 1', file=f, version=4)),
]))
`;
    const r = spawnSync('python3', ['-c', script, pkg], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`python3 failed: ${r.stderr}`);
    const statuses = (JSON.parse(r.stdout) as string[]).map((data) => {
      const parsed = parseBridgeStatus(data);
      if (!parsed.ok) throw new Error(`${data}: ${parsed.problem.message}`);
      return parsed.value;
    });
    const topics = [{ name: '/rviz_companion/rviz_config', type: 'std_msgs/msg/String', publishers: [],
      subscribers: [{ node: '/rviz_companion_bridge', qos: { reliability: 'reliable', durability: 'volatile', history: 'keep_last', depth: 10 } as const, source: 'reported' as const }] }];
    const modes = statuses.map((s) => deriveRvizState({ presence: 'connected', topics, evidence: modeEvidence(undefined, s as BridgeStatus) }).mode);
    // A refusal of a bad config, the only status a client connecting later sees, still tells the mode.
    expect(modes).toEqual(['follows', 'write-only', 'read-only', 'follows', 'write-only', 'rviz-exited']);
  });
});
