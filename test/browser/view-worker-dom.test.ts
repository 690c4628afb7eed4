// RobotModel inside a real module worker (no document, no DOMParser): worker-dom.ts gives urdf-loader and three's
// mesh loaders their XML DOM and textures, and the worker's reads of a URDF and its meshes equal the page's.
import { expect } from '@open-wc/testing';
import { installWorkerDom } from '../../src/view/scene/worker-dom.ts';
import { parseSummary, sceneSummary, type ParseSummary, type SceneSummary } from './fixtures/worker-dom/robot-scene.ts';

let worker: Worker | undefined;
let nextId = 0;

function ask<T>(request: Record<string, unknown>): Promise<T> {
  worker ??= new Worker(new URL('./fixtures/worker-dom/robot-worker.ts', import.meta.url), { type: 'module', name: 'worker-dom-test' });
  const w = worker;
  const id = ++nextId;
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the worker did not answer ${String(request['kind'])} in 12 s`)), 12_000);
    const onMessage = (e: MessageEvent<{ id: number; result: T }>): void => {
      if (e.data.id !== id) return;
      clearTimeout(timer);
      w.removeEventListener('message', onMessage);
      resolve(e.data.result);
    };
    w.addEventListener('message', onMessage);
    w.addEventListener('error', (e) => { clearTimeout(timer); reject(new Error(`worker error: ${e.message}`)); }, { once: true });
    w.postMessage({ id, ...request });
  });
}

function notThrown<T>(r: T | { thrown: string }): T {
  if (r && typeof r === 'object' && 'thrown' in r) throw new Error(`the worker threw: ${r.thrown}`);
  return r as T;
}

const FIXTURES = new URL('./fixtures/worker-dom', import.meta.url).href;

const ARM = `<?xml version="1.0"?>
<robot name="arm_bot">
  <material name="blue"><color rgba="0 0 0.8 1"/></material>
  <link name="base_link">
    <visual><origin xyz="0 0 0.05" rpy="0 0 0"/><geometry><box size="0.4 0.3 0.1"/></geometry><material name="blue"/></visual>
    <collision><geometry><box size="0.42 0.32 0.12"/></geometry></collision>
  </link>
  <link name="shoulder">
    <visual><origin xyz="0 0 0.1" rpy="0.1 0.2 0.3"/><geometry><cylinder radius="0.05" length="0.2"/></geometry>
      <material name="half_red"><color rgba="1 0 0 0.5"/></material></visual>
    <collision><geometry><cylinder radius="0.06" length="0.22"/></geometry></collision>
  </link>
  <link name="forearm"><visual><geometry><box size="0.05 0.05 0.3"/></geometry><material name="blue"/></visual></link>
  <link name="sensor">
    <visual><geometry><sphere radius="0.03"/></geometry></visual>
    <visual><geometry><mesh filename="package://robot/meshes/plate.stl" scale="2 2 2"/></geometry></visual>
  </link>
  <link name="finger_l"/>
  <link name="finger_r"/>
  <joint name="base_to_shoulder" type="revolute">
    <parent link="base_link"/><child link="shoulder"/><origin xyz="0 0 0.1" rpy="0 0 1.5708"/><axis xyz="0 0 1"/>
    <limit lower="-2.5" upper="2.5" effort="10" velocity="1"/>
  </joint>
  <joint name="elbow" type="continuous"><parent link="shoulder"/><child link="forearm"/><origin xyz="0 0 0.2" rpy="0 1.5708 0"/><axis xyz="0 1 0"/></joint>
  <joint name="sensor_mount" type="fixed"><parent link="forearm"/><child link="sensor"/><origin xyz="0.01 -0.02 0.3"/></joint>
  <joint name="finger_l_slide" type="prismatic">
    <parent link="forearm"/><child link="finger_l"/><origin xyz="0 0.02 0.31"/><axis xyz="0 1 0"/><limit lower="0" upper="0.04" effort="1" velocity="0.1"/>
  </joint>
  <joint name="finger_r_slide" type="prismatic">
    <parent link="forearm"/><child link="finger_r"/><origin xyz="0 -0.02 0.31"/><axis xyz="0 -1 0"/><limit lower="0" upper="0.04" effort="1" velocity="0.1"/>
    <mimic joint="finger_l_slide" multiplier="1" offset="0"/>
  </joint>
</robot>`;

const MESHES = `<?xml version="1.0"?>
<robot name="mesh_bot">
  <link name="base_link"><visual><geometry><mesh filename="package://robot/meshes/plate.stl"/></geometry></visual>
    <collision><geometry><mesh filename="package://robot/meshes/wedge-ascii.stl"/></geometry></collision></link>
  <link name="panel"><visual><geometry><mesh filename="package://robot/meshes/panel.dae"/></geometry></visual></link>
  <link name="tile"><visual><geometry><mesh filename="package://robot/meshes/tile.obj"/></geometry>
    <material name="green"><color rgba="0 1 0 1"/></material></visual></link>
  <link name="skin"><visual><geometry><box size="0.1 0.1 0.01"/></geometry>
    <material name="checker"><texture filename="package://robot/meshes/checker.png"/></material></visual></link>
  <joint name="a" type="fixed"><parent link="base_link"/><child link="panel"/></joint>
  <joint name="b" type="fixed"><parent link="base_link"/><child link="tile"/></joint>
  <joint name="c" type="fixed"><parent link="base_link"/><child link="skin"/></joint>
</robot>`;

const BROKEN = `<?xml version="1.0"?>
<robot name="broken_bot">
  <link name="base_link"><visual><geometry><box size="0.2 0.2 0.2"/></geometry></visual></link>
  <link name="gone"><visual><geometry><mesh filename="package://robot/meshes/missing.stl"/></geometry></visual></link>
  <link name="ogre"><visual><geometry><mesh filename="package://robot/meshes/body.mesh"/></geometry></visual></link>
  <joint name="a" type="fixed"><parent link="base_link"/><child link="gone"/></joint>
  <joint name="b" type="fixed"><parent link="base_link"/><child link="ogre"/></joint>
</robot>`;

describe('RobotModel in a Web Worker (worker-dom.ts)', function () {
  this.timeout(30_000);
  after(() => worker?.terminate());

  it('installs DOMParser, Document, Element, Node and bitmap textures only where they are missing', async () => {
    const w = await ask<{ before: Record<string, string>; installed: string[]; again: string[] }>({ kind: 'globals' });
    expect(w.before).to.deep.equal({ DOMParser: 'undefined', Document: 'undefined', document: 'undefined' });
    expect(w.installed).to.deep.equal(['DOMParser', 'Document', 'Element', 'Node', 'TextureLoader.load']);
    expect(w.again, 'a second call installs nothing').to.deep.equal([]);
    const pageParser = DOMParser;
    expect(installWorkerDom(), 'the page keeps its own DOM').to.deep.equal([]);
    expect(DOMParser).to.equal(pageParser);
    expect(Function.prototype.toString.call(DOMParser)).to.include('[native code]');
  });

  it('parses a URDF with links, joints (mimic too) and visual/collision primitives as the page does', async () => {
    const page = parseSummary(ARM);
    const inWorker = notThrown(await ask<ParseSummary | { thrown: string }>({ kind: 'parse', urdf: ARM }));
    expect(page.robot).to.equal('arm_bot');
    expect(page.links).to.deep.equal(['base_link', 'shoulder', 'forearm', 'sensor', 'finger_l', 'finger_r']);
    expect(page.joints.map((j) => `${j.name}:${j.type}`)).to.deep.equal(['base_to_shoulder:revolute', 'elbow:continuous',
      'sensor_mount:fixed', 'finger_l_slide:prismatic', 'finger_r_slide:prismatic']);
    expect(page.joints[0]).to.deep.include({ xyz: [0, 0, 0.1], q: [0, 0, 0.707108, 0.707105], axis: [0, 0, 1], limit: [-2.5, 2.5], child: 'shoulder' });
    expect(page.joints[4]!.mimic).to.equal('finger_l_slide');
    expect(page.primitives.map((p) => `${p.link}/${p.role}/${p.kind}`)).to.deep.equal(['base_link/visual/BoxGeometry',
      'base_link/collision/BoxGeometry', 'shoulder/visual/CylinderGeometry', 'shoulder/collision/CylinderGeometry',
      'forearm/visual/BoxGeometry', 'sensor/visual/SphereGeometry']);
    expect(page.primitives[2]!.color).to.deep.equal([1, 0, 0, 0.5]);
    expect(page.meshes).to.deep.equal(['pkgs/robot/meshes/plate.stl']);
    expect(inWorker).to.deep.equal(page);
  });

  it('loads binary and ASCII STL, a textured Collada, OBJ and a URDF texture in the worker as on the page', async () => {
    const page = await sceneSummary(MESHES, FIXTURES);
    const inWorker = notThrown(await ask<SceneSummary | { thrown: string }>({ kind: 'scene', urdf: MESHES, meshBaseUrl: FIXTURES }));
    expect(page.notes).to.deep.equal([]);
    expect(page.links.map((l) => [l.name, l.parts.map((p) => `${p.kind}:${p.vertices}:${p.textures.join(',')}`)])).to.deep.equal([
      ['base_link', ['BufferGeometry:9:', 'BufferGeometry:3:']],
      ['panel', ['Group:6:2x2']],
      ['tile', ['Group:6:']],
      ['skin', ['BoxGeometry:24:2x2']],
    ]);
    expect(inWorker).to.deep.equal(page);
  });

  it('draws a missing or unsupported mesh as a placeholder with one note in the worker, never a throw', async () => {
    const page = await sceneSummary(BROKEN, FIXTURES);
    const inWorker = notThrown(await ask<SceneSummary | { thrown: string }>({ kind: 'scene', urdf: BROKEN, meshBaseUrl: FIXTURES }));
    expect(page.links.map((l) => `${l.name}:${l.parts.map((p) => p.kind).join(',')}`)).to.deep.equal(['base_link:BoxGeometry', 'gone:placeholder', 'ogre:placeholder']);
    expect([...page.notes].sort()).to.deep.equal([
      `mesh ${FIXTURES}/robot/meshes/body.mesh: only .stl, .dae and .obj meshes are drawn: drawn as a placeholder box`,
      `mesh ${FIXTURES}/robot/meshes/missing.stl could not be fetched: drawn as a placeholder box`,
    ]);
    expect(inWorker.links).to.deep.equal(page.links);
    expect([...inWorker.notes].sort()).to.deep.equal([...page.notes].sort());

    const refused = notThrown(await ask<SceneSummary | { thrown: string }>({ kind: 'scene', urdf: ARM, meshBaseUrl: 'http://127.0.0.1:9/no-meshes' }));
    expect(refused.links.find((l) => l.name === 'sensor')!.parts.map((p) => p.kind)).to.deep.equal(['SphereGeometry', 'placeholder']);
    expect(refused.notes).to.deep.equal(['mesh http://127.0.0.1:9/no-meshes/robot/meshes/plate.stl could not be fetched: drawn as a placeholder box']);
  });
});
