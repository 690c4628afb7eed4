// "don't touch the map's QoS, just make it 50 % transparent": a "leave / don't touch" clause that names settings of a
// display keeps only those, also from what completion would add; "don't change anything yet" applies nothing at all.
import { describe, expect, it } from 'vitest';
import { planOnScenario } from './scenario-plans.ts';
import { plannedOnScenario } from './planned.ts';

describe('offline planner: leaving one setting alone, or everything', () => {
  it('keeps the QoS named and makes the other change; the QoS fix completion would add is offered unticked', async () => {
    const r = await planOnScenario('qos_traps', "don't touch the map's QoS, just make it 50 % transparent");
    expect(r.actions).toEqual(['Set Alpha = 0.5 on "Map"']);
    const unticked = r.plan.actions.filter((a) => !a.checked);
    expect(unticked.map((a) => a.property)).toEqual(['Topic/Durability Policy']);
    expect(unticked[0]!.note).toMatch(/^unticked: the request says to leave Topic\/Durability Policy as it is/);
  });

  it('keeps a named setting by its words, and still keeps the whole display when none is named', async () => {
    expect((await planOnScenario('turtlebot_nav', "leave the grid's colour alone but make it 20 cells")).actions).toEqual(['Set Plane Cell Count = 20 on "Grid"']);
    expect((await planOnScenario('turtlebot_nav', 'leave the grid alone, make it red')).actions).toEqual([]);
  });

  it('applies nothing of a request that says not to change anything, and offers what it asked as a choice', async () => {
    const r = await planOnScenario('turtlebot_nav', "make the laser red. actually don't change anything");
    expect(r.actions).toEqual([]);
    expect(r.notes.join(' | ')).toMatch(/nothing of this request is applied/);
    expect(r.choices[0]!.label).toBe("make the laser red. actually don't change anything");
    // "…anything else" keeps only the rest.
    expect((await planOnScenario('turtlebot_nav', "make the laser red, don't change anything else")).actions).toContain('Set Color = 255; 0; 0 on "LaserScan"');
  });

  it('repairs nothing when a question about a fault ends with "don\'t change anything yet, just tell me"', async () => {
    const r = await planOnScenario('qos_traps', "The lidar shows nothing at all. Is that a QoS thing? Don't change anything yet, just tell me what you think.");
    expect(r.actions).toEqual([]);
  });
});

describe('offline planner: what "stays", "the QoS" and "any display" keep', () => {
  it('keeps a display that "stays" shown, and still makes a change asked of it', async () => {
    expect((await planOnScenario('turtlebot_nav', "Lens isn't needed, Front View stays. And zoom Front View in 3x.", 'nav-desk-camera.rviz')).actions).toEqual(['Hide "Lens"', 'Set Zoom Factor = 3 on "Front View"']);
    expect((await planOnScenario('turtlebot_nav', 'hide everything, Eyes stays', 'nav-kiosk.rviz')).actions).not.toContain('Hide "Eyes"');
  });

  it('keeps every display\'s QoS after "don\'t mess with the QoS", also from what completion adds', async () => {
    expect((await planOnScenario('qos_traps', "don't mess with the QoS settings, just make the laser dots bigger, 0.07")).actions).toEqual(['Set Size (m) = 0.07 on "LaserScan"']);
  });

  it('changes no display after "don\'t touch any display", and makes what else is asked', async () => {
    const r = await plannedOnScenario('qos_traps', undefined, "nothing shows up, world doesn't exist here. Set the fixed frame to map and don't touch any display.");
    expect(r.actions.filter((a) => !a.startsWith('set_fixed_frame'))).toEqual([]);
    expect(r.actions.filter((a) => a.startsWith('set_fixed_frame'))).toHaveLength(1);
  });
});
