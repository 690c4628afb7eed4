// One display made to look like another: the other display is the model, whose settings (all but the topic) are
// copied; a robot named as the model is that robot's display of the same type.
import { describe, expect, it } from 'vitest';
import { planOnScenario } from './scenario-plans.ts';

describe('offline planner: a display like another', () => {
  it('makes one display look like another: every setting the model has that differs', async () => {
    expect((await planOnScenario('multi_robot', 'make robot2\'s plan look like robot1\'s')).actions).toEqual(['Set Color = 255; 0; 0 on "Robot2 Plan"']);
    expect((await planOnScenario('turtlebot_nav', 'make the local costmap look just like the global costmap')).actions).toEqual(['Set Alpha = 0.3 on "Local Costmap"']);
  });

  it('changes nothing when the model is no display of the same type', async () => {
    const r = await planOnScenario('turtlebot_nav', 'make the laser look like the map');
    expect(r.actions).toEqual([]);
    expect(r.notes.join(' | ')).toMatch(/no one LaserScan display to copy from; nothing was changed/);
  });
});
