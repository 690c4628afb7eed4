// A slip of the keys ("yelow", "trun", "modle") in a request that would change something: nothing of the request is
// applied on the guess; the whole request with the word read, and its sure part alone, are one tap each. A real word
// near a known one ("wobble", "loud") is no slip: the sure part applies, the guess is only offered.
import { describe, expect, it } from 'vitest';
import { planOnScenario } from './scenario-plans.ts';

describe('a slip of the keys beside clear clauses', () => {
  it('applies nothing of "make the local plan yelow and hide the global costmap", and offers both readings', async () => {
    const r = await planOnScenario('turtlebot_nav', 'make the local plan yelow and hide the global costmap');
    expect(r.actions).toEqual([]);
    expect(r.notes.join(' | ')).toMatch(/"yelow" may be misspelt; nothing of the request was applied/);
    expect(r.choices.map((c) => c.actions)).toEqual([
      ['Set Color = 255; 255; 0 on "Local Plan"', 'Hide "Global Costmap"'],
      ['Hide "Global Costmap"'],
    ]);
  });

  it('reads a swap of two letters ("trun", "modle") as a slip too', async () => {
    expect((await planOnScenario('turtlebot_nav', 'trun off the grid and set the laser point size to 0.05')).actions).toEqual([]);
    const r = await planOnScenario('turtlebot_nav', 'hide tf, grid 20 cells, and robot modle at half opacity');
    expect(r.actions).toEqual([]);
    expect(r.choices[0]!.actions).toContain('Set Alpha = 0.5 on "RobotModel"');
  });

  it('applies the sure part when the unknown word is a real word near a known one ("wobble", "loud")', async () => {
    expect((await planOnScenario('turtlebot_nav', 'hide the grid and make the lidar wobble')).actions).toEqual(['Hide "Grid"']);
    expect((await planOnScenario('turtlebot_nav', 'the grid lines are kind of loud, can you dim them a little')).actions).toEqual(['Set Alpha = 0.25 on "Grid"']);
  });

  it('reads no slip in a word of another language ("lässt du so")', async () => {
    expect((await planOnScenario('turtlebot_nav', 'Mach die Partikelwolke blau, die AMCL-Pose lässt du bitte so')).actions).toEqual(['Set Color = 0; 0; 255 on "Particle Cloud"']);
  });
});

describe('a slip of the keys in a name', () => {
  it('reads "Checkerbaord: hide" as a name slipped on, never as a hide of the display before', async () => {
    const r = await planOnScenario('turtlebot_nav', 'Blueprint: draw behind off. Checkerbaord: hide', 'nav-kiosk.rviz');
    expect(r.actions).toEqual([]);
    expect(r.choices[0]!.actions).toEqual(['Set Draw Behind = false on "Blueprint"', 'Hide "Checkerboard"']);
  });

  it('reads "rbot2" as robot2 slipped on, in a request of another language too ("Forklfit Lanes")', async () => {
    const r = await planOnScenario('multi_robot', "make robot1's plan thicker, 0.06, and the rbot2 model see-through at 0.5", 'fleet-groups.rviz');
    expect(r.actions).toEqual([]);
    expect(r.choices[0]!.label).toMatch(/the robot2 model/);
    expect((await planOnScenario('big_graph', 'oculta Forklfit Lanes y pon el fondo negro', 'gateway-ops.rviz')).actions).toEqual([]);
  });
});

describe('a slip of the keys in a word of the sentence', () => {
  it('reads "insted" as a slip for "instead": nothing applied, the read request offered', async () => {
    const r = await planOnScenario('turtlebot_nav', 'TF: no axes, show the frame names insted');
    expect(r.actions).toEqual([]);
    expect(r.choices.map((c) => c.label)).toContain('TF: no axes, show the frame names instead');
  });
});
