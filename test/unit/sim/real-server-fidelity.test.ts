// The sim behaves like real ROS 2 graphs and rosbridge servers (issue 21, sim/fidelity.ts), each behaviour on by
// default and off on request.
import { describe, expect, it } from 'vitest';
import { loadScenario } from '../../../sim/scenario.ts';
import { SimGraph } from '../../../sim/graph.ts';
import { callRosapi } from '../../../sim/rosapi.ts';
import type { SimFidelity } from '../../../sim/fidelity.ts';

function graph(name: string, fidelity: Partial<SimFidelity> = {}): SimGraph {
  const loaded = loadScenario(name);
  if (!loaded.ok) throw new Error(loaded.reason);
  return new SimGraph(loaded.scenario, () => undefined, fidelity);
}
const now = { sec: 0, nanosec: 0 };
const values = (g: SimGraph, service: string, args: Record<string, unknown> = {}) => {
  const r = callRosapi(g, service, args, now);
  if (!r?.ok) throw new Error(`${service}: ${r ? r.message : 'not rosapi'}`);
  return r.values as Record<string, any>;
};

describe('system topics', () => {
  it('every graph lists /rosout and /parameter_events with rcl\'s QoS, published by its nodes', () => {
    const g = graph('multi_robot');
    const { topics, types } = values(g, '/rosapi/topics');
    expect(types[topics.indexOf('/rosout')]).toBe('rcl_interfaces/msg/Log');
    expect(types[topics.indexOf('/parameter_events')]).toBe('rcl_interfaces/msg/ParameterEvent');
    const rosout = g.publishers(g.get('/rosout')!);
    expect(rosout.map((e) => e.node)).toEqual(expect.arrayContaining(['/rosapi', '/rosbridge_websocket']));
    expect(rosout[0]!.qos).toEqual({ reliability: 'reliable', durability: 'transient_local', history: 'keep_last', depth: 1000 });
    expect(values(g, '/rosapi/publishers', { topic: '/parameter_events' }).publishers.length).toBe(rosout.length);
  });

  it('a scenario\'s own /rosout is kept as written, not doubled', () => {
    const g = graph('turtlebot_nav');
    const { topics } = values(g, '/rosapi/topics');
    expect(topics.filter((t: string) => t === '/rosout')).toHaveLength(1);
    expect(g.publishers(g.get('/rosout')!).map((e) => e.node)).toEqual(['/controller_server']);
  });

  it('off: only the scenario\'s topics', () => {
    expect(values(graph('empty', { systemTopics: false }), '/rosapi/topics')).toEqual({ topics: [], types: [] });
  });
});

describe('reported QoS (Jazzy, Fast DDS)', () => {
  it('history and depth of every endpoint are "unknown" / null; reliability and durability are kept', () => {
    const report = JSON.parse(graph('turtlebot_nav').qosJson(0)) as { topics: Record<string, { publishers: Record<string, unknown>[] }> };
    const all = Object.values(report.topics).flatMap((t) => t.publishers);
    expect(all.length).toBeGreaterThan(10);
    for (const e of all) expect([e['history'], e['depth']]).toEqual(['unknown', null]);
    expect(report.topics['/scan']!.publishers[0]).toMatchObject({ reliability: 'best_effort', durability: 'volatile' });
  });

  it('off: the scenario\'s history and depth', () => {
    const report = JSON.parse(graph('turtlebot_nav', { unknownHistoryDepth: false }).qosJson(0)) as { topics: Record<string, { publishers: Record<string, unknown>[] }> };
    expect(report.topics['/scan']!.publishers[0]).toMatchObject({ history: 'keep_last', depth: 5 });
  });
});

describe('rosapi details', () => {
  it('topics_and_raw_types: one full .msg text per topic, with its dependencies as MSG: sections', () => {
    const { topics, types, typedefs_full_text: texts } = values(graph('turtlebot_nav'), '/rosapi/topics_and_raw_types');
    expect(texts).toHaveLength(topics.length);
    expect(types).toHaveLength(topics.length);
    const scan = texts[topics.indexOf('/scan')] as string;
    expect(scan.split('\n')[0]).toBe('std_msgs/Header header');
    expect(scan).toContain('float32[] ranges');
    expect(scan).toContain(`${'='.repeat(80)}\nMSG: std_msgs/Header\nbuiltin_interfaces/Time stamp\nstring frame_id`);
    expect(texts[topics.indexOf('/odom')]).toContain('float64[36] covariance');
    expect(texts[topics.indexOf('/parameter_events')]).toBe(''); // a type the sim has no definition of
  });

  it('message_details: TypeDefs of the type and each message type it uses, in rosapi\'s field names', () => {
    const { typedefs } = values(graph('turtlebot_nav'), '/rosapi/message_details', { type: 'sensor_msgs/msg/LaserScan' });
    expect(typedefs.map((t: { type: string }) => t.type)).toEqual(['sensor_msgs/LaserScan', 'std_msgs/Header', 'builtin_interfaces/Time']);
    const scan = typedefs[0];
    expect(Object.keys(scan).sort()).toEqual(['constnames', 'constvalues', 'examples', 'fieldarraylen', 'fieldnames', 'fieldtypes', 'type']);
    const i = scan.fieldnames.indexOf('ranges');
    expect([scan.fieldtypes[i], scan.fieldarraylen[i]]).toEqual(['float32', -1]);
    expect(values(graph('turtlebot_nav'), '/rosapi/message_details', { type: 'no_pkg/msg/Nope' })).toEqual({ typedefs: [] });
  });

  it('are listed as rosapi services, and absent when off', () => {
    expect(values(graph('empty'), '/rosapi/services').services).toEqual(expect.arrayContaining(['/rosapi/topics_and_raw_types', '/rosapi/message_details']));
    const off = graph('empty', { rosapiDetails: false });
    expect(values(off, '/rosapi/services').services).not.toContain('/rosapi/message_details');
    expect(callRosapi(off, '/rosapi/message_details', { type: 'std_msgs/msg/String' }, now)).toEqual({ ok: false, message: 'Service /rosapi/message_details does not exist' });
  });
});

describe('startSim', () => {
  it('passes its fidelity option to the graph it serves (on by default, off on request)', async () => {
    const { startSim } = await import('../../../sim/server.ts');
    const real = await startSim({ scenario: 'empty', port: 0, bridge: false, server: { discoveryDelayMs: 0 } });
    const simple = await startSim({ scenario: 'empty', port: 0, bridge: false, server: { discoveryDelayMs: 0 }, fidelity: { systemTopics: false } });
    try {
      const topicsOf = async (url: string): Promise<string[]> => {
        const { WebSocket } = await import('ws');
        const ws = new WebSocket(url);
        await new Promise((ok, fail) => { ws.once('open', ok); ws.once('error', fail); });
        const reply = new Promise<string[]>((ok) => ws.on('message', (data) => {
          const m = JSON.parse(String(data)) as { op: string; values?: { topics: string[] } };
          if (m.op === 'service_response') ok(m.values?.topics ?? []);
        }));
        ws.send(JSON.stringify({ op: 'call_service', id: 't', service: '/rosapi/topics', args: {} }));
        const topics = await reply;
        ws.close();
        return topics;
      };
      expect(await topicsOf(real.url)).toContain('/rosout');
      expect(await topicsOf(simple.url)).not.toContain('/rosout');
    } finally {
      await real.close();
      await simple.close();
    }
  });
});
