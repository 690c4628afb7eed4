// Known scenes drawn by the live view's three.js runtime in Chromium (WebGL through SwiftShader), read back as pixels:
// a FlatColor red LaserScan at known ranges, a costmap in RViz's palette, a Marker CUBE at a known pose; and the scene
// state the legend reads (no transform, link switch clears).
import { expect, waitUntil } from '@open-wc/testing';
import { parse } from '../../src/core/rviz/document.ts';
import { catalog } from '../../src/core/catalog/index.ts';
import { documentView } from '../../src/view/spec/document-view.ts';
import { ViewRuntime } from '../../src/view/scene/view-runtime.ts';
import { RemoteView } from '../../src/view/remote/remote-view.ts';
import { InThreadDecoder } from '../../src/view/decode/decoder.ts';
import { ScriptedLink } from '../fakes/scripted-link.ts';

const W = 400, H = 300, SCALE = 50; // TopDownOrtho: 50 px per metre, centred on the origin

function config(displays: string): string {
  return `Visualization Manager:
  Class: ""
  Displays:
${displays}
  Global Options:
    Background Color: 0; 0; 0
    Fixed Frame: map
    Frame Rate: 30
  Views:
    Current:
      Class: rviz_default_plugins/TopDownOrtho
      Scale: ${SCALE}
      X: 0
      Y: 0
      Angle: 0
`;
}

function setup(displays: string, meshBaseUrl = '') {
  const host = document.createElement('div');
  host.style.cssText = `width:${W}px;height:${H}px;position:fixed;left:0;top:0`;
  document.body.appendChild(host);
  const runtime = new ViewRuntime(host, { decoder: new InThreadDecoder() });
  const link = new ScriptedLink();
  const r = parse(config(displays), { name: 'pixels.rviz' });
  if (!r.ok) throw new Error(r.reason);
  const view = documentView(r.doc, catalog);
  runtime.update({ ...view, link: link.asLink(), meshBaseUrl });
  return { host, runtime, link, view, done: () => { runtime.dispose(); host.remove(); } };
}

/** Pixel (x, y) in CSS pixels from the top-left, as [r, g, b]. */
function pixel(canvas: HTMLCanvasElement | OffscreenCanvas, x: number, y: number): [number, number, number] {
  const c = document.createElement('canvas');
  c.width = canvas.width; c.height = canvas.height;
  const ctx = c.getContext('2d')!;
  ctx.drawImage(canvas, 0, 0);
  const k = canvas.width / W;
  const d = ctx.getImageData(Math.round(x * k), Math.round(y * k), 1, 1).data;
  return [d[0]!, d[1]!, d[2]!];
}

/** Screen position of a point in the fixed frame (x right, y up). */
const screen = (x: number, y: number): [number, number] => [W / 2 + x * SCALE, H / 2 - y * SCALE];

/** A FlatColor red LaserScan of 6 px points on /scan. */
const RED_SCAN = `    - Class: rviz_default_plugins/LaserScan
      Name: Scan
      Enabled: true
      Topic: /scan
      Color Transformer: FlatColor
      Color: 255; 0; 0
      Style: Points
      Size (Pixels): 6`;

describe('live view scene (pixels)', () => {
  it('draws a FlatColor red LaserScan where its ranges put the points', async () => {
    const s = setup(RED_SCAN);
    try {
      s.link.addTf('map', 'laser', 0, 0, 0);
      // 21 beams around +X at 2 m: points from (2, -0.2) to (2, 0.2); beams at ±1 rad at 1 m.
      const ranges = Array.from({ length: 21 }, () => 2);
      await s.link.emit('/scan', { header: { frame_id: 'laser', stamp: { sec: 1, nanosec: 0 } }, angle_min: -0.1, angle_max: 0.1,
        angle_increment: 0.01, time_increment: 0, scan_time: 0.1, range_min: 0.1, range_max: 10, ranges, intensities: [] });
      s.runtime.renderNow();
      const [x, y] = screen(2, 0);
      const hit = pixel(s.runtime.canvas, x, y);
      expect(hit[0], `red at the 2 m point (${hit})`).to.be.above(200);
      expect(hit[1]).to.be.below(40);
      expect(pixel(s.runtime.canvas, ...screen(2, 0.15))[0]).to.be.above(200);
      // Nothing where no beam went: the other side and beyond the end of the fan.
      expect(pixel(s.runtime.canvas, ...screen(-2, 0))).to.deep.equal([0, 0, 0]);
      expect(pixel(s.runtime.canvas, ...screen(2, 0.6))).to.deep.equal([0, 0, 0]);
      expect(s.runtime.statuses().get(s.view.displays[0]!.key)).to.include({ hasData: true, transformOk: true });
    } finally { s.done(); }
  });

  it('draws the next scan into the same GPU buffers: the new points, none of the old, and a larger scan after it', async () => {
    const s = setup(RED_SCAN);
    const scan = (ranges: number[], angleMin: number) => ({ header: { frame_id: 'laser', stamp: { sec: 1, nanosec: 0 } }, angle_min: angleMin,
      angle_max: angleMin + 0.01 * (ranges.length - 1), angle_increment: 0.01, time_increment: 0, scan_time: 0.1, range_min: 0.1, range_max: 10,
      ranges, intensities: [] });
    const cloud = () => { let found: unknown; s.runtime['scene'].traverse((o) => { if ((o as { isPoints?: boolean }).isPoints) found = o; }); return found; };
    try {
      s.link.addTf('map', 'laser', 0, 0, 0);
      await s.link.emit('/scan', scan(Array.from({ length: 21 }, () => 2), -0.1));
      s.runtime.renderNow();
      const first = cloud();
      expect(pixel(s.runtime.canvas, ...screen(2, 0))[0]).to.be.above(200);
      // 11 beams at 1 m, two of them out of range (not drawn): fewer points than the buffers hold.
      await s.link.emit('/scan', scan([1, 1, 1, 1, 1, 20, 1, 1, 1, 1, 20], -0.05));
      s.runtime.renderNow();
      expect(cloud(), 'the same Points object took the new scan').to.equal(first);
      expect(pixel(s.runtime.canvas, ...screen(1, 0))[0], 'the new points').to.be.above(200);
      expect(pixel(s.runtime.canvas, ...screen(2, 0)), 'none of the old').to.deep.equal([0, 0, 0]);
      expect(pixel(s.runtime.canvas, ...screen(2, 0.15))).to.deep.equal([0, 0, 0]);
      expect(s.runtime.statuses().get(s.view.displays[0]!.key)!.objects).to.equal(1);
      // More points than the buffers hold: new buffers, all of it drawn.
      await s.link.emit('/scan', scan(Array.from({ length: 61 }, () => 3), -0.3));
      s.runtime.renderNow();
      expect(pixel(s.runtime.canvas, ...screen(3, 0))[0]).to.be.above(200);
      expect(pixel(s.runtime.canvas, ...screen(3 * Math.cos(0.28), 3 * Math.sin(0.28)))[0], 'the far end of the larger fan').to.be.above(200);
      expect(pixel(s.runtime.canvas, ...screen(1, 0))).to.deep.equal([0, 0, 0]);
    } finally { s.done(); }
  });

  it('staged (the page\'s view): builds its layers over later tasks, warms the shaders up frame by frame, then draws all', async () => {
    const host = document.createElement('div');
    host.style.cssText = `width:${W}px;height:${H}px;position:fixed;left:0;top:0`;
    document.body.appendChild(host);
    const runtime = new ViewRuntime(host, { decoder: new InThreadDecoder(), staged: true });
    const link = new ScriptedLink();
    const r = parse(config(`    - Class: rviz_default_plugins/Grid
      Name: Grid
      Enabled: true
      Color: 0; 255; 0
      Cell Size: 0.7
${RED_SCAN}`), { name: 'staged.rviz' });
    if (!r.ok) throw new Error(r.reason);
    const view = documentView(r.doc, catalog);
    try {
      link.addTf('map', 'laser', 0, 0, 0);
      runtime.update({ ...view, link: link.asLink(), meshBaseUrl: '' });
      expect(runtime.layersBuilt(), 'nothing built in the task that asked').to.equal(false);
      expect(runtime.statuses().size).to.equal(0);
      await waitUntil(() => runtime.layersBuilt(), 'layers built', { timeout: 3000 });
      expect(runtime.statuses().size).to.equal(2);
      await link.emit('/scan', { header: { frame_id: 'laser', stamp: { sec: 1, nanosec: 0 } }, angle_min: -0.1, angle_max: 0.1,
        angle_increment: 0.01, time_increment: 0, scan_time: 0.1, range_min: 0.1, range_max: 10, ranges: Array.from({ length: 21 }, () => 2), intensities: [] });
      // The animation frames compile, wait for and first-use each program, then draw both layers.
      // Grid lines every 0.7 m: the scan's points at 2 m lie between them.
      await waitUntil(() => pixel(runtime.canvas, ...screen(2, 0.15))[0] > 200 && pixel(runtime.canvas, ...screen(1.4, 0.35))[1] > 0, 'scan and grid drawn', { timeout: 5000 });
      expect(pixel(runtime.canvas, ...screen(-2.45, 0.35))).to.deep.equal([0, 0, 0]);
    } finally { runtime.dispose(); host.remove(); }
  });

  it('draws a costmap in RViz\'s costmap palette (lethal magenta, inscribed cyan, a cost ramp, unknown grey)', async () => {
    const s = setup(`    - Class: rviz_default_plugins/Map
      Name: Costmap
      Enabled: true
      Topic: /costmap
      Color Scheme: costmap
      Alpha: 1`);
    try {
      await s.link.emit('/costmap', { header: { frame_id: 'map', stamp: { sec: 1, nanosec: 0 } },
        info: { resolution: 1, width: 4, height: 1, origin: { position: { x: -2, y: -0.5, z: 0 }, orientation: { x: 0, y: 0, z: 0, w: 1 } } },
        data: [100, 99, 50, -1] });
      s.runtime.renderNow();
      const at = (cellX: number) => pixel(s.runtime.canvas, ...screen(cellX, 0));
      expect(at(-1.5)).to.deep.equal([255, 0, 255]);
      expect(at(-0.5)).to.deep.equal([0, 255, 255]);
      const ramp = at(0.5); // v = 255·50/100 → (v, 0, 255 − v)
      expect(Math.abs(ramp[0] - 127.5)).to.be.below(1.5);
      expect(ramp[1]).to.equal(0);
      expect(Math.abs(ramp[2] - 127.5)).to.be.below(1.5);
      expect(at(1.5)).to.deep.equal([112, 137, 134]);
      expect(pixel(s.runtime.canvas, ...screen(0, 2))).to.deep.equal([0, 0, 0]);
    } finally { s.done(); }
  });

  it('draws a Marker CUBE at its pose in its frame, and hides it when the frame leaves TF', async () => {
    const s = setup(`    - Class: rviz_default_plugins/Marker
      Name: Box
      Enabled: true
      Topic: /marker`);
    try {
      s.link.addTf('map', 'base', 1, 0, 0);
      await s.link.emit('/marker', { header: { frame_id: 'base' }, ns: 'test', id: 1, type: 1, action: 0,
        pose: { position: { x: 0, y: 1, z: 0 }, orientation: { x: 0, y: 0, z: 0, w: 1 } }, scale: { x: 0.6, y: 0.6, z: 0.6 },
        color: { r: 0, g: 1, b: 0, a: 1 }, lifetime: { sec: 0, nanosec: 0 }, frame_locked: false, points: [], colors: [], text: '', mesh_resource: '' });
      s.runtime.renderNow();
      const c = pixel(s.runtime.canvas, ...screen(1, 1));
      expect(c[1], `green at (1, 1): ${c}`).to.be.above(120);
      expect(c[0]).to.be.below(60);
      expect(c[2]).to.be.below(60);
      expect(pixel(s.runtime.canvas, ...screen(1, 1.45))).to.deep.equal([0, 0, 0]);
      expect(pixel(s.runtime.canvas, ...screen(-1, -1))).to.deep.equal([0, 0, 0]);
    } finally { s.done(); }
  });

  it('reports no transform for a scan whose frame does not connect, and starts empty on another link', async () => {
    const s = setup(`    - Class: rviz_default_plugins/LaserScan
      Name: Scan
      Enabled: true
      Topic: /scan
      Color Transformer: FlatColor
      Style: Points`);
    try {
      s.link.addTf('world', 'laser', 0, 0, 0);
      s.link.addTf('map', 'odom', 0, 0, 0);
      await s.link.emit('/scan', { header: { frame_id: 'laser' }, angle_min: 0, angle_max: 0.1, angle_increment: 0.05, range_min: 0, range_max: 5, ranges: [1, 1, 1], intensities: [] });
      s.runtime.renderNow();
      const key = s.view.displays[0]!.key;
      expect(s.runtime.statuses().get(key)).to.include({ hasData: true, transformOk: false, transformReason: 'frame "laser" does not connect to the fixed frame "map"' });
      expect(pixel(s.runtime.canvas, ...screen(1, 0.05))).to.deep.equal([255, 255, 255].map(() => 0));
      const other = new ScriptedLink();
      s.runtime.update({ ...s.view, link: other.asLink(), meshBaseUrl: '' });
      expect(s.runtime.statuses().get(key)).to.include({ hasData: false, objects: 0 });
    } finally { s.done(); }
  });

  it('draws a RobotModel\'s primitives at their TF frames and a mesh it cannot fetch as a placeholder with one note', async () => {
    const s = setup(`    - Class: rviz_default_plugins/RobotModel
      Name: Robot
      Enabled: true
      Description Topic:
        Value: /robot_description`, 'http://127.0.0.1:9/no-meshes');
    try {
      s.link.addTf('map', 'base_link', 0, 0, 0);
      s.link.addTf('base_link', 'sensor', 2, 0, 0);
      const urdf = `<?xml version="1.0"?><robot name="r">
        <link name="base_link"><visual><geometry><box size="1 1 0.2"/></geometry><material name="red"><color rgba="1 0 0 1"/></material></visual></link>
        <link name="sensor"><visual><geometry><mesh filename="package://robot/meshes/sensor.stl"/></geometry></visual></link>
        <joint name="j" type="fixed"><parent link="base_link"/><child link="sensor"/><origin xyz="2 0 0"/></joint></robot>`;
      await s.link.emit('/robot_description', { data: urdf });
      const key = s.view.displays[0]!.key;
      const deadline = Date.now() + 5000;
      while (!s.runtime.statuses().get(key)!.notes.some((n) => n.includes('could not be fetched')) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      s.runtime.renderNow();
      const st = s.runtime.statuses().get(key)!;
      expect(st.notes).to.deep.equal(['mesh http://127.0.0.1:9/no-meshes/robot/meshes/sensor.stl could not be fetched: drawn as a placeholder box']);
      expect(st).to.include({ hasData: true, transformOk: true });
      const c = pixel(s.runtime.canvas, ...screen(0.3, 0.3));
      expect(c[0], `the red base box (${c})`).to.be.above(120);
      expect(c[1]).to.be.below(60);
      expect(pixel(s.runtime.canvas, ...screen(-1.5, 1.5))).to.deep.equal([0, 0, 0]);
    } finally { s.done(); }
  });

  // Each remaining type: one display, one message, something lit where the message puts it (x, y in metres).
  const hdr = { frame_id: 'map', stamp: { sec: 1, nanosec: 0 } };
  const pose = (x: number, y: number) => ({ position: { x, y, z: 0 }, orientation: { x: 0, y: 0, z: 0, w: 1 } });
  const cases: { type: string; props?: string; topic: string; message: unknown; at: [number, number]; empty: [number, number] }[] = [
    { type: 'Pose', topic: '/pose', message: { header: hdr, pose: pose(-1, 1) }, at: [-0.5, 1], empty: [1, -1] },
    { type: 'PoseWithCovariance', topic: '/amcl', message: { header: hdr, pose: { pose: pose(1, -1), covariance: [0.25, 0, 0, 0, 0, 0, 0, 0.25, ...new Array(28).fill(0)] } }, at: [1.2, -1], empty: [-1, 1] },
    { type: 'Odometry', topic: '/odom', message: { header: hdr, child_frame_id: 'base', pose: { pose: pose(0, 1), covariance: new Array(36).fill(0) }, twist: {} }, at: [0.5, 1], empty: [0, -1.5] },
    { type: 'PoseArray', props: '      Shape: Arrow (3D)\n      Shaft Radius: 0.05\n      Head Radius: 0.1', topic: '/particles', message: { header: hdr, poses: [pose(-2, 0), pose(2, 0)] }, at: [2.1, 0], empty: [0, 0] },
    { type: 'Path', props: '      Line Style: Billboards\n      Line Width: 0.2', topic: '/plan', message: { header: hdr, poses: [{ pose: pose(-2, -1) }, { pose: pose(2, -1) }] }, at: [0, -1], empty: [0, 1] },
    { type: 'Polygon', topic: '/footprint', message: { header: hdr, polygon: { points: [{ x: -1, y: -1, z: 0 }, { x: 1, y: -1, z: 0 }, { x: 1, y: 1, z: 0 }, { x: -1, y: 1, z: 0 }] } }, at: [1, 0], empty: [0, 0] },
    { type: 'PointStamped', props: '      Radius: 0.3', topic: '/clicked', message: { header: hdr, point: { x: -2, y: -1, z: 0 } }, at: [-2, -1], empty: [2, 1] },
    { type: 'Range', props: '      Alpha: 1', topic: '/sonar', message: { header: hdr, radiation_type: 0, field_of_view: 0.6, min_range: 0.1, max_range: 4, range: 2 }, at: [1.8, 0], empty: [-1, 0] },
    { type: 'PointCloud2', props: '      Style: Boxes\n      Size (m): 0.3\n      Color Transformer: FlatColor\n      Color: 0; 255; 0', topic: '/cloud',
      message: { header: hdr, height: 1, width: 1, is_bigendian: false, point_step: 12, row_step: 12, is_dense: true,
        fields: ['x', 'y', 'z'].map((name, i) => ({ name, offset: i * 4, datatype: 7, count: 1 })),
        data: btoa(String.fromCharCode(...new Uint8Array(new Float32Array([1.5, 1.5, 0]).buffer))) }, at: [1.5, 1.5], empty: [-1.5, -1.5] },
  ];
  for (const c of cases) {
    it(`draws a ${c.type} where its message puts it`, async () => {
      const s = setup(`    - Class: rviz_default_plugins/${c.type}
      Name: It
      Enabled: true
      Topic: ${c.topic}
${c.props ?? ''}`);
      try {
        await s.link.emit(c.topic, c.message);
        s.runtime.renderNow();
        s.runtime.renderNow(); // Odometry places its poses in the frame after they arrive
        const st = s.runtime.statuses().get(s.view.displays[0]!.key)!;
        expect(st, JSON.stringify(st)).to.include({ hasData: true, transformOk: true });
        expect(st.objects).to.be.above(0);
        const lit = pixel(s.runtime.canvas, ...screen(...c.at));
        expect(lit.some((v) => v > 60), `lit at (${c.at}): ${lit}`).to.equal(true);
        expect(pixel(s.runtime.canvas, ...screen(...c.empty))).to.deep.equal([0, 0, 0]);
      } finally { s.done(); }
    });
  }
});

describe('live view scene in the render worker (RemoteView)', () => {
  const scan = { header: { frame_id: 'laser', stamp: { sec: 1, nanosec: 0 } }, angle_min: -0.1, angle_max: 0.1,
    angle_increment: 0.01, time_increment: 0, scan_time: 0.1, range_min: 0.1, range_max: 10, ranges: Array.from({ length: 21 }, () => 2), intensities: [] };

  function viewOf(displays: string) {
    const r = parse(config(displays), { name: 'remote.rviz' });
    if (!r.ok) throw new Error(r.reason);
    return documentView(r.doc, catalog);
  }

  function remoteSetup() {
    const host = document.createElement('div');
    host.style.cssText = `width:${W}px;height:${H}px;position:fixed;left:0;top:0`;
    document.body.appendChild(host);
    return { host, remote: new RemoteView(host), link: new ScriptedLink() };
  }

  it('draws what the page would, through feeds it opens on the page\'s link and closes when the display goes', async () => {
    const { host, remote, link } = remoteSetup();
    try {
      await remote.ready;
      link.addTf('map', 'laser', 0, 0, 0);
      remote.update({ ...viewOf(RED_SCAN), link: link.asLink(), meshBaseUrl: '' });
      await waitUntil(() => link.feedsOn('/scan') === 1, 'the worker opened its feed on the page link', { timeout: 5000 });
      // emit() resolves once the worker's handler settled (the page-side feed is busy until then).
      await link.emit('/scan', scan);
      await waitUntil(() => pixel(remote.canvas, ...screen(2, 0.15))[0] > 200, 'the scan drawn by the worker', { timeout: 8000 });
      expect(pixel(remote.canvas, ...screen(-2, 0))).to.deep.equal([0, 0, 0]);
      await waitUntil(() => remote.layersBuilt() && remote.statuses().get(viewOf(RED_SCAN).displays[0]!.key)?.hasData === true, 'stats reach the page', { timeout: 3000 });

      // The wheel on the page's canvas zooms the worker's camera (in, towards the cursor at the centre): the scan
      // moves out from the centre; Reset view brings it back.
      const redX = () => {
        const c = document.createElement('canvas');
        c.width = remote.canvas.width; c.height = remote.canvas.height;
        const ctx = c.getContext('2d')!;
        ctx.drawImage(remote.canvas, 0, 0);
        const d = ctx.getImageData(0, 0, c.width, c.height).data;
        let sum = 0, n = 0;
        for (let i = 0; i < d.length; i += 4) if (d[i]! > 200 && d[i + 1]! < 80) { sum += (i / 4) % c.width; n++; }
        return n ? (sum / n) * (W / c.width) : NaN;
      };
      const before = redX();
      expect(before).to.be.closeTo(W / 2 + 2 * SCALE, 6);
      const r = remote.canvas.getBoundingClientRect();
      remote.canvas.dispatchEvent(new WheelEvent('wheel', { deltaY: -1000, clientX: r.left + W / 2, clientY: r.top + H / 2, bubbles: true, cancelable: true }));
      await waitUntil(() => redX() > before + 20, 'zoomed in by the wheel', { timeout: 5000 });
      remote.resetCamera();
      await waitUntil(() => Math.abs(redX() - before) < 3, 'back to the document\'s view', { timeout: 5000 });

      // The display removed: its feed ends on the page, and the picture is empty again.
      remote.update({ ...viewOf(`    - Class: rviz_default_plugins/Axes
      Name: Axes
      Enabled: false`), link: link.asLink(), meshBaseUrl: '' });
      expect(remote.layersBuilt(), 'stats of the previous update are not about this one').to.equal(false);
      await waitUntil(() => link.feedsOn('/scan') === 0, 'feed closed', { timeout: 5000 });
      await waitUntil(() => pixel(remote.canvas, ...screen(2, 0.15))[0] === 0, 'the scan gone', { timeout: 5000 });

      // Another link (another robot): the old one's feeds end, the new one's open.
      remote.update({ ...viewOf(RED_SCAN), link: link.asLink(), meshBaseUrl: '' });
      await waitUntil(() => link.feedsOn('/scan') === 1, 'feed again', { timeout: 5000 });
      const other = new ScriptedLink();
      remote.update({ ...viewOf(RED_SCAN), link: other.asLink(), meshBaseUrl: '' });
      expect(link.feedsOn('/scan'), 'the old link\'s feeds end at once').to.equal(0);
      await waitUntil(() => other.feedsOn('/scan') === 1, 'the new link\'s feed', { timeout: 5000 });
    } finally { remote.dispose(); host.remove(); }
    expect(link.feedsOn('/scan')).to.equal(0);
  });

  it('hands a large binary message to the worker once, and two displays of its topic both draw it', async () => {
    const { host, remote, link } = remoteSetup();
    const cloudDisplay = (name: string, size: number) => `    - Class: rviz_default_plugins/PointCloud2
      Name: ${name}
      Enabled: true
      Topic: /cloud
      Color Transformer: FlatColor
      Color: 255; 0; 0
      Style: Points
      Size (Pixels): ${size}`;
    // 6,000 points on a line at x = 2 m (72 kB of data: over the hand-over size).
    const n = 6000;
    const xyz = new Float32Array(n * 3);
    for (let i = 0; i < n; i++) { xyz[i * 3] = 2; xyz[i * 3 + 1] = -0.5 + i / n; xyz[i * 3 + 2] = 0; }
    const cloud = { header: { frame_id: 'laser', stamp: { sec: 1, nanosec: 0 } }, height: 1, width: n, is_bigendian: false, is_dense: true,
      point_step: 12, row_step: 12 * n, data: new Uint8Array(xyz.buffer),
      fields: ['x', 'y', 'z'].map((name, i) => ({ name, offset: i * 4, datatype: 7, count: 1 })) };
    try {
      await remote.ready;
      link.addTf('map', 'laser', 0, 0, 0);
      const view = viewOf(`${cloudDisplay('Cloud A', 3)}\n${cloudDisplay('Cloud B', 5)}`);
      remote.update({ ...view, link: link.asLink(), meshBaseUrl: '' });
      await waitUntil(() => link.feedsOn('/cloud') === 2, 'two feeds of one topic', { timeout: 5000 });
      await link.emit('/cloud', cloud);
      expect(cloud.data.byteLength, 'the page\'s arrays were moved, not copied').to.equal(0);
      await waitUntil(() => view.displays.every((d) => (remote.statuses().get(d.key)?.objects ?? 0) > 0), 'both displays drew the one message', { timeout: 8000 });
      await waitUntil(() => pixel(remote.canvas, ...screen(2, 0))[0] > 200, 'the cloud on screen', { timeout: 5000 });
    } finally { remote.dispose(); host.remove(); }
  });
});
