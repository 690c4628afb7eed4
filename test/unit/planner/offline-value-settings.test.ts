// The offline planner's values (kinds 1–7 of bench round 5): ranges with a colour mode and on a plugin's
// own Min/Max keys, relative sizes, opacity, exclusive switches, persistence, widths with or without units, labels.
// Refusals and questions back first: what the planner must not guess. (The dev-r5s bench cases cover the kinds on the
// scenarios, in every lexicon language.)
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { snapshotFromScenario } from '../../../src/cli/commands/plan.ts';
import { rewriteParaphrases } from '../../../src/core/planner/offline/paraphrases.ts';
import { mergeValueClauses } from '../../../src/core/planner/offline/phrases.ts';
import { numbersIn } from '../../../src/core/planner/offline/mentions.ts';
import { quantitiesOf } from '../../../src/core/planner/offline/quantities.ts';
import { siblingSwitches } from '../../../src/core/planner/offline/settings.ts';
import { doc } from './fixtures.ts';
import { planned as plan, plannedOnScenario as onScenario, type Planned } from './planned.ts';
import { planOnScenario } from './scenario-plans.ts';

/** gateway-ops.rviz with a second Min/Max pair on the octomap display, so a range alone cannot tell which is meant. */
async function twoPluginPairs(request: string): Promise<Planned> {
  const text = readFileSync(new URL('../../../bench/planner/configs/gateway-ops.rviz', import.meta.url), 'utf8')
    .replace(/^(\s+)Max\. Octree Depth: 16$/m, '$1Max. Octree Depth: 16\n$1Max. Probability: 1\n$1Min. Probability: 0');
  expect(text).toContain('Min. Probability: 0');
  const snap = await snapshotFromScenario('big_graph', new AbortController().signal);
  return plan(request, doc(text), snap);
}

describe('offline planner, value settings: refusals and questions back', () => {
  it('a range on a plugin display with two Min/Max pairs its words do not tell apart is a question, and changes nothing', async () => {
    const r = await twoPluginPairs('voxels 1 to 3');
    expect(r.actions).toEqual([]);
    const note = r.notes.join('\n');
    expect(note).toMatch(/Voxels: which range is meant \(.*\) for 1 to 3\?/);
    expect(note).toContain('Min. Height Display … Max. Height Display');
    expect(note).toContain('Min. Probability … Max. Probability');
  });

  it('…and picks the pair its words name when they do', async () => {
    const r = await twoPluginPairs('voxels height 0 to 2.5');
    expect(r.actions).toEqual(['set_property Voxels Min. Height Display=0', 'set_property Voxels Max. Height Display=2.5']);
  });

  it('a plugin display gets no guessed setting for a value that is no range', async () => {
    const r = await onScenario('big_graph', 'gateway-ops.rviz', 'voxels red');
    expect(r.actions).toEqual([]);
    expect(r.notes.join('\n')).toMatch(/Voxels is a octomap_rviz_plugins\/OccupancyGrid display, whose settings the catalog does not know; nothing was changed/);
  });

  it('"range 1 to 3" on a display with no Min/Max pair is a question, never the Range type', async () => {
    const r = await onScenario('qos_traps', 'traps-faults.rviz', 'the sonar, range 1 to 3');
    expect(r.actions).toEqual([]);
    expect(r.notes.join('\n')).toMatch(/Sonar: no Range setting takes a range; which values for 1 to 3\?/);
  });

  it('"buffer 5" on a Range is its Buffer Length, never a second Alpha', async () => {
    expect((await onScenario('qos_traps', 'traps-faults.rviz', 'sonar alpha 0.8 and buffer 5')).actions).toEqual(['set_property Sonar Alpha=0.8', 'set_property Sonar Buffer Length=5']);
  });

  it('"remember the last 5" on a type with no buffer asks which setting, and never touches QoS', async () => {
    const r = await onScenario('qos_traps', undefined, 'laser: remember the last 5');
    expect(r.actions).toEqual([]);
    expect(r.notes.join('\n')).toMatch(/LaserScan: which setting should be 5\?/);
  });

  it('a number written right after "points" is their size; a bare number beside another noun is still a question', async () => {
    // (Three blind writers in two batches meant the size by "Perimeter points 0.05"; alpha or decay there would be odd.)
    expect((await onScenario('qos_traps', undefined, 'scan points 0.05')).actions).toContain('set_property LaserScan Size (m)=0.05');
    const r = await onScenario('qos_traps', undefined, 'scan 0.05');
    expect(r.actions).toEqual([]);
    expect(r.notes.join('\n')).toMatch(/LaserScan: which setting should be 0\.05\?/);
  });

  it('"tf names, no axes" never adds an Axes display; a value after it ("axes red") is no switch of the TF', async () => {
    const a = await onScenario('turtlebot_nav', undefined, 'tf names, no axes');
    expect(a.actions).toEqual(['set_property TF Show Names=true', 'set_property TF Show Axes=false']);
    const b = await onScenario('qos_traps', undefined, 'tf arrows; axes red');
    expect(b.actions.some((x) => x.includes('TF Show Axes'))).toBe(false);
  });

  it('"tf names off, axes on" is the TF\'s switches (the TF stays shown), never a new Axes display', async () => {
    const r = await onScenario('turtlebot_nav', undefined, 'tf names off, axes on');
    expect(r.actions).toEqual(['set_property TF Show Names=false', 'set_property TF Show Axes=true']);
  });

  it('after "hide the tf", "show axes" is no switch of the hidden TF', async () => {
    const r = await onScenario('turtlebot_nav', undefined, 'hide the tf, show axes');
    expect(r.actions.some((x) => x.startsWith('set_property TF'))).toBe(false);
  });

  it('a switch read from a noun that needs another colour mode than one planned before is left out, with a note', async () => {
    const r = await onScenario('turtlebot_nav', undefined, 'paint the laser along x and keep the colour scale fixed from -2 to 4');
    expect(r.actions.some((a) => a.includes('Use rainbow'))).toBe(false);
    expect(r.actions).toContain('set_property LaserScan Autocompute Value Bounds/Min Value=-2');
    expect(r.notes.join('\n')).toMatch(/LaserScan: left Use rainbow out: it needs Color Transformer Intensity, and Axis needs AxisColor/);
  });

  it('"show only <a switch>" sets the exclusive switch and hides no other display', async () => {
    const r = await onScenario('turtlebot_nav', undefined, 'show only the visual model, no collision');
    expect(r.actions).toEqual(['set_property RobotModel Visual Enabled=true', 'set_property RobotModel Collision Enabled=false']);
    // …while "show only the map" still hides the rest.
    const map = await onScenario('turtlebot_nav', undefined, 'show only the map');
    expect(map.actions.filter((a) => a.startsWith('set_enabled') && a.endsWith('=false')).length).toBeGreaterThan(5);
  });

  it('an enum value after "instead of" or a negation is never set; the one on the wanted side is', async () => {
    expect((await onScenario('turtlebot_nav', undefined, 'laser: boxes instead of flat squares')).actions).toEqual(['set_property LaserScan Style=Boxes']);
    const r = await onScenario('turtlebot_nav', undefined, 'laser no squares');
    expect(r.actions.some((a) => a.includes('Style'))).toBe(false);
  });

  it('"labels on, no axes" borrows no noun from the clause after it', async () => {
    const r = await onScenario('manipulator', undefined, 'show the interactive markers, labels on, no axes');
    expect(r.actions).toContain('set_property Target Show Descriptions=true');
    expect(r.actions).toContain('set_property Target Show Axes=false');
    expect(r.actions).not.toContain('set_property Target Show Axes=true');
  });

  it('"rainbow by height" keeps the axis colouring and leaves the rainbow out, with a note', async () => {
    const r = await onScenario('turtlebot_nav', undefined, 'depth cloud: rainbow by height between 0 and 3 metres');
    expect(r.actions.some((a) => a.includes('Use rainbow'))).toBe(false);
    expect(r.actions).toContain('set_property Depth Cloud Autocompute Value Bounds/Max Value=3');
    expect(r.notes.join('\n')).toMatch(/left Use rainbow out/);
  });

  it('a share is never written raw into a 0–1 setting, also as the second half of a request', async () => {
    const r = await onScenario('turtlebot_nav', undefined, 'make the global plan blue and 40 % see-through');
    expect(r.actions).toEqual(['set_property Global Plan Color=0; 0; 255', 'set_property Global Plan Alpha=0.6']);
  });

  it('asks about a fraction given to a count named in full, never moving it to another setting ("plane cell count 7.5")', async () => {
    const r = await onScenario('turtlebot_nav', undefined, 'grid plane cell count 7.5');
    expect(r.actions).toEqual([]);
    expect(r.notes.join(' | ')).toMatch(/Plane Cell Count is a whole number, but "7.5" is a fraction/);
    expect((await onScenario('turtlebot_nav', undefined, 'grid cells 0.5')).actions).toEqual(['set_property Grid Cell Size=0.5']);
  });
});

describe('offline planner, value settings: readings', () => {
  it('reads persistence and range paraphrases onto the catalog phrasing', () => {
    expect(rewriteParaphrases('sonar: hold on to the last 4 readings')).toBe('sonar: keep the last 4 readings');
    expect(rewriteParaphrases('fade the depth cloud after 2 seconds')).toBe('decay the depth cloud after 2 seconds');
    expect(rewriteParaphrases('let the scan points stay 3 s')).toBe('let the scan points stay for 3 s');
    expect(rewriteParaphrases('colour it by y, clamp 1 to 3')).toBe('colour it by y, fixed 1 to 3');
    expect(rewriteParaphrases('by height, range 0 to 2')).toBe('by height, from 0 to 2');
    expect(rewriteParaphrases('intensity from 100 up to 4000')).toBe('intensity from 100 to 4000');
    expect(rewriteParaphrases('scan points should vanish after 1 second')).toBe('scan points should decay after 1 second');
    expect(rewriteParaphrases('shade the cloud by its z value, limits 0.2 and 1.4')).toBe('colour the cloud by z axis, fixed 0.2 to 1.4');
    expect(rewriteParaphrases('intensities 100..2000')).toBe('intensities 100 to 2000');
    expect(rewriteParaphrases('height colouring with limits 0.1 / 2.0')).toBe('coloured by height with limits 0.1 to 2.0');
    expect(rewriteParaphrases('lidar z colours 0.2→1.6')).toBe('lidar coloured by z axis 0.2 to 1.6');
    expect(rewriteParaphrases('make the map mostly transparent')).toBe('make the map 80 % transparent');
    expect(rewriteParaphrases('map barely visible')).toBe('map 90 % transparent');
    expect(rewriteParaphrases('cut the tf marker scale by a third')).toBe('reduce the tf marker scale by a third');
    expect(rewriteParaphrases('put name labels on every frame')).toBe('put frame names');
    expect(rewriteParaphrases('coloured by height over a fixed span of 0.4 to 2.2')).toBe('coloured by height over a fixed from 0.4 to 2.2');
    // A name on the robot or in the document is never rewritten ("hide tags" with a display called "Tags").
    expect(rewriteParaphrases('hide tags', new Set(['tags']))).toBe('hide tags');
    expect(rewriteParaphrases('hide tags')).toBe('hide labels');
    // "range 2" alone may be a numbered device; a topic's slashes are no range.
    expect(rewriteParaphrases('show range 2')).toBe('show range 2');
    expect(rewriteParaphrases('show /fleet/cam_7/image_raw')).toBe('show /fleet/cam_7/image_raw');
    // With no time, going away is a complaint, not a decay.
    expect(rewriteParaphrases('the laser points disappear')).toBe('the laser points disappear');
    // Not a range: "limits" and "keep the range display" stay as written.
    expect(rewriteParaphrases('show the range display')).toBe('show the range display');
  });

  it('joins a clause of only a value to the clause before', () => {
    expect(mergeValueClauses(['local plan thinner', '2 cm'])).toEqual(['local plan thinner 2 cm']);
    expect(mergeValueClauses(['colour by height', 'from 0 to 2'])).toEqual(['colour by height from 0 to 2']);
    expect(mergeValueClauses(['hide the map', 'show the scan'])).toEqual(['hide the map', 'show the scan']);
  });

  it('reads "N % as big", "two thirds" and a number after a plural noun by their kind', () => {
    const q = (t: string) => quantitiesOf(numbersIn(t), t).map((x) => [x.kind, Math.round(x.value * 1000) / 1000]);
    expect(q('tf markers 75 % as big')).toEqual([['factor', 0.75]]);
    expect(q('markers 40 percent of their size')).toEqual([['factor', 0.4]]);
    expect(q('map 30 % transparent')).toEqual([['fraction', 30]]);
    expect(q('two thirds the size')).toEqual([['factor', 0.667]]);
    expect(q('grid cells 30')).toEqual([['count', 30]]);
    expect(q('cells 0.5 m, 30 of them')).toEqual([['length', 0.5], ['count', 30]]);
    expect(q('decay seconds 5')).toEqual([['bare', 5]]);
  });

  it('joins a range whose join word a language carries as nothing ("de 0,5 a 1,5", "0から3")', async () => {
    for (const request of ['nuvem de pontos colorida por altura de 0,5 a 1,5', 'レーザーを高さで色分けして、範囲は0から3']) {
      const r = await onScenario('turtlebot_nav', undefined, request);
      expect(r.actions.filter((a) => /Value Bounds\/M(in|ax) Value=/.test(a))).toHaveLength(2);
    }
  });

  it('reads Japanese markers after the thing not wanted the right way round ("四角の代わりに球", "名前ではなく軸")', async () => {
    expect((await onScenario('turtlebot_nav', undefined, 'レーザーを四角の代わりに球にして')).actions).toEqual(['set_property LaserScan Style=Spheres']);
    const r = await onScenario('turtlebot_nav', undefined, 'ロボットモデルはビジュアルじゃなくて衝突');
    expect(r.actions).toEqual(['set_property RobotModel Visual Enabled=false', 'set_property RobotModel Collision Enabled=true']);
  });

  it('a range on a new display whose colour mode has no value yet goes to the pair of the mode RViz starts with', async () => {
    // (An explicit add: the robot publishes no illuminance, and a type only shown adds nothing there.)
    const r = await onScenario('big_graph', 'gateway-ops.rviz', 'add an illuminance display with a fixed range of 0 to 500');
    expect(r.actions).toContain('set_property Illuminance Min Intensity=0');
    expect(r.actions).toContain('set_property Illuminance Max Intensity=500');
  });

  it('reads a share as a change by that much or as that share, by its words', async () => {
    const size = async (request: string): Promise<string[]> => (await onScenario('turtlebot_nav', 'nav-desk-camera.rviz', request)).actions.filter((a) => /Size \(m\)|Zoom Factor/.test(a));
    expect(await size('shrink the laser points by 25 %')).toEqual(['set_property Laser Size (m)=0.0225']);
    expect(await size('laser points 25 % smaller')).toEqual(['set_property Laser Size (m)=0.0225']);
    expect(await size('shrink the laser to 40 percent')).toEqual(['set_property Laser Size (m)=0.012']);
    expect(await size('increase the front view zoom by half')).toEqual(['set_property Front View Zoom Factor=1.5']);
    expect(await size('laser points half the size')).toEqual(['set_property Laser Size (m)=0.015']);
  });

  it('a size named with a unit takes the size of that unit, whatever the current style ("point size 2 cm" on Points)', async () => {
    const r = await onScenario('turtlebot_nav', undefined, 'depth cloud point size 2 cm');
    expect(r.actions).toEqual(['set_property Depth Cloud Size (m)=0.02', 'set_property Depth Cloud Style=Flat Squares']);
    expect((await onScenario('turtlebot_nav', undefined, 'depth cloud bigger points')).actions).toEqual(['set_property Depth Cloud Size (Pixels)=6']);
  });

  it('tells sibling switches by names that differ in one word', () => {
    expect(siblingSwitches('Visual Enabled', 'Collision Enabled')).toBe(true);
    expect(siblingSwitches('Show Names', 'Show Axes')).toBe(true);
    expect(siblingSwitches('Show polygons', 'Not show side polygons')).toBe(false);
    expect(siblingSwitches('Covariance', 'Selectable')).toBe(false);
  });

  it('"opacity 30" is refused with the range (issue 22: never rescaled), and an alpha named beside the covariance is the covariance\'s', async () => {
    expect((await onScenario('qos_traps', undefined, 'odometry: opacity 30')).actions).toEqual([]);
    const r = await onScenario('qos_traps', undefined, 'odometry covariance 50 % see-through');
    expect(r.actions).toContain('set_property Odometry Covariance/Position/Alpha=0.5');
    expect(r.actions.some((a) => a.includes('Shape/Alpha'))).toBe(false);
  });

  it('"only" covers a list that "and" split ("only show frame names and axes on the tf", "show only the map and the scan")', async () => {
    expect((await onScenario('turtlebot_nav', undefined, 'only show frame names and axes on the tf')).actions)
      .toEqual(['set_property TF Show Names=true', 'set_property TF Show Axes=true', 'set_property TF Show Arrows=false']);
    const r = await onScenario('turtlebot_nav', undefined, 'show only the map and the scan');
    expect(r.actions).not.toContain('set_enabled LaserScan =false');
    expect(r.actions).not.toContain('set_enabled Map =false');
    expect(r.actions).toContain('set_enabled Grid =false');
  });

  it('"anchor" or "attach" a display to a frame sets its frame ("leave the fixed frame alone, just anchor the grid to base_link")', async () => {
    expect((await onScenario('turtlebot_nav', undefined, 'leave the fixed frame alone, just anchor the grid to base_link')).actions).toEqual(['set_property Grid Reference Frame=base_link']);
    expect((await onScenario('turtlebot_nav', undefined, 'attach the grid to base_footprint')).actions).toEqual(['set_property Grid Reference Frame=base_footprint']);
  });

  it('a frame named as where a display goes is that frame, even when it is a type\'s word ("put the grid on odom" adds no Odometry)', async () => {
    expect((await onScenario('turtlebot_nav', undefined, 'put the grid on odom')).actions).toEqual(['set_property Grid Reference Frame=odom']);
    expect((await onScenario('turtlebot_nav', undefined, 'attach the grid to odom')).actions).toEqual(['set_property Grid Reference Frame=odom']);
    // …while "show odom" still adds the Odometry display.
    expect((await onScenario('turtlebot_nav', undefined, 'show odom')).actions[0]).toMatch(/^add_display Odometry/);
  });

  it('a value named beside its setting is that value ("laser style points", "set the laser style to points")', async () => {
    for (const request of ['laser style points', 'set the laser style to points']) {
      expect((await onScenario('qos_traps', undefined, request)).actions.filter((a) => !a.includes('Reliability')), request).toEqual(['set_property LaserScan Style=Points']);
    }
  });

  it('"bump" sets, "longer" and "shorter" are sizes ("bump the scan\'s queue size to 10", "gripper axes shorter")', async () => {
    expect((await onScenario('qos_traps', undefined, "bump the scan's queue size to 10")).actions[0]).toBe('set_property LaserScan Topic/Depth=10');
    expect((await onScenario('qos_traps', undefined, 'make the gripper axes shorter')).actions).toEqual(['set_property Gripper Axes Length=0.25']);
  });

  it('a word before the type that the display\'s name holds is its name: "depth point cloud decay time 1 s"', async () => {
    expect((await onScenario('manipulator', undefined, 'depth point cloud decay time 1 s')).actions).toEqual(['set_property Depth Cloud Decay Time=1']);
  });

  it('"show everything except X" shows the rest and hides X; a change to "everything except X" is refused', async () => {
    expect((await onScenario('turtlebot_nav', undefined, 'show all displays except the grid')).actions).toEqual(['set_enabled Grid =false']);
    expect((await onScenario('turtlebot_nav', undefined, 'show everything but the camera')).actions).toEqual(['set_enabled Camera Image =false']);
    const change = await onScenario('turtlebot_nav', undefined, 'make everything except the map a bit transparent');
    expect(change.actions).toEqual([]);
    expect(change.notes.join(' | ')).toMatch(/not made in one go; name the displays to change; nothing was changed/);
  });

  it('a list with no verb led by "only", "just" or "nothing but" keeps those shown and hides the rest', async () => {
    for (const request of ['only the map and the scan', 'just the map and the scan please', 'nothing but the map and the scan, please', 'show nothing except the map and the scan']) {
      const r = await onScenario('turtlebot_nav', undefined, request);
      expect(r.actions, request).not.toContain('set_enabled LaserScan =false');
      expect(r.actions, request).not.toContain('set_enabled Map =false');
      expect(r.actions, request).toContain('set_enabled Grid =false');
    }
    // …but a value after "just" is a change of that display alone.
    expect((await onScenario('turtlebot_nav', undefined, 'just the laser 0.1 m')).actions).toEqual(['set_property LaserScan Size (m)=0.1']);
  });

  it('coordinated qualifiers borrow the noun and the value after it ("the global and local plans red")', async () => {
    expect((await onScenario('turtlebot_nav', undefined, 'make the global and local plans red')).actions)
      .toEqual(['set_property Global Plan Color=255; 0; 0', 'set_property Local Plan Color=255; 0; 0']);
    // …as written: the share keeps its "%" and "see-through" its hyphen.
    expect((await onScenario('multi_robot', undefined, 'robot1 and robot2 scans 50 % see-through')).actions)
      .toEqual(['set_property Robot1 Scan Alpha=0.5', 'set_property Robot2 Scan Alpha=0.5']);
  });

  it('sets the exclusive switch, a relative size, persistence and a count with a counter', async () => {
    expect((await onScenario('turtlebot_nav', undefined, 'robot model: collision only')).actions)
      .toEqual(['set_property RobotModel Collision Enabled=true', 'set_property RobotModel Visual Enabled=false']);
    expect((await onScenario('qos_traps', undefined, 'tf markers 75 % as big')).actions).toContain('set_property TF Marker Scale=0.75');
    expect((await onScenario('qos_traps', 'traps-faults.rviz', 'sonar: remember the last 5 readings')).actions).toEqual(['set_property Sonar Buffer Length=5']);
    expect((await onScenario('turtlebot_nav', undefined, 'グリッドのセルを30個に')).actions).toEqual(['set_property Grid Plane Cell Count=30']);
  });

  it('reads a number word before a unit as that number ("one second of decay"), and "one" alone as no number', async () => {
    expect((await onScenario('turtlebot_nav', undefined, 'give the laser one second of decay')).actions).toEqual(['set_property LaserScan Decay Time=1']);
    expect(numbersIn('hide that one')).toEqual([]);
    expect(numbersIn('two metres').map((n) => n.value)).toEqual([2]);
  });

  it('gives a bare number the one number setting the request changes on the display, or the only one that takes it', async () => {
    const r = await onScenario('turtlebot_nav', undefined, 'the global costmap is way too see-through, make it less transparent — 0.6 or so');
    expect(r.actions).toEqual(['set_property Global Costmap Alpha=0.6']);
    expect((await onScenario('turtlebot_nav', 'nav-nested.rviz', 'Static Map at 0.5 and Controller Path orange')).actions).toEqual(['set_property Static Map Alpha=0.5', 'set_property Controller Path Color=255; 165; 0']);
    expect((await onScenario('turtlebot_nav', undefined, 'set the grid to 5')).actions).toEqual([]);
  });

  it('writes a setting before the settings under it, so a new Odometry gets its Shape and the shape\'s colour', async () => {
    const r = await onScenario('turtlebot_nav', undefined, 'add odometry with blue arrows, the AMCL pose stays red');
    expect(r.actions.indexOf('set_property Odometry Shape=Arrow')).toBeGreaterThanOrEqual(0);
    expect(r.actions.indexOf('set_property Odometry Shape=Arrow')).toBeLessThan(r.actions.indexOf('set_property Odometry Shape/Color=0; 0; 255'));
  });
});

describe('offline planner, value settings: a number beside a style, and "just" before a switch', () => {
  it('"in spheres of 0.2" sets the style and the size it draws with', async () => {
    for (const request of ['put Rack Seven in spheres 0.2', 'make Rack Seven spheres of 0.2']) {
      const r = await planOnScenario('big_graph', request, 'gateway-ops.rviz');
      expect(r.actions, request).toEqual(['Set Style = Spheres on "Rack Seven"', 'Set Size (m) = 0.2 on "Rack Seven"']);
    }
  });

  it('a number that names a device ("probe 33 as squares") is no size', async () => {
    const r = await planOnScenario('big_graph', 'add temperature probe 33 as squares');
    expect(r.plan.actions.filter((a) => a.property === 'Size (m)')).toEqual([]);
  });

  it('"just turn on the frame names" turns them on and leaves the other switches as they are; "show just the frame names" turns the others off', async () => {
    expect((await planOnScenario('manipulator', "don't hide the TF display, just turn on the frame names")).actions).toEqual(['Set Show Names = true on "TF"']);
    expect((await planOnScenario('manipulator', 'show just the frame names')).actions).toEqual(['Set Show Names = true on "TF"', 'Set Show Axes = false on "TF"', 'Set Show Arrows = false on "TF"']);
  });
});
