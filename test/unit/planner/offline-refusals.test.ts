// Every refusal and question back of the offline planner: a number whose kind fits no named setting, a number nothing
// names, a verb on a display that is not there, words it does not understand, and "fix it" on a finding whose cause
// is outside RViz. Each one ends in a note and changes nothing it was not asked to.
import { describe, expect, it } from 'vitest';
import { planOnScenario } from './scenario-plans.ts';
import Ajv from 'ajv';
import { readFileSync } from 'node:fs';
import { catalog } from '../../../src/core/catalog/index.ts';
import type { Finding } from '../../../src/core/diagnosis/types.ts';
import { createOfflineProposer, planRequest } from '../../../src/core/planner/index.ts';
import { FINDING_CAUSES } from '../../../src/core/planner/offline/causes.ts';
import { colourIn } from '../../../src/core/planner/offline/mentions.ts';
import { FINDING_CODES } from '../../../src/core/diagnosis/types.ts';
import { applyActions, type RvizDocument } from '../../../src/core/rviz/index.ts';
import { doc, snapshot } from './fixtures.ts';

function withDisplays(): RvizDocument {
  const r = applyActions(doc(), [
    { action: 'add_display', display_type: 'LaserScan', topic: '/scan', display: 'Front Lidar' },
    { action: 'set_property', display: 'Front Lidar', property: 'Topic/Reliability Policy', value: 'Best Effort' },
    { action: 'add_display', display_type: 'Odometry', topic: '/odom', display: 'Odometry' },
  ], { lookup: catalog });
  if (!r.ok) throw new Error(r.reason);
  return r.doc;
}

async function plan(request: string, findings: Finding[] = [], document = withDisplays()) {
  const r = await planRequest({ request, document, snapshot: snapshot(), findings, proposer: createOfflineProposer() });
  return { actions: r.plan.actions.filter((a) => a.checked).map((a) => `${a.action} ${a.display} ${a.property}=${a.value}`.replace(/\s+/g, ' ').trim()), notes: r.plan.notes };
}

const finding = (code: Finding['code'], topic: string, display?: string): Finding => ({
  code, severity: 'warning', subject: { kind: 'topic', name: topic, topic, ...(display ? { display } : {}) },
  summary: `${topic} has trouble (${code})`, evidence: [],
});

describe('offline planner: values must fit the setting', () => {
  it('reads a count of cells as the cell count, never as a size in metres', async () => {
    expect((await plan('make the grid 20 cells')).actions).toEqual(['set_property Grid Plane Cell Count=20']);
    expect((await plan('grid cell size 25 cm')).actions).toEqual(['set_property Grid Cell Size=0.25']);
  });

  it('reads "keep the last 50" on an Odometry as its Keep, and QoS only when QoS is named', async () => {
    expect((await plan('keep the last 50 odometry arrows')).actions).toEqual(['set_property Odometry Keep=50']);
    expect((await plan('set the odometry qos history policy to keep all')).actions).toEqual(['set_property Odometry Topic/History Policy=Keep All']);
  });

  it('asks back when a count is given for a size', async () => {
    const r = await plan('grid line width 3 cells');
    expect(r.actions).toEqual([]);
    expect(r.notes).toEqual(['Grid: Line Style/Line Width is a size in metres, but "3 cells" is a count of cells; which setting did you mean?']);
  });

  it('asks back which setting a bare number is for', async () => {
    const r = await plan('set the grid to 5');
    expect(r.actions).toEqual([]);
    expect(r.notes).toEqual(['Grid: which setting should be 5? (Plane Cell Count, Normal Cell Count, Cell Size, Line Style/Line Width)']);
  });
});

describe('offline planner: a verb that needs an existing display', () => {
  it('reads words that are names of object members ("constructor", "__proto__") as words, never as colours', async () => {
    for (const request of ['make the lidar constructor', 'front lidar colour __proto__', 'constructor', 'twice constructor the lidar size']) {
      const r = await plan(request);
      expect(r.actions, request).toEqual([]);
      expect(r.notes.join('\n'), request).toMatch(/did not understand/);
      expect(r.notes.join('\n'), request).not.toMatch(/native code|NaN/);
    }
    for (const word of ['constructor', '__proto__', 'hasownproperty']) expect(colourIn(`make it ${word}`), word).toBeUndefined();
  });

  it('says there is none instead of adding one', async () => {
    for (const request of ['switch the camera display off', 'hide the camera', 'turn the path off']) {
      const r = await plan(request);
      expect(r.actions, request).toEqual([]);
      expect(r.notes.join(' '), request).toMatch(/^no (Camera|Path) display to hide$/);
    }
    expect((await plan('remove the map')).notes).toEqual(['no Map display to remove']);
    expect((await plan('rename the camera to Front')).notes).toEqual(['no display matches "camera" to rename']);
  });

  it('hides an existing display for "switch … off"', async () => {
    expect((await plan('switch the odometry display off')).actions).toEqual(['set_enabled Odometry =false']);
  });
});

describe('offline planner: words it does not understand', () => {
  it('changes nothing for a whimsical request and names the word', async () => {
    const r = await plan('make the lidar sparkle');
    expect(r.actions).toEqual([]);
    expect(r.notes).toEqual(['did not understand "sparkle" in "make the lidar sparkle"; left that part out']);
  });

  it('applies only the independent understood parts of a mixed request', async () => {
    const r = await plan('make the lidar dance and hide the grid');
    expect(r.actions).toEqual(['set_enabled Grid =false']);
    expect(r.notes.filter((n) => !/offered as/.test(n))).toEqual(['did not understand "dance" in "make the lidar dance"; left that part out']);
  });

  it('never turns a change it cannot name into a repair', async () => {
    const d = applyActions(doc(), [{ action: 'add_display', display_type: 'Map', topic: '/map', display: 'Map' }], { lookup: catalog });
    if (!d.ok) throw new Error(d.reason);
    const r = await plan('give the map some love', [], d.doc);
    expect(r.actions).toEqual([]);
    expect(r.notes).toEqual(['did not understand what to change on Map in "give the map some love"; nothing was changed']);
  });

  it('does not act on the previous clause\'s display through a clause it cannot read', async () => {
    const r = await plan('hide the grid; drop table displays');
    expect(r.actions).toEqual(['set_enabled Grid =false']);
    expect(r.notes.filter((n) => !/offered as/.test(n))).toEqual(['did not understand "table" in "drop table displays"; left that part out']);
  });

  it('ends a request nobody can plan in one clear note with nothing applied', async () => {
    const r = await plan('blorp the flux capacitor');
    expect(r.actions).toEqual([]);
    expect(r.notes).toEqual(['did not understand "blorp the flux capacitor"']);
  });
});

describe('offline planner: fixes follow the finding', () => {
  it('fixes what an RViz setting repairs', async () => {
    const r = await plan('fix the lidar', [], (() => {
      const d = applyActions(doc(), [{ action: 'add_display', display_type: 'LaserScan', topic: '/scan', display: 'Front Lidar' },
        { action: 'set_property', display: 'Front Lidar', property: 'Topic/Reliability Policy', value: 'Reliable' }], { lookup: catalog });
      if (!d.ok) throw new Error(d.reason);
      return d.doc;
    })());
    expect(r.actions).toEqual(['set_property Front Lidar Topic/Reliability Policy=Best Effort']);
  });

  it('explains a cause outside RViz with the command to check it, and changes nothing', async () => {
    for (const [code, cmd] of [['NO_DATA', 'ros2 topic hz /scan'], ['CLOCK_SKEW', 'ros2 topic echo /scan --once']] as const) {
      const r = await plan('the lidar is empty, fix it', [finding(code, '/scan')]);
      expect(r.actions, code).toEqual([]);
      expect(r.notes.join('\n'), code).toContain(`/scan has trouble (${code}). No RViz setting fixes this, so nothing was changed`);
      expect(r.notes.join('\n'), code).toContain(`check with \`${cmd}\``);
    }
  });

  it('never hides the display the user wants to see', async () => {
    const r = await plan('fix everything', [finding('NO_DATA', '/scan', 'Front Lidar'), finding('CLOCK_SKEW', '/odom')]);
    expect(r.actions.filter((a) => a.startsWith('set_enabled') || a.startsWith('remove_display'))).toEqual([]);
    expect(r.notes).toHaveLength(2);
  });

  it('names the silent topic and how to check it when no other topic fits', async () => {
    const d = applyActions(doc(), [{ action: 'add_display', display_type: 'Range', topic: '/sonar', display: 'Sonar' }], { lookup: catalog });
    if (!d.ok) throw new Error(d.reason);
    const r = await plan('fix the sonar', [], d.doc);
    expect(r.actions).toEqual([]);
    expect(r.notes.join('\n')).toContain('check with `ros2 topic info -v /sonar`');
  });
});

describe('catalog/finding-causes.json', () => {
  const schema = JSON.parse(readFileSync(new URL('../../../catalog/finding-causes.schema.json', import.meta.url), 'utf8')) as object;
  const onDisk = JSON.parse(readFileSync(new URL('../../../catalog/finding-causes.json', import.meta.url), 'utf8')) as unknown;
  const validate = new Ajv({ strict: false, allErrors: true }).compile(schema);

  it('passes its schema, and the schema refuses an outside cause without a command', () => {
    expect(validate(onDisk), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ schemaVersion: 1, causes: [{ code: 'NO_DATA', fix: 'outside', cause: 'something is wrong' }] })).toBe(false);
  });

  it('covers every finding code, and each command is one its knowledge entry gives', () => {
    expect(new Set(FINDING_CAUSES.map((c) => c.code))).toEqual(new Set(FINDING_CODES));
    for (const c of FINDING_CAUSES.filter((x) => x.check)) {
      const kb = JSON.parse(readFileSync(new URL(`../../../kb/${c.kb}.json`, import.meta.url), 'utf8')) as { text: string };
      const stem = c.check!.split(/\s+\{|\s+</)[0]!;
      expect(kb.text, `${c.code}: ${stem}`).toContain(stem);
    }
  });
});

describe('offline planner: other refusals', () => {
  it('says no setting takes a count the display has nothing for', async () => {
    const r = await plan('keep the last 20 scans on the lidar');
    expect(r.actions).toEqual([]);
    expect(r.notes).toEqual(['Front Lidar: no LaserScan setting takes "20 scans"; nothing was changed']);
  });

  it('plans nothing for a CJK request with characters no lexicon covers, and names them', async () => {
    const r = await plan('把激光雷达变成闪闪发光的');
    expect(r.actions).toEqual([]);
    expect(r.notes).toEqual(['read as Chinese; did not understand "闪闪发光", so nothing was planned']);
  });

  it('says a multi-robot set-up found one robot only', async () => {
    const r = await plan('set up every robot');
    expect(r.notes.join('\n')).toContain('found no robot namespaces');
  });
});

describe('offline planner: more refusals and notes', () => {
  it('offers what a show names as a choice instead of applying it, and says which words it did not understand', async () => {
    const r = await plan('show the point cloud upside down');
    expect(r.actions).toEqual([]);
    expect(r.notes).toContain('did not understand "upside" in "show the point cloud upside down"; what the rest of it says is offered as a choice, not applied');
  });

  it('says there is no display to fix, and how to add one', async () => {
    const r = await plan('fix the camera');
    expect(r.actions).toEqual([]);
    expect(r.notes).toEqual(['no Camera display to fix; say "show the camera" to add one']);
  });

  it('explains a TF problem outside RViz when asked to fix everything', async () => {
    const tf: Finding = { code: 'TF_TREE_DISCONNECTED', severity: 'warning', subject: { kind: 'frame', name: 'dock' }, summary: 'TF frames dock form a tree of their own', evidence: [] };
    const r = await plan('fix everything', [tf]);
    expect(r.actions).toEqual([]);
    expect(r.notes.join('\n')).toContain('TF frames dock form a tree of their own. No RViz setting fixes this, so nothing was changed');
    expect(r.notes.join('\n')).toContain('check with `ros2 run tf2_tools view_frames`');
  });

  it('leaves the fixed frame alone in a recipe when the robot sends no TF', async () => {
    const noTf = snapshot(undefined, []);
    const r = await planRequest({ request: 'set up mapping', document: doc(), snapshot: noTf, proposer: createOfflineProposer() });
    expect(r.plan.actions.some((a) => a.action === 'set_fixed_frame')).toBe(false);
    expect(r.plan.notes[0]).toMatch(/fixed frame unchanged \(no TF from the robot yet\)$/);
    expect(r.plan.notes.join('\n')).toContain('TF frames (no TF on the robot)');
  });
});


describe('offline planner: a value a setting cannot take, named with the setting', () => {
  it('names the values of a choice setting when the word given is none of them', async () => {
    const r = await planOnScenario('qos_traps', 'set the laser reliability to speedy');
    expect(r.actions).toEqual([]);
    expect(r.notes.join(' | ')).toMatch(/Topic\/Reliability Policy takes System Default, Reliable, Best Effort; nothing was changed/);
  });

  it('asks which shape when what should replace the current one is none the display has', async () => {
    const r = await planOnScenario('turtlebot_nav', 'give the AMCL Pose cubes instead of the arrow', 'turtlebot_renamed.rviz');
    expect(r.actions).toEqual([]);
    expect(r.notes.join(' | ')).toMatch(/which value for Shape \(one of Arrow, Axes\)/);
  });

  it('refuses a fraction for a count written with what it counts, and does not read the noun as a value', async () => {
    const r = await planOnScenario('multi_robot', 'keep the last 4.5 odometry arrows for robot1');
    expect(r.actions).toEqual([]);
    expect(r.notes.join(' | ')).toMatch(/Keep is a whole number, but "4.5" is a fraction/);
  });
});

describe('offline planner: a fraction before what a count counts', () => {
  it('refuses "3.5 cells per plane" as no whole number instead of sizing the cells', async () => {
    const r = await planOnScenario('turtlebot_nav', 'grid: 3.5 cells per plane');
    expect(r.actions).toEqual([]);
    expect(r.notes.join(' | ')).toMatch(/Plane Cell Count is a whole number, but "3.5" is a fraction/);
  });
});

describe('offline planner: number words and devices the robot does not have', () => {
  it('reads "zero" as a number, so a setting that cannot take it is refused with its range', async () => {
    const r = await planOnScenario('manipulator', "set Wrist Load's history length to zero", 'arm-sensor-bay.rviz');
    expect(r.actions).toEqual([]);
    expect(r.notes.join(' | ')).toMatch(/History Length takes 1–100000; 0 is out of range/);
  });

  it('offers the add of a device the robot does not publish as a choice; a display type named is added', async () => {
    const lidar = await planOnScenario('empty', 'please add the lidar');
    expect(lidar.actions).toEqual([]);
    expect(lidar.notes.join(' | ')).toMatch(/publishes no sensor_msgs\/msg\/LaserScan for "lidar"; nothing was added/);
    expect(lidar.plan.choices?.map((c) => c.label)).toEqual(['add a LaserScan display anyway']);
    expect((await planOnScenario('empty', 'add a laser scan display')).actions).toEqual(['Add LaserScan on /scan named "LaserScan"']);
  });
});
