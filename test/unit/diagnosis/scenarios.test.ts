// Diagnosis against the simulated robot through the real link: qos_traps triggers every code where expected,
// turtlebot_nav with its own config is clean, and `lint --scenario` reports each mismatch with display and topic.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalog } from '../../../src/core/catalog/index.ts';
import { diagnose, documentFacts, FINDING_CODES, topicsToSample, type Finding } from '../../../src/core/diagnosis/index.ts';
import { applyActions, parse, type RvizDocument } from '../../../src/core/rviz/index.ts';
import { main } from '../../../src/cli/main.ts';
import { openRobotSession, type RobotSession } from '../../../src/cli/robot-session.ts';
import { freePort } from '../link/helpers.ts';

const root = new URL('../../../', import.meta.url).pathname;

function load(name: string): RvizDocument {
  const parsed = parse(readFileSync(`${root}sim/scenarios/${name}.rviz`, 'utf8'));
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.doc;
}

async function cli(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(argv, { stdout: (t) => { out += t; }, stderr: (t) => { err += t; }, env: {} }, new AbortController().signal);
  return { code, out, err };
}

async function session(scenario: string, doc: RvizDocument): Promise<RobotSession> {
  const facts = documentFacts(doc, catalog);
  return openRobotSession({ scenario, watch: (snap) => topicsToSample(snap, facts) });
}

function run(s: RobotSession, doc: RvizDocument): Finding[] {
  return diagnose({ document: doc, snapshot: s.snapshot, now: Date.now(), stamps: s.stamps, sampledSince: s.sampledSince });
}

/** The actions that add an Axes display on a frame. */
function axes(name: string, frame: string): Record<string, string>[] {
  return [{ action: 'add_display', display_type: 'Axes', display: name },
    { action: 'set_property', display: name, property: 'Reference Frame', value: frame }];
}

function line(f: Finding): string {
  return `${f.severity} ${f.code} ${f.subject.display ?? '-'} ${f.subject.topic ?? '-'} ${f.subject.kind}:${f.subject.name}`;
}

describe('diagnosis against the simulated robot', () => {
  const traps = load('qos_traps');
  const nav = load('turtlebot_nav');
  let trapSession: RobotSession;
  let navSession: RobotSession;
  let lintText: Awaited<ReturnType<typeof cli>>;
  let lintJson: Awaited<ReturnType<typeof cli>>;

  beforeAll(async () => {
    // Everything that needs a watch window runs at once, so the suite waits one window, not four.
    [trapSession, navSession, lintText, lintJson] = await Promise.all([
      session('qos_traps', traps), session('turtlebot_nav', nav),
      cli(['lint', `${root}sim/scenarios/qos_traps.rviz`, '--scenario', 'qos_traps']),
      cli(['lint', `${root}sim/scenarios/qos_traps.rviz`, '--scenario', 'qos_traps', '--json']),
    ]);
  }, 30_000);
  afterAll(async () => { await Promise.all([trapSession?.close(), navSession?.close()]); });

  it('qos_traps with its config: each trap and fault where the scenario puts it', () => {
    const lines = run(trapSession, traps).map(line);
    expect(lines).toEqual([
      'error QOS_RELIABILITY_MISMATCH LaserScan /scan display:LaserScan',
      'error TOPIC_TYPE_MISMATCH Odometry /odom_pose display:Odometry',
      'error FIXED_FRAME_NOT_IN_TF - - frame:world',
      'error DISPLAY_FRAME_NOT_IN_TF Gripper Axes - display:Gripper Axes',
      'warning QOS_DURABILITY_MISMATCH Map /map display:Map',
      'warning TOPIC_NO_PUBLISHER Obstacles /obstacle_markers display:Obstacles',
      'warning TF_TREE_DISCONNECTED - - frame:dock_map',
      'warning TF_STALE - - frame:lift_link',
      'warning NO_DATA - /sonar/range topic:/sonar/range',
      'warning CLOCK_SKEW Depth Cloud /camera/depth/points topic:/camera/depth/points',
    ]);
  });

  it('qos_traps: a display frame outside TF, and one in the disconnected dock tree once the fixed frame is fixed', () => {
    const edited = applyActions(traps, [
      { action: 'set_fixed_frame', frame: 'map' },
      ...axes('Gripper', 'gripper_tip'), ...axes('Dock', 'charger_dock'),
    ], { lookup: catalog });
    if (!edited.ok) throw new Error(edited.reason);
    const found = run(trapSession, edited.doc).filter((f) => f.code === 'DISPLAY_FRAME_NOT_IN_TF');
    expect(found.map((f) => f.summary)).toEqual([
      'Axes "Dock": it uses frame charger_dock, which is not connected to the Fixed Frame map: RViz cannot transform it',
      'Axes "Gripper": it uses frame gripper_tip, which is not in TF: RViz cannot place it',
      'Axes "Gripper Axes": it uses frame gripper_link, which is not in TF: RViz cannot place it',
    ]);
    expect(run(trapSession, edited.doc).some((f) => f.code === 'FIXED_FRAME_NOT_IN_TF')).toBe(false);
  });

  it('every finding code is triggered by a simulated scenario', () => {
    const seen = new Set(run(trapSession, traps).map((f) => f.code));
    const edited = applyActions(traps, axes('Gripper', 'gripper_tip'), { lookup: catalog });
    if (!edited.ok) throw new Error(edited.reason);
    for (const f of run(trapSession, edited.doc)) seen.add(f.code);
    expect([...FINDING_CODES].filter((c) => !seen.has(c))).toEqual([]);
  });

  it('QoS facts came from the bridge report, and the evidence shows both sides', () => {
    const scan = run(trapSession, traps).find((f) => f.code === 'QOS_RELIABILITY_MISMATCH')!;
    expect(scan.summary).toBe('LaserScan "LaserScan" requests Reliable but /scan is published Best Effort by /lidar_driver: no data will arrive');
    expect(scan.evidence).toEqual([
      'LaserScan "LaserScan" Topic: /scan, Reliability Policy: Reliable (in the config)',
      '/scan publisher /lidar_driver: best_effort/volatile/unknown (reported by /rviz_companion/qos)', // Jazzy/Fast DDS: history not propagated
    ]);
  });

  it('turtlebot_nav with its own config has no errors and no warnings', () => {
    const findings = run(navSession, nav);
    expect(findings.filter((f) => f.severity !== 'info').map(line)).toEqual([]);
    // The window really measured something: rates and stamps of the displayed topics arrived.
    expect(navSession.snapshot.topics.find((t) => t.name === '/scan')?.lastMessageAt).toBeDefined();
    expect(navSession.stamps.some((s) => s.topic === '/scan' && s.frameId === 'base_scan')).toBe(true);
  });

  it('lint --scenario qos_traps lists each mismatch with display and topic named, exit 0', () => {
    expect(lintText.err).toBe('');
    expect(lintText.code).toBe(0);
    const out = lintText.out;
    expect(out).toMatch(/^.*qos_traps\.rviz: 0 file findings$/m);
    expect(out).toMatch(/^simulated robot qos_traps at ws:\/\/127\.0\.0\.1:\d+, watched \d+\.\d s: 10 findings \(4 errors, 6 warnings\)$/m);
    expect(out).toContain('error    QOS_RELIABILITY_MISMATCH  LaserScan "LaserScan" requests Reliable but /scan is published Best Effort by /lidar_driver: no data will arrive');
    expect(out).toContain('warning  QOS_DURABILITY_MISMATCH   Map "Map" requests Volatile but /map is published Transient Local (latched) by /map_server');
    expect(out).toContain('error    TOPIC_TYPE_MISMATCH       Odometry "Odometry" expects nav_msgs/msg/Odometry but /odom_pose is geometry_msgs/msg/PoseStamped');
    expect(out).toContain('warning  TOPIC_NO_PUBLISHER        MarkerArray "Obstacles" shows /obstacle_markers, which nobody publishes');
    expect(out).toContain('error    FIXED_FRAME_NOT_IN_TF     the Fixed Frame world is not in TF');
    expect(out).toContain('error    DISPLAY_FRAME_NOT_IN_TF   Axes "Gripper Axes": it uses frame gripper_link, which is not in TF');
  });

  it('lint --json carries file findings and robot findings', () => {
    expect(lintJson.code).toBe(0);
    const report = JSON.parse(lintJson.out) as { file: string; config: { findings: unknown[] }; robot: { url: string; scenario: string; findings: Finding[] } };
    expect(report.config.findings).toEqual([]);
    expect(report.robot.scenario).toBe('qos_traps');
    expect(report.robot.findings.map((f) => f.code).sort()).toEqual([
      'CLOCK_SKEW', 'DISPLAY_FRAME_NOT_IN_TF', 'FIXED_FRAME_NOT_IN_TF', 'NO_DATA', 'QOS_DURABILITY_MISMATCH', 'QOS_RELIABILITY_MISMATCH',
      'TF_STALE', 'TF_TREE_DISCONNECTED', 'TOPIC_NO_PUBLISHER', 'TOPIC_TYPE_MISMATCH',
    ]);
  });
});

describe('lint: bad input and usage', () => {
  it('file-only lint still works without a robot', async () => {
    const r = await cli(['lint', `${root}sim/scenarios/qos_traps.rviz`]);
    expect(r.code).toBe(0);
    expect(r.out).toContain('(no robot given: add --scenario NAME or --url ws://HOST:9090 to check the config against a robot)');
  });

  it('a missing file, a non-config and both robot options are exit 1 with a clear message', async () => {
    const missing = await cli(['lint', '/nonexistent/x.rviz']);
    expect(missing).toMatchObject({ code: 1, out: '' });
    expect(missing.err).toBe('rviz-companion lint: cannot read /nonexistent/x.rviz (no such file)');
    const notRviz = await cli(['lint', `${root}package.json`]);
    expect(notRviz.code).toBe(1);
    expect(notRviz.err).toMatch(/^rviz-companion lint: .*package\.json: /);
    const both = await cli(['lint', `${root}sim/scenarios/qos_traps.rviz`, '--scenario', 'qos_traps', '--url', 'ws://127.0.0.1:1']);
    expect(both.err).toBe('rviz-companion lint: give either --scenario or --url, not both');
  });

  it('an unknown scenario and an unreachable robot are exit 1, naming them', async () => {
    const unknown = await cli(['lint', `${root}sim/scenarios/qos_traps.rviz`, '--scenario', 'no_such_robot']);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toMatch(/^rviz-companion lint: scenario "no_such_robot" cannot be read .*scenarios: .*qos_traps/);
    const port = await freePort();
    const closed = await cli(['lint', `${root}sim/scenarios/qos_traps.rviz`, '--url', `ws://127.0.0.1:${port}`]);
    expect(closed.code).toBe(1);
    expect(closed.err).toMatch(new RegExp(`^rviz-companion lint: cannot connect to ws://127\\.0\\.0\\.1:${port} \\(.*ECONNREFUSED.*\\)$`));
    const bad = await cli(['lint', `${root}sim/scenarios/qos_traps.rviz`, '--url', 'http://robot:9090']);
    expect(bad.err).toBe('rviz-companion lint: not a WebSocket URL: "http://robot:9090" (use ws:// or wss:// instead of http://)');
  });
});
