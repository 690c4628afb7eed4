// The offline planner, kinds 12–14 of bench round 5: causes outside RViz that name no display (nothing published, wrong
// stamps, a robot part's TF frame, a plugin's missing node), goals worded without a recipe word (cues), and robot
// commands RViz cannot carry out. Refusals and notes first: each says why nothing was changed. (The dev-r5u bench
// cases cover the kinds on the scenarios.)
import { describe, expect, it } from 'vitest';
import Ajv from 'ajv';
import { readFileSync } from 'node:fs';
import { catalog } from '../../../src/core/catalog/index.ts';
import { diagnose } from '../../../src/core/diagnosis/index.ts';
import type { Finding } from '../../../src/core/diagnosis/types.ts';
import type { GraphSnapshot } from '../../../src/core/graph/types.ts';
import { ROBOT_PARTS } from '../../../src/core/planner/offline/robot-commands.ts';
import type { RvizDocument } from '../../../src/core/rviz/index.ts';
import { snapshot, withScan } from './fixtures.ts';
import { planned, plannedOnScenario as onScenario } from './planned.ts';
import { planOnScenario } from './scenario-plans.ts';

const plan = (request: string, document?: RvizDocument, snap?: GraphSnapshot, findings?: Finding[]) => planned(request, document, snap, { findings });

const read = (path: string): unknown => JSON.parse(readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8'));

describe('offline planner: robot commands are no display change', () => {
  it('reads "turn off the robot model" as the RobotModel display, not the robot', async () => {
    expect((await planOnScenario('turtlebot_nav', 'turn off the robot model, but leave TF on')).actions).toEqual(['Hide "RobotModel"']);
    expect((await planOnScenario('turtlebot_nav', 'turn off the robot')).notes.join(' | ')).toMatch(/is a command for the robot/);
  });

  it('says a motion command is for the robot and plans nothing', async () => {
    const r = await onScenario('turtlebot_nav', undefined, 'drive forward 2 m');
    expect(r.actions).toEqual([]);
    expect(r.notes).toHaveLength(1);
    expect(r.notes[0]).toMatch(/^"drive forward 2 m" is a command for the robot, not an RViz display change; .*teleop/);
  });

  it('reports no unrelated finding with a command, even where RViz has faults to fix', async () => {
    const r = await onScenario('qos_traps', undefined, 'stop the motors');
    expect(r.actions).toEqual([]);
    expect(r.notes).toHaveLength(1);
    expect(r.notes[0]).toMatch(/command for the robot/);
    expect(r.notes.join('\n')).not.toMatch(/QoS|Reliability|fixed frame|no publisher/);
  });

  it('removes nothing for "clear the global costmap" (Nav2 clears it, not RViz)', async () => {
    const r = await onScenario('turtlebot_nav', undefined, "clear the global costmap, it's full of ghost obstacles");
    expect(r.actions).toEqual([]);
  });

  it('gives an arm or gripper command the part\'s own hint', async () => {
    expect((await onScenario('manipulator', undefined, 'open the gripper')).notes[0]).toMatch(/gripper through its action or controller/);
    expect((await onScenario('manipulator', undefined, 'move the arm to the home position')).notes[0]).toMatch(/MoveIt/);
  });

  it('reads a named arm pose ("its ready pose") as where the arm goes, not as a Pose display to add', async () => {
    for (const request of ['move the arm to its ready pose', 'send the arm back to the home pose']) {
      const r = await onScenario('manipulator', undefined, request);
      expect(r.actions, request).toEqual([]);
      expect(r.notes[0], request).toMatch(/command for the robot.*MoveIt/);
    }
  });

  it('plans the other clauses of a request with a command in it', async () => {
    const r = await plan('drive forward 2 m and hide the lidar');
    expect(r.actions).toEqual(['set_enabled Front Lidar =false']);
    expect(r.notes).toEqual([expect.stringMatching(/^"drive forward 2 m" is a command for the robot/)]);
  });

  it('keeps a request with a place word on RViz, even with a part word in it', async () => {
    const r = await onScenario('manipulator', 'arm-workcell.rviz', 'send the arm to the back');
    expect(r.notes.join('\n')).not.toMatch(/command for the robot/);
  });

  it('never reads an RViz request with a verb robots share as a command', async () => {
    expect((await plan('turn the grid off')).actions).toEqual(['set_enabled Grid =false']);
    expect((await plan('move the grid up by 1 m')).actions).toEqual(['set_property Grid Offset=0; 0; 1']);
    expect((await plan('stop showing the lidar')).actions).toEqual(['set_enabled Front Lidar =false']);
    const camera = await onScenario('turtlebot_nav', 'default', 'open the camera');
    expect(camera.actions.some((a) => a.startsWith('add_display'))).toBe(true);
    const nav = await onScenario('turtlebot_nav', 'default', 'what do I need to drive with Nav2');
    expect(nav.notes[0]).toMatch(/^set up for navigation/);
  });

  it('passes robot-parts.json through its schema, which refuses an unknown field and a command without a hint', () => {
    const validate = new Ajv({ strict: true, allErrors: true }).compile(read('catalog/robot-parts.schema.json') as object);
    const onDisk = read('catalog/robot-parts.json') as typeof ROBOT_PARTS;
    expect(validate(onDisk), JSON.stringify(validate.errors)).toBe(true);
    const extra = structuredClone(onDisk) as unknown as Record<string, unknown>;
    extra.colour = 'red';
    expect(validate(extra)).toBe(false);
    const noHint = structuredClone(onDisk);
    delete (noHint.commands[0] as Partial<(typeof noHint.commands)[0]>).hint;
    expect(validate(noHint)).toBe(false);
  });
});

describe('offline planner: causes outside RViz that name no display', () => {
  it('says nothing publishes, with ros2 topic list, when the robot sends nothing at all', async () => {
    const r = await onScenario('empty', undefined, 'nothing on screen, help');
    expect(r.actions).toEqual([]);
    expect(r.notes.join('\n')).toMatch(/^nothing publishes: .*check with `ros2 topic list`/m);
  });

  it('does not say nothing publishes when the robot does', async () => {
    const r = await onScenario('turtlebot_nav', undefined, 'nothing on screen, help');
    expect(r.notes.join('\n')).not.toMatch(/nothing publishes/);
  });

  it('answers "the stamps are wrong" with the clock cause and changes nothing, whatever else is wrong', async () => {
    const r = await onScenario('qos_traps', undefined, 'the time stamps are wrong, fix it');
    expect(r.actions).toEqual([]);
    expect(r.notes).toHaveLength(1);
    expect(r.notes[0]).toMatch(/timestamps are no RViz setting, so nothing was changed: .*clock.*`ros2 topic echo \/\S+ --once`/);
  });

  it('names the measured clock skew when the rules found it, and never disables the display it hides', async () => {
    const document = withScan();
    const snap = snapshot();
    const findings = diagnose({ document, snapshot: snap, now: snap.takenAt, stamps: [{ topic: '/scan', stampSec: 12.5, receivedAt: snap.takenAt }] }, { catalog });
    expect(findings.some((f) => f.code === 'CLOCK_SKEW')).toBe(true);
    const stamps = await plan('the stamps are off, please fix', document, snap, findings);
    expect(stamps.actions).toEqual([]);
    expect(stamps.notes.join('\n')).toMatch(/\/scan is stamped .* behind this computer's clock.*No RViz setting fixes this/);
    const lidar = await plan('the lidar shows nothing, fix it', document, snap, findings);
    expect(lidar.actions.filter((a) => a.endsWith('=false'))).toEqual([]);
    expect(lidar.notes.join('\n')).toMatch(/clock/);
  });

  it('says a quiet display\'s data may be dropped for its stamps when nothing else explains it', async () => {
    const r = await onScenario('qos_traps', 'traps-faults.rviz', 'the depth cloud shows nothing, fix it');
    expect(r.actions).toEqual([]);
    expect(r.notes.join('\n')).toMatch(/header stamps are far from this computer's clock/);
  });

  it('says what to check on a named quiet display also when the plan repaired the fixed frame', async () => {
    const r = await onScenario('qos_traps', undefined, 'the depth cloud shows nothing, fix it');
    expect(r.actions).toEqual(['set_fixed_frame =']);
    expect(r.notes.join('\n')).toMatch(/^Depth Cloud: nothing else RViz can fix .*header stamps far from this computer's clock/m);
  });

  it('says a robot part has no TF frame, and makes none of the other repairs', async () => {
    const r = await onScenario('qos_traps', undefined, 'where is the wheel? fix its frame');
    expect(r.actions).toEqual([]);
    expect(r.notes).toEqual([expect.stringMatching(/^no TF frame of the wheel .*check with `ros2 run tf2_tools view_frames`/)]);
  });

  it('gives a part in a TF tree of its own that tree\'s note, linking it to a real parent', async () => {
    const r = await onScenario('qos_traps', undefined, 'wo ist die Ladestation? Frame reparieren');
    expect(r.actions).toEqual([]);
    const said = r.notes.join('\n');
    expect(said).toMatch(/charger_dock/);
    expect(said).not.toMatch(/--frame-id dock_map --child-frame-id dock_map/);
  });

  it('says a part whose frame is in TF needs nothing, and a frame written out that TF lacks is named', async () => {
    const lift = await onScenario('qos_traps', undefined, '升降机在哪里？修一下它的坐标系');
    expect(lift.actions).toEqual([]);
    expect(lift.notes.join('\n')).toMatch(/lift_link is in TF \(parent base_link\)/);
    const gps = await onScenario('turtlebot_nav', undefined, 'where is gps_link? fix it');
    expect(gps.actions).toEqual([]);
    expect(gps.notes.join('\n')).toMatch(/^gps_link is not in TF/m);
  });

  it('reads any thing asked for by its frame against TF, and a frame name written with spaces', async () => {
    const antenna = await onScenario('qos_traps', undefined, 'where is the antenna? fix its frame');
    expect(antenna.actions).toEqual([]);
    expect(antenna.notes).toEqual([expect.stringMatching(/^no TF frame of the antenna \(no frame name holds "antenna"\)/)]);
    const link = await onScenario('qos_traps', undefined, 'where is the camera link');
    expect(link.notes).toEqual([expect.stringMatching(/^camera_link is in TF \(parent base_link\)/)]);
  });

  it('leaves a TF display change about a part\'s frames and a view colour to the usual reading', async () => {
    const wheels = await onScenario('turtlebot_nav', undefined, 'turn off the wheel frames in TF');
    expect(wheels.notes.join('\n')).not.toMatch(/is in TF|no TF frame/);
    expect(wheels.actions).not.toEqual([]);
    const view = await onScenario('turtlebot_nav', undefined, 'use a white background in the view');
    expect(view.notes.join('\n')).not.toMatch(/found nothing to fix|nothing publishes/);
  });

  it('names the node a plugin display needs when its topic has no publisher', async () => {
    const r = await onScenario('manipulator', 'arm-workcell.rviz', 'the planning display is empty');
    expect(r.actions).toEqual([]);
    expect(r.notes.join('\n')).toMatch(/MotionPlanning: .*move_group.*`ros2 topic info -v \/monitored_planning_scene`/);
  });

  it('turns a plugin display on when it is off, and says it stays empty until its node runs', async () => {
    const r = await onScenario('manipulator', 'arm-workcell.rviz', 'the scene display is empty');
    expect(r.actions).toEqual(['set_enabled Scene =true']);
    expect(r.notes.join('\n')).toMatch(/^Scene was off, so it is turned on; it will still show nothing until its node runs: .*move_group/m);
  });

  it('takes each situation and plugin command from its knowledge entry', () => {
    const file = read('catalog/finding-causes.json') as { situations: { check: string; kb: string }[]; plugins: { check: string; kb: string }[] };
    const validate = new Ajv({ strict: false, allErrors: true }).compile(read('catalog/finding-causes.schema.json') as object);
    expect(validate(file), JSON.stringify(validate.errors)).toBe(true);
    for (const c of [...file.situations, ...file.plugins]) {
      const kb = read(`kb/${c.kb}.json`) as { text: string };
      expect(kb.text, c.check).toContain(c.check.split(/\s+\{|\s+</)[0]!);
    }
  });
});

describe('offline planner: goals worded without a recipe word', () => {
  it.each([
    ['turtlebot_nav', 'nav-desk-camera.rviz', 'I want to watch how the controller dodges people in the hallway, set up whatever I need', /^set up for navigation/],
    ['turtlebot_nav', 'nav-kiosk.rviz', 'the robot keeps scraping door frames when it turns in tight spots, I want to see what\'s going on', /^set up for navigation/],
    ['manipulator', 'arm-workcell.rviz', 'I want to see how hard the gripper is pushing on the part', /^set up for manipulation/],
    ['multi_robot', undefined, 'I want to compare where both robots think they are on the map', /^set up for localization \(AMCL\) on robot1, robot2/],
    ['turtlebot_nav', 'nav-desk-camera.rviz', 'the robot keeps losing track of where it is on the map, help me see why', /^set up for localization/],
    ['turtlebot_nav', 'nav-desk-camera.rviz', "I'm chasing why the robot keeps hugging the walls in the corridor, show me what I'd need to see for that", /^set up for navigation/],
  ] as const)('reads the goal of "%s"', async (scenario, config, request, note) => {
    expect((await onScenario(scenario, config, request)).notes[0]).toMatch(note);
  });

  it('sets up manipulation for handling things with the arm', async () => {
    const r = await onScenario('manipulator', 'default', 'going to grab a box from the shelf with the arm');
    expect(r.notes[0]).toMatch(/^set up for manipulation/);
    expect(r.actions).toContain('set_fixed_frame =');
  });

  it('sets up perception for what a sensor sees, but not for seeing a display or a complaint', async () => {
    expect((await onScenario('turtlebot_nav', 'default', 'what does the 3D camera see?')).notes[0]).toMatch(/^set up for perception/);
    const display = await onScenario('turtlebot_nav', 'default', 'what do I need to see the camera');
    expect(display.notes.join('\n')).not.toMatch(/set up for perception/);
    const complaint = await onScenario('turtlebot_nav', undefined, 'the lidar sees nothing');
    expect(complaint.notes.join('\n')).not.toMatch(/set up for/);
    expect(complaint.actions.filter((a) => a.startsWith('add_display'))).toEqual([]);
  });

  it('sets up navigation for clicking goals and localization for a robot that does not know where it is', async () => {
    expect((await onScenario('turtlebot_nav', 'default', "I'll send it goals by clicking, let the navigator go there")).notes[0]).toMatch(/^set up for navigation/);
    expect((await onScenario('turtlebot_nav', 'default', 'the robot has no idea where it is, help me place it on the map')).notes[0]).toMatch(/^set up for localization/);
  });

  it('leaves a change with a value alone, even when its words are a goal\'s', async () => {
    const r = await onScenario('turtlebot_nav', undefined, 'make the goal pose red');
    expect(r.notes.join('\n')).not.toMatch(/set up for/);
    const thicker = await onScenario('turtlebot_nav', undefined, 'the robot follows the path, make it thicker');
    expect(thicker.notes.join('\n')).not.toMatch(/set up for/);
    const colour = await onScenario('turtlebot_nav', undefined, 'give the waypoints a different colour');
    expect(colour.notes.join('\n')).not.toMatch(/set up for/);
    const display = await onScenario('turtlebot_nav', 'default', 'send the goal pose display to the back');
    expect(display.notes.join('\n')).not.toMatch(/set up for/);
  });

  it('reads a goal\'s phrase after a place word as the place ("clicking on the floor plan" is navigation)', async () => {
    const r = await onScenario('turtlebot_nav', 'default', "I'm going to give it destinations by clicking on the floor plan");
    expect(r.notes[0]).toMatch(/^set up for navigation/);
    const mapping = await onScenario('turtlebot_nav', 'default', "we're going to drive around and make a floor plan of the office");
    expect(mapping.notes[0]).toMatch(/^set up for mapping/);
  });

  it('prefers the goal whose cue words cover more of the request', async () => {
    // "tell" + "somewhere" is a navigation cue as much as "thinks it s somewhere else" is localization's: the longer wins.
    const r = await onScenario('turtlebot_nav', 'default', "the robot thinks it's somewhere else, I need to tell it where it really is");
    expect(r.notes[0]).toMatch(/^set up for localization/);
  });

  it('sets up navigation for tuning obstacle avoidance and localization for a robot that keeps getting lost', async () => {
    expect((await onScenario('turtlebot_nav', 'nav-desk-camera.rviz', "I'm tuning obstacle avoidance, set things up")).notes[0]).toMatch(/^set up for navigation/);
    const lost = await onScenario('turtlebot_nav', 'nav-kiosk.rviz', 'the robot keeps getting lost, help me see what localization is doing');
    expect(lost.notes[0]).toMatch(/^set up for localization/);
    expect(lost.actions).toContain('add_display AMCL Pose =');
  });
});

