// The simulated robot's `compression: "cbor"`: binary frames shaped as rosbridge's cbor_conversion.py builds them.
import { afterEach, describe, expect, it } from 'vitest';
import { decode } from 'cbor2';
import { WebSocket } from 'ws';
import { startSim, type SimHandle } from '../../../sim/server.ts';
import { convertMessage } from '../../../sim/cbor/encode.ts';
import { protocolServer } from './helpers.ts';

let sim: SimHandle | undefined;
afterEach(async () => { await sim?.close(); sim = undefined; });

/** Subscribes over a bare socket and returns the first frame for the topic, raw. */
async function firstFrame(url: string, subscribe: Record<string, unknown>): Promise<{ binary: boolean; data: Buffer }> {
  const ws = new WebSocket(url);
  await new Promise((resolve, reject) => { ws.once('open', resolve); ws.once('error', reject); });
  try {
    return await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no frame for ${String(subscribe.topic)}`)), 4000);
      ws.on('message', (data, isBinary) => {
        const buf = Buffer.isBuffer(data) ? data : Buffer.from(data as ArrayBuffer);
        if (!isBinary && !buf.toString('utf8').includes('"publish"')) return;
        clearTimeout(timer);
        resolve({ binary: isBinary, data: buf });
      });
      ws.send(JSON.stringify({ op: 'subscribe', id: 's1', ...subscribe }));
    });
  } finally {
    ws.close();
  }
}

describe('sim CBOR subscriptions', () => {
  it('sends a LaserScan as one binary CBOR frame with float32 typed arrays; JSON without compression', async () => {
    sim = await startSim({ scenario: 'turtlebot_nav', port: 0, server: protocolServer });
    const frame = await firstFrame(sim.url, { topic: '/scan', type: 'sensor_msgs/msg/LaserScan', compression: 'cbor' });
    expect(frame.binary).toBe(true);
    const env = decode(new Uint8Array(frame.data)) as { op: string; topic: string; msg: Record<string, unknown> };
    expect(env.op).toBe('publish');
    expect(env.topic).toBe('/scan');
    expect(env.msg.ranges).toBeInstanceOf(Float32Array);
    expect((env.msg.ranges as Float32Array).length).toBe(360);
    expect(env.msg.header).toMatchObject({ frame_id: 'base_scan' });
    const json = await firstFrame(sim.url, { topic: '/scan', type: 'sensor_msgs/msg/LaserScan' });
    expect(json.binary).toBe(false);
    expect(Array.isArray((JSON.parse(json.data.toString('utf8')) as { msg: { ranges: unknown } }).msg.ranges)).toBe(true);
  });

  it('PointCloud2 data as a plain byte string, OccupancyGrid data as an int8 typed array (tag 72)', async () => {
    sim = await startSim({ scenario: 'turtlebot_nav', port: 0, server: protocolServer });
    const cloud = await firstFrame(sim.url, { topic: '/camera/depth/points', type: 'sensor_msgs/msg/PointCloud2', compression: 'cbor' });
    // Byte strings carry no tag: the first bytes after "data" key are major type 2 (0x40..0x5b).
    const env = decode(new Uint8Array(cloud.data)) as { msg: { data: unknown; width: number; height: number; point_step: number; fields: unknown[] } };
    expect(env.msg.data).toBeInstanceOf(Uint8Array);
    expect((env.msg.data as Uint8Array).length).toBe(env.msg.width * env.msg.height * env.msg.point_step);
    expect(env.msg.fields).toHaveLength(4);
    const map = await firstFrame(sim.url, { topic: '/map', type: 'nav_msgs/msg/OccupancyGrid', compression: 'cbor' });
    const grid = decode(new Uint8Array(map.data)) as { msg: { data: unknown; info: { width: number; height: number } } };
    expect(grid.msg.data).toBeInstanceOf(Int8Array);
    expect((grid.msg.data as Int8Array).length).toBe(grid.msg.info.width * grid.msg.info.height);
    // Tag 72 appears in the frame (d8 48).
    expect(map.data.includes(Buffer.from([0xd8, 0x48]))).toBe(true);
  });

  it('converts by field type: fixed arrays plain, null floats as NaN, unknown types unchanged', () => {
    const odom = convertMessage('nav_msgs/msg/Odometry', { header: { stamp: { sec: 1, nanosec: 2 }, frame_id: 'odom' }, child_frame_id: 'base',
      pose: { pose: { position: { x: null, y: 0, z: 0 }, orientation: { x: 0, y: 0, z: 0, w: 1 } }, covariance: new Array(36).fill(0) },
      twist: { twist: { linear: { x: 0, y: 0, z: 0 }, angular: { x: 0, y: 0, z: 0 } }, covariance: new Array(36).fill(0) } }) as Record<string, any>;
    expect(Array.isArray(odom.pose.covariance)).toBe(true);
    expect(odom.pose.pose.position.x).toBeNaN();
    const img = convertMessage('sensor_msgs/msg/Image', { data: Buffer.from([1, 2, 3]).toString('base64'), width: 3 }) as Record<string, unknown>;
    expect([...(img.data as Uint8Array)]).toEqual([1, 2, 3]);
    const other = { anything: [1, 2] };
    expect(convertMessage('my_msgs/msg/Thing', other)).toBe(other);
  });
});
