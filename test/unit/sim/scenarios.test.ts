// Scenario files: all valid and loadable, the contents each scenario promises, and clear errors for bad files.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Ajv from 'ajv';
import { afterAll, describe, expect, it } from 'vitest';
import { listScenarios, loadScenario, parseScenario, SCENARIOS_DIR } from '../../../sim/scenario.ts';
import { startSim } from '../../../sim/server.ts';
import { GENERATORS } from '../../../sim/generators/index.ts';
import { Params } from '../../../sim/generators/common.ts';
import type { Scenario } from '../../../sim/types.ts';
import { RawClient, callService, collect, connectRos, protocolServer } from './helpers.ts';

const tmp = mkdtempSync(join(tmpdir(), 'sim-scenarios-'));

function load(name: string): Scenario {
  const r = loadScenario(name);
  if (!r.ok) throw new Error(r.reason);
  return r.scenario;
}

describe('scenario files', () => {
  it('include the six scenarios of the design, each valid against the schema and loadable', () => {
    const names = listScenarios();
    expect(names).toEqual(expect.arrayContaining(['turtlebot_nav', 'qos_traps', 'manipulator', 'multi_robot', 'big_graph', 'empty']));
    const validate = new Ajv({ strict: false }).compile(JSON.parse(readFileSync(join(SCENARIOS_DIR, 'schema.json'), 'utf8')) as object);
    for (const name of names) {
      const raw = JSON.parse(readFileSync(join(SCENARIOS_DIR, `${name}.json`), 'utf8')) as { name: string };
      expect(validate(raw), `${name}: ${JSON.stringify(validate.errors)}`).toBe(true);
      expect(raw.name).toBe(name);
      expect(load(name).name).toBe(name);
    }
  });

  it('big_graph expands its templates to exactly 1000 topics', () => {
    const s = load('big_graph');
    expect(s.topics).toHaveLength(1000);
    expect(new Set(s.topics.map((t) => t.name)).size).toBe(1000);
    expect(s.topics.map((t) => t.name)).toContain('/fleet/sensor_299/temperature');
    expect(s.topics.find((t) => t.name === '/fleet/sensor_120/temperature')?.publishers[0]?.node).toBe('/sensor_hub_2');
  });

  it('multi_robot namespaces topics and TF frames and has no bridge QoS topic', () => {
    const s = load('multi_robot');
    expect(s.bridgeQos).toBe(false);
    const names = s.topics.map((t) => t.name);
    expect(names).not.toContain('/rviz_companion/qos');
    expect(names).toEqual(expect.arrayContaining(['/robot1/scan', '/robot2/scan', '/robot1/odom', '/robot2/robot_description']));
    expect(s.tf.frames.map((f) => f.child)).toEqual(expect.arrayContaining(['robot1/base_link', 'robot2/base_link']));
  });

  it('empty has no topics at all', () => {
    expect(load('empty').topics).toEqual([]);
  });
});

describe('bad scenario files', () => {
  const base = { name: 'bad', description: 'd', distro: 'humble' };
  const write = (name: string, content: unknown): string => {
    const file = join(tmp, name);
    writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
    return file;
  };
  const reason = (file: string): string => {
    const r = loadScenario(file);
    expect(r.ok).toBe(false);
    return r.ok ? '' : r.reason;
  };

  it('names the file and the JSON path of a schema violation', () => {
    const file = write('bad1.json', { ...base, topics: [{ name: '/scan', type: 'sensor_msgs/msg/LaserScan', rate: 'fast' }] });
    expect(reason(file)).toMatch(new RegExp(`${file}: /topics/0/rate must be number`));
    expect(reason(write('bad2.json', { description: 'd', distro: 'humble' }))).toContain("must have required property 'name'");
    expect(reason(write('bad3.json', { ...base, distro: 'melodic' }))).toContain('/distro must be equal to one of the allowed values (allowed: humble');
    expect(reason(write('bad4.json', { ...base, extra: 1 }))).toContain('must NOT have additional properties ("extra")');
  });

  it('rejects invalid JSON, unknown generators, wrong param types, duplicates and unknown names', () => {
    expect(reason(write('bad5.json', '{"name": '))).toMatch(/bad5\.json: invalid JSON/);
    expect(reason(write('bad6.json', { ...base, topics: [{ name: '/x', type: 'std_msgs/msg/String', rate: 1, generator: 'nope' }] })))
      .toContain('/topics/0/generator: unknown generator "nope"');
    expect(reason(write('bad7.json', { ...base, topics: [{ name: '/s', type: 'sensor_msgs/msg/LaserScan', rate: 1, params: { beams: 'many' } }] })))
      .toContain('/topics/0/params/beams: expected a number');
    expect(reason(write('bad8.json', { ...base, topics: [{ name: '/a', type: 'std_msgs/msg/String', rate: 1 }, { name: '/a', type: 'std_msgs/msg/String', rate: 1 }] })))
      .toContain('/topics/1/name: topic "/a" is declared twice (first at /topics/0)');
    expect(reason(write('bad9.json', { ...base, topics: [{ name: '/a', type: 'std_msgs/msg/String', rate: 1, generator: 'float64' }] })))
      .toContain('generator "float64" produces std_msgs/msg/Float64 | std_msgs/msg/Float32, not std_msgs/msg/String');
    expect(reason(write('bad10.json', { ...base, topics: [{ name: '/m', type: 'nav_msgs/msg/OccupancyGrid', latched: true, publishers: [{ node: '/n', qos: 'default' }] }] })))
      .toContain('/topics/0/publishers: a latched topic needs transient_local publishers');
    expect(reason(write('bad11.json', { ...base, rvizConfig: 'missing.rviz' }))).toMatch(/bad11\.json: \/rvizConfig: cannot read .*missing\.rviz \(ENOENT\)/);
    expect(reason(write('bad12.json', { ...base, topics: [{ name: '/rviz_companion/qos', type: 'std_msgs/msg/String', rate: 1 }] })))
      .toContain('/topics/0/name: /rviz_companion/qos belongs to the bridge the sim runs itself');
    expect(reason('no_such_scenario')).toMatch(/scenario "no_such_scenario" cannot be read .*scenarios: big_graph, (.*, )?empty/);
  });

  it('expands {i}, {i/N}, {i%N} and {i+N} in templates', () => {
    const r = parseScenario({ ...base, templates: [{ count: 12, topic: { name: '/g{i/5}/t{i%5}/n{i+1}', type: 'std_msgs/msg/Float64', rate: 1, publishers: [{ node: '/node_{i/5}' }] } }] });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.scenario.topics.map((t) => t.name).slice(0, 3)).toEqual(['/g0/t0/n1', '/g0/t1/n2', '/g0/t2/n3']);
    expect(r.scenario.topics[11]?.name).toBe('/g2/t1/n12');
    expect(r.scenario.nodes).toEqual(['/node_0', '/node_1', '/node_2', '/rviz_companion_bridge']);
  });
});

describe('qos_traps faults', () => {
  const s = load('qos_traps');
  const tick = (t: number) => ({ t, seq: 0, stamp: { sec: 1000 + t, nanosec: 0 }, now: { sec: 1000 + t, nanosec: 0 } });

  it('declares the QoS and type traps the RViz config disagrees with', () => {
    const topic = (n: string) => s.topics.find((t) => t.name === n);
    expect(topic('/scan')?.publishers[0]?.qos.reliability).toBe('best_effort');
    expect(topic('/map')?.publishers[0]?.qos.durability).toBe('transient_local');
    expect(topic('/odom_pose')?.type).toBe('geometry_msgs/msg/PoseStamped');
    expect(topic('/obstacle_markers')?.publishers).toEqual([]);
    expect(topic('/sonar/range')).toMatchObject({ silent: true, publishers: [{ node: '/sonar_driver' }] });
    expect(topic('/camera/depth/points')?.clock).toBe('sim_zero');
  });

  it('freezes lift_link after 3 s (TF_STALE) and keeps dock_map apart from map (TF_TREE_DISCONNECTED)', () => {
    const spec = s.topics.find((t) => t.name === '/tf');
    if (!spec) throw new Error('no /tf');
    const produce = GENERATORS['tf']!.create(new Params({}, '/tf'), s, spec);
    const msg = produce(tick(10)) as { transforms: Array<{ child_frame_id: string; header: { stamp: { sec: number } } }> };
    const lift = msg.transforms.find((t) => t.child_frame_id === 'lift_link');
    const base = msg.transforms.find((t) => t.child_frame_id === 'base_link');
    expect(base?.header.stamp.sec).toBe(1010);
    expect(lift?.header.stamp.sec).toBe(1003);
    const parents = new Map(s.tf.frames.map((f) => [f.child, f.parent]));
    const root = (f: string): string => { let x = f; while (parents.has(x)) x = parents.get(x) as string; return x; };
    expect(root('charger_marker')).toBe('dock_map');
    expect(root('laser_link')).toBe('map');
  });

  it('stamps the depth cloud with sim time near 0 (CLOCK_SKEW) and never publishes /sonar/range (NO_DATA)', async () => {
    const sim = await startSim({ scenario: 'qos_traps', port: 0, server: protocolServer });
    const ros = await connectRos(sim.url);
    try {
      const [cloud] = await collect<{ header: { stamp: { sec: number } } }>(ros, '/camera/depth/points', 1);
      expect(cloud?.header.stamp.sec).toBeLessThan(60);
      const sonar = await collect(ros, '/sonar/range', 1, { timeoutMs: 600 });
      expect(sonar).toEqual([]);
      expect(await callService(ros, 'rosapi/publishers', { topic: '/sonar/range' })).toEqual({ publishers: ['/sonar_driver'] });
    } finally {
      ros.close();
      await sim.close();
    }
  });
});

describe('running scenarios', () => {
  it('big_graph answers rosapi/topics with 1000 topics and its QoS JSON covers them all', async () => {
    const sim = await startSim({ scenario: 'big_graph', port: 0, server: protocolServer });
    const ros = await connectRos(sim.url);
    try {
      const r = await callService<{ topics: string[]; types: string[] }>(ros, 'rosapi/topics');
      expect(r.topics).toHaveLength(1000);
      expect(r.types).toHaveLength(1000);
      const [qos] = await collect<{ data: string }>(ros, '/rviz_companion/qos', 1);
      expect(Object.keys(JSON.parse(qos?.data ?? '{}').topics)).toHaveLength(1000);
    } finally {
      ros.close();
      await sim.close();
    }
  });

  it('multi_robot publishes prefixed TF frames and no QoS topic; empty has only what every ROS 2 graph has', async () => {
    const multi = await startSim({ scenario: 'multi_robot', port: 0, server: protocolServer });
    const empty = await startSim({ scenario: 'empty', port: 0, server: protocolServer });
    const ros = await connectRos(multi.url);
    const raw = await RawClient.open(empty.url);
    try {
      const [stat] = await collect<{ transforms: Array<{ child_frame_id: string }> }>(ros, '/tf_static', 1);
      expect(stat?.transforms.map((t) => t.child_frame_id)).toEqual(expect.arrayContaining(['robot1/base_scan', 'robot2/base_scan']));
      const [urdf] = await collect<{ data: string }>(ros, '/robot2/robot_description', 1);
      expect(urdf?.data).toContain('<link name="base_scan">');
      const topics = await callService<{ topics: string[] }>(ros, 'rosapi/topics');
      expect(topics.topics).not.toContain('/rviz_companion/qos');
      expect(topics.topics).not.toContain('/rviz_companion/rviz_config_current');
      raw.send({ op: 'call_service', id: 'e', service: '/rosapi/topics' });
      expect(await raw.waitFor((f) => f['id'] === 'e')).toMatchObject({ result: true, values: {
        topics: ['/rosout', '/parameter_events'], types: ['rcl_interfaces/msg/Log', 'rcl_interfaces/msg/ParameterEvent'] } });
      raw.send({ op: 'call_service', id: 'n', service: '/rosapi/nodes' });
      expect(await raw.waitFor((f) => f['id'] === 'n')).toMatchObject({ values: { nodes: ['/rosapi', '/rosbridge_websocket'] } });
    } finally {
      ros.close();
      raw.close();
      await multi.close();
      await empty.close();
    }
  });
});

afterAll(() => { /* temp files are left in the OS temp dir; they are tiny */ });
