// The simulated robot against real roslib over a real socket: rosapi, messages, throttling, latching, routing, errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Service, Topic, type Ros } from 'roslib';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startSim, type SimHandle } from '../../../sim/server.ts';
import { SCENARIOS_DIR } from '../../../sim/scenario.ts';
import { RawClient, callService, collect, connectRos, eventually, protocolServer } from './helpers.ts';

let sim: SimHandle;
let ros: Ros;

beforeAll(async () => {
  sim = await startSim({ scenario: 'turtlebot_nav', port: 0, server: protocolServer });
  ros = await connectRos(sim.url);
});

afterAll(async () => {
  ros.close();
  await sim.close();
});

function nowSec(): number {
  return Date.now() / 1000;
}

describe('rosapi', () => {
  it('lists topics with ROS 2 types (roslib getTopics)', async () => {
    const r = await new Promise<{ topics: string[]; types: string[] }>((resolve, reject) => ros.getTopics(resolve, reject));
    const byName = Object.fromEntries(r.topics.map((t, i) => [t, r.types[i]]));
    expect(byName['/scan']).toBe('sensor_msgs/msg/LaserScan');
    expect(byName['/map']).toBe('nav_msgs/msg/OccupancyGrid');
    expect(byName['/tf_static']).toBe('tf2_msgs/msg/TFMessage');
    expect(byName['/camera/depth/points']).toBe('sensor_msgs/msg/PointCloud2');
    expect(byName['/rviz_companion/qos']).toBe('std_msgs/msg/String');
    expect(r.topics.length).toBe(sim.scenario.topics.length);
  });

  it('answers topic_type, topics_for_type, publishers and subscribers, with and without the leading slash', async () => {
    const t = await new Promise<string>((resolve, reject) => ros.getTopicType('/scan', resolve, reject));
    expect(t).toBe('sensor_msgs/msg/LaserScan');
    expect(await callService<{ type: string }>(ros, '/rosapi/topic_type', { topic: '/nope' })).toEqual({ type: '' });
    const grids = await callService<{ topics: string[] }>(ros, 'rosapi/topics_for_type', { type: 'nav_msgs/msg/OccupancyGrid' });
    expect(grids.topics.sort()).toEqual(['/global_costmap/costmap', '/local_costmap/costmap', '/map']);
    const pubs = await callService<{ publishers: string[] }>(ros, '/rosapi/publishers', { topic: '/scan' });
    expect(pubs.publishers).toEqual(['/lidar_driver']);
    const subs = await callService<{ subscribers: string[] }>(ros, 'rosapi/subscribers', { topic: '/scan' });
    expect(subs.subscribers).toEqual(expect.arrayContaining(['/amcl', '/local_costmap/local_costmap']));
    const viaTopic = await new Promise<string[]>((resolve, reject) => new Topic({ ros, name: '/map', messageType: '' }).getPublishers(resolve, reject));
    expect(viaTopic).toEqual(['/map_server']);
  });

  it('lists nodes and node details, services and service types', async () => {
    const nodes = await new Promise<string[]>((resolve, reject) => ros.getNodes(resolve, reject));
    expect(nodes).toEqual(expect.arrayContaining(['/amcl', '/map_server', '/robot_state_publisher', '/rosapi', '/rosbridge_websocket']));
    const details = await callService<{ subscribing: string[]; publishing: string[]; services: string[] }>(ros, 'rosapi/node_details', { node: '/amcl' });
    expect(details.publishing).toEqual(expect.arrayContaining(['/amcl_pose', '/particle_cloud', '/tf']));
    expect(details.subscribing).toEqual(expect.arrayContaining(['/scan', '/map', '/initialpose']));
    expect(details.services).toEqual(['/reinitialize_global_localization']);
    const services = await new Promise<string[]>((resolve, reject) => ros.getServices(resolve, reject));
    expect(services).toEqual(expect.arrayContaining(['/rosapi/topics', '/rosapi/node_details', '/map_server/map']));
    expect(await callService(ros, 'rosapi/service_type', { service: '/rosapi/topics' })).toEqual({ type: 'rosapi_msgs/srv/Topics' });
    expect(await callService(ros, '/rosapi/service_type', { service: '/map_server/map' })).toEqual({ type: 'nav_msgs/srv/GetMap' });
  });

  it('reports ROS 2 with the distro, and the time now', async () => {
    expect(await callService(ros, 'rosapi/get_ros_version')).toEqual({ version: 2, distro: 'humble' });
    const { time } = await callService<{ time: { sec: number; nanosec: number } }>(ros, '/rosapi/get_time');
    expect(Math.abs(time.sec + time.nanosec / 1e9 - nowSec())).toBeLessThan(5);
    expect(Number.isInteger(time.nanosec) && time.nanosec >= 0 && time.nanosec < 1e9).toBe(true);
  });

  it('fails an unknown service with result false and a message naming it', async () => {
    await expect(callService(ros, '/no/such_service')).rejects.toThrow('/no/such_service');
    await expect(callService(ros, 'rosapi/not_a_rosapi_call')).rejects.toThrow('/rosapi/not_a_rosapi_call');
  });
});

describe('messages', () => {
  it('sends a LaserScan ray cast in the room, stamped now', async () => {
    const [scan] = await collect<Record<string, any>>(ros, '/scan', 1);
    expect(scan?.header.frame_id).toBe('base_scan');
    expect(Math.abs(scan?.header.stamp.sec - nowSec())).toBeLessThan(5);
    expect(scan?.ranges).toHaveLength(360);
    expect(scan?.ranges.every((r: number) => r >= scan.range_min && r <= scan.range_max)).toBe(true);
    expect(Math.min(...scan?.ranges)).toBeLessThan(scan?.range_max); // walls are seen
  });

  it('sends images, clouds and grids in rosbridge JSON form (uint8[] as base64, int8[] as arrays)', async () => {
    const [img] = await collect<Record<string, any>>(ros, '/camera/image_raw', 1);
    expect(img).toMatchObject({ width: 32, height: 24, encoding: 'rgb8', step: 96 });
    expect(Buffer.from(img?.data, 'base64')).toHaveLength(32 * 24 * 3);
    const [cloud] = await collect<Record<string, any>>(ros, '/camera/depth/points', 1);
    expect(cloud?.fields.map((f: { name: string }) => f.name)).toEqual(['x', 'y', 'z', 'rgb']);
    const bytes = Buffer.from(cloud?.data, 'base64');
    expect(bytes).toHaveLength(cloud?.row_step * cloud?.height);
    expect(bytes.readFloatLE(8)).toBeGreaterThan(1); // z of the first point: a wall ~2 m ahead
    const [map] = await collect<Record<string, any>>(ros, '/map', 1);
    expect(map?.info).toMatchObject({ width: 60, height: 60, resolution: 0.2 });
    expect(Array.isArray(map?.data) && map.data.length).toBe(3600);
    expect(new Set(map?.data)).toEqual(new Set([-1, 0, 100]));
    const [info] = await collect<Record<string, any>>(ros, '/camera/camera_info', 1);
    expect(info?.k).toHaveLength(9);
    expect(info?.p).toHaveLength(12);
  });

  it('keeps /tf and /odom consistent, and /tf_static holds the sensor frames', async () => {
    const [tf] = await collect<{ transforms: Array<{ child_frame_id: string; header: { frame_id: string } }> }>(ros, '/tf', 1);
    expect(tf?.transforms.map((t) => `${t.header.frame_id}->${t.child_frame_id}`)).toEqual(['map->odom', 'odom->base_footprint']);
    const [stat] = await collect<{ transforms: Array<{ child_frame_id: string }> }>(ros, '/tf_static', 1);
    expect(stat?.transforms.map((t) => t.child_frame_id)).toEqual(expect.arrayContaining(['base_link', 'base_scan', 'camera_depth_optical_frame']));
    const [odom] = await collect<Record<string, any>>(ros, '/odom', 1);
    expect(odom).toMatchObject({ header: { frame_id: 'odom' }, child_frame_id: 'base_footprint' });
    expect(Math.hypot(odom?.pose.pose.position.x, odom?.pose.pose.position.y)).toBeCloseTo(2, 1);
    const [urdf] = await collect<{ data: string }>(ros, '/robot_description', 1);
    expect(urdf?.data).toContain('<robot name="turtlebot3_waffle">');
    expect(urdf?.data).toContain('<link name="base_scan">');
  });

  it('honours throttle_rate (count bounded) and queue_length', async () => {
    const start = Date.now();
    const got = await collect(ros, '/tf', 100, { throttle_rate: 400, timeoutMs: 1000 });
    const elapsed = Date.now() - start;
    expect(got.length).toBeGreaterThanOrEqual(1);
    expect(got.length).toBeLessThanOrEqual(Math.floor(elapsed / 400) + 1);
  });

  it('delivers the last message of a latched topic to a late subscriber at once', async () => {
    const late = await connectRos(sim.url);
    const [a] = await collect<{ data: string }>(late, '/robot_description', 1);
    const [b] = await collect<Record<string, any>>(late, '/map', 1);
    late.close();
    expect(a?.data).toContain('<robot');
    expect(b?.info.width).toBe(60);
  });

  it('publishes /rviz_companion/qos with publisher and subscriber QoS per topic', async () => {
    const [msg] = await collect<{ data: string }>(ros, '/rviz_companion/qos', 1);
    const qos = JSON.parse(msg?.data ?? '{}');
    expect(Math.abs(qos.stamp - nowSec())).toBeLessThan(60);
    expect(qos.topics['/scan'].type).toBe('sensor_msgs/msg/LaserScan');
    // History and depth as a Jazzy/Fast DDS bridge reports them: not propagated, so unknown (sim/fidelity.ts).
    expect(qos.topics['/scan'].publishers).toEqual([{ node: '/lidar_driver', reliability: 'best_effort', durability: 'volatile', history: 'unknown', depth: null }]);
    expect(qos.topics['/map'].publishers[0]).toMatchObject({ node: '/map_server', reliability: 'reliable', durability: 'transient_local' });
    expect(qos.topics['/scan'].subscribers).toEqual(expect.arrayContaining([expect.objectContaining({ node: '/amcl', reliability: 'best_effort' })]));
    expect(Object.keys(qos.topics)).toHaveLength(sim.scenario.topics.length);
  });
});

describe('bridge config topics', () => {
  it('serve the scenario\'s .rviz as rviz_config_current and replace it with what a client publishes on rviz_config', async () => {
    const file = readFileSync(join(SCENARIOS_DIR, 'turtlebot_nav.rviz'), 'utf8');
    const [first] = await collect<{ data: string }>(ros, '/rviz_companion/rviz_config_current', 1);
    expect(first?.data).toBe(file);
    const subs = await callService<{ subscribers: string[] }>(ros, 'rosapi/subscribers', { topic: '/rviz_companion/rviz_config' });
    expect(subs.subscribers).toEqual(['/rviz_companion_bridge']);
    const next = file.replace('Fixed Frame: map', 'Fixed Frame: odom');
    new Topic({ ros, name: '/rviz_companion/rviz_config', messageType: 'std_msgs/msg/String' }).publish({ data: next });
    await eventually(() => { expect(sim.bridge?.current()).toBe(next); }); // "RViz" takes its load delay
    const late = await connectRos(sim.url);
    const [now] = await collect<{ data: string }>(late, '/rviz_companion/rviz_config_current', 1);
    late.close();
    expect(now?.data).toContain('Fixed Frame: odom');
  });
});

describe('client publishing and handle controls', () => {
  it('routes a client publish to other subscribers and shows it in the graph', async () => {
    const other = await connectRos(sim.url);
    const talker = new Topic({ ros, name: '/chatter', messageType: 'std_msgs/msg/String' });
    const heard = collect<{ data: string }>(other, '/chatter', 1, { messageType: 'std_msgs/msg/String' });
    await callService(other, 'rosapi/get_time'); // answered after the subscribe sent before it
    talker.publish({ data: 'hello robot' });
    expect(await heard).toEqual([{ data: 'hello robot' }]);
    const pubs = await callService<{ publishers: string[] }>(other, 'rosapi/publishers', { topic: '/chatter' });
    expect(pubs.publishers).toEqual(['/rosbridge_websocket']);
    expect(await callService(other, 'rosapi/topic_type', { topic: '/chatter' })).toEqual({ type: 'std_msgs/msg/String' });
    talker.unadvertise();
    other.close();
    await eventually(async () => {
      const after = await callService<{ topics: string[] }>(ros, 'rosapi/topics');
      expect(after.topics).not.toContain('/chatter');
    });
  });

  it('publish() and setPaused() drive a scenario topic', async () => {
    sim.setPaused('/cmd_vel', true);
    const sub = collect<Record<string, any>>(ros, '/cmd_vel', 1);
    await callService(ros, 'rosapi/get_time'); // the subscribe is in place
    await new Promise((r) => setTimeout(r, 200)); // paused: the 10 Hz generator would have published by now
    sim.publish('/cmd_vel', { linear: { x: 9, y: 0, z: 0 }, angular: { x: 0, y: 0, z: 0 } });
    const [msg] = await sub;
    expect(msg?.linear.x).toBe(9);
    sim.setPaused('/cmd_vel', false);
    expect(() => sim.publish('/nope', {})).toThrow('"/nope" is not in the graph');
  });

  it('sendRaw reaches every client', async () => {
    const raw = await RawClient.open(sim.url);
    await new Promise((r) => setTimeout(r, 50));
    sim.sendRaw('{"op":"status","level":"info","msg":"raw hello"}');
    await raw.waitFor((f) => f['msg'] === 'raw hello');
    expect(sim.clientCount()).toBeGreaterThanOrEqual(2);
    raw.close();
  });
});

describe('protocol errors', () => {
  it('answers unknown ops, unknown topics and bad JSON with status errors and keeps serving', async () => {
    const raw = await RawClient.open(sim.url);
    raw.send({ op: 'frobnicate', id: 'x1' });
    const unknownOp = await raw.waitFor((f) => f['op'] === 'status' && f['id'] === 'x1');
    expect(unknownOp).toMatchObject({ level: 'error' });
    expect(String(unknownOp['msg'])).toContain('frobnicate');
    raw.send({ op: 'subscribe', id: 's1', topic: '/does_not_exist' });
    const noType = await raw.waitFor((f) => f['op'] === 'status' && f['id'] === 's1');
    expect(String(noType['msg'])).toMatch(/Cannot infer topic type for topic \/does_not_exist/);
    raw.send({ op: 'subscribe', id: 's2', topic: '/scan', type: 'std_msgs/msg/String' });
    expect(String((await raw.waitFor((f) => f['id'] === 's2'))['msg'])).toContain('sensor_msgs/msg/LaserScan');
    raw.send('{this is not json');
    await raw.waitFor((f) => f['op'] === 'status' && String(f['msg']).startsWith('Unable to parse message'));
    raw.send('[1,2,3]');
    raw.send({ op: 'publish', id: 'p1', topic: '/nowhere', msg: { data: 1 } });
    await raw.waitFor((f) => f['id'] === 'p1' && f['level'] === 'error');
    raw.send({ op: 'call_service', id: 'c1', service: '/nope' });
    expect(await raw.waitFor((f) => f['id'] === 'c1')).toMatchObject({ op: 'service_response', result: false, values: 'Service /nope does not exist' });
    raw.send({ op: 'call_service', id: 'c2', service: 'rosapi/topics' });
    expect(await raw.waitFor((f) => f['id'] === 'c2')).toMatchObject({ op: 'service_response', result: true });
    raw.close();
  });

  it('unsubscribe stops delivery', async () => {
    const raw = await RawClient.open(sim.url);
    raw.send({ op: 'subscribe', id: 'u1', topic: '/tf' });
    await raw.waitFor((f) => f['topic'] === '/tf');
    raw.send({ op: 'unsubscribe', id: 'u1', topic: '/tf' });
    // Frames are ordered: once the probe's answer is in, anything later would have been sent after the unsubscribe.
    raw.send({ op: 'call_service', id: 'probe', service: '/rosapi/get_time' });
    await raw.waitFor((f) => f['id'] === 'probe');
    const answeredAt = raw.frames.findIndex((f) => (f as Record<string, unknown>)['id'] === 'probe');
    await new Promise((r) => setTimeout(r, 300));
    expect(raw.frames.slice(answeredAt + 1)).toEqual([]);
    raw.close();
  });
});

describe('service objects', () => {
  it('roslib Service.callService gets scenario services', async () => {
    const svc = new Service({ ros, name: '/reinitialize_global_localization', serviceType: 'std_srvs/srv/Empty' });
    await expect(new Promise((resolve, reject) => svc.callService({}, resolve, reject))).resolves.toEqual({});
  });
});
