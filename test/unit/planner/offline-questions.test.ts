// Questions never change the document: the plan says so, offers the question to the assistant (Plan.question) and,
// when the question stands for a change ("how do I make the laser red?"), offers that change as a choice only.
import { describe, expect, it } from 'vitest';
import { planWhole } from './precision-helpers.ts';
import { planOnScenario } from './scenario-plans.ts';

describe('offline planner: questions', () => {
  it.each([
    'what does the decay time do on the laser?',
    'is the map transparent?',
    'which colour is the laser using right now?',
    'the grid cell size is 1 m?',
    '¿qué hace el tiempo de decaimiento del láser?',
    'o que faz a transparência do mapa?',
    'was macht die Abklingzeit beim Laser?',
  ])('"%s" changes nothing and is offered to the assistant', async (request) => {
    const r = await planWhole(request);
    expect(r.actions).toEqual([]);
    expect(r.question).toBeTruthy();
    expect(r.notes.join(" | ")).toMatch(/question/);
  });

  it('offers the change a how-to question stands for as a choice, never applied', async () => {
    const r = await planWhole('how do I make the laser red?');
    expect(r.actions).toEqual([]);
    expect(r.question).toBe('how do I make the laser red?');
    expect(r.choices).toEqual([{ label: 'make the laser red', actions: ['Set Color = 255; 0; 0 on "Front Lidar"', 'Set Color Transformer = FlatColor on "Front Lidar"'] }]);
  });

  it('plans the request beside a question: "is the map transparent? hide the grid"', async () => {
    const r = await planWhole('is the map transparent? hide the grid');
    expect(r.actions).toEqual(['Hide "Grid"']);
    expect(r.question).toBe('is the map transparent?');
  });

  it('reads polite requests and complaints as requests, not questions', async () => {
    expect((await planWhole('can you make the laser red?')).actions).toContain('Set Color = 255; 0; 0 on "Front Lidar"');
    expect((await planWhole('why is the map not showing?')).question).toBeUndefined();
  });
});

describe('offline planner: a complaint asked as a question changes nothing and offers its repair', () => {
  it('offers the repair of "why is my lidar empty" as a choice, and makes a repair asked for after the question', async () => {
    const asked = await planOnScenario('qos_traps', 'why is my lidar empty');
    expect(asked.actions).toEqual([]);
    expect(asked.notes.join(' | ')).toMatch(/asks why: nothing was changed for it; the repair is offered as a choice/);
    expect(asked.plan.choices?.[0]?.actions.map((a) => a.action)).toContain('set_property');
    expect((await planOnScenario('qos_traps', 'why do I see nothing? fix the fixed frame')).actions).toContain('Set the fixed frame to map');
  });

  it('changes nothing for a complaint in a sentence that ends on a question mark, and plans the request beside it', async () => {
    const r = await planOnScenario('turtlebot_nav', 'la ruta no se ve, ¿por qué? y pon el láser en verde', 'nav-desk-camera.rviz');
    expect(r.actions.filter((a) => a.includes('Route'))).toEqual([]);
    expect(r.actions[0]).toBe('Set Color = 0; 255; 0 on "Laser"');
  });

  it('does not read a display\'s name that opens with a question word ("Where Am I") as a question', async () => {
    expect((await planOnScenario('turtlebot_nav', 'Where Am I: axes please, not the arrow', 'nav-nested.rviz')).actions).toEqual(['Set Shape = Axes on "Where Am I"']);
  });
});

describe('offline planner: a question, then a change in the next sentence', () => {
  it('points "it" after a question at what the question names', async () => {
    const r = await planOnScenario('turtlebot_nav', 'what is Blueprint even? hide it anyway', 'nav-kiosk.rviz');
    expect(r.actions).toEqual(['Hide "Blueprint"']);
  });

  it('plans the change beside a complaint about a part, and does not read its words as the complaint\'s', async () => {
    const r = await planOnScenario('manipulator', 'why does the arm look see-through? also show the TF names');
    expect(r.actions).toEqual(['Set Show Names = true on "TF"']);
    // …but a sentence that points back at what the question names is read with it.
    expect((await planOnScenario('multi_robot', 'where is robot2? show its amcl pose', 'default')).actions).toEqual(['Add PoseWithCovariance on /robot2/amcl_pose named "PoseWithCovariance"']);
  });
});

describe('offline planner: a complaint asked to be repaired, question mark or not', () => {
  it.each([
    ['Front Lidar shows nothing, can you fix it?', 'turtlebot_nav', 'Set Topic/Reliability Policy = Best Effort on "Front Lidar"', 'nav-nested.rviz'],
    ['the laser scan shows nothing, can you fix it?', 'qos_traps', 'Set Topic/Reliability Policy = Best Effort on "LaserScan"', 'traps-faults.rviz'],
    ['Der Laserscan bleibt leer – kannst du das reparieren?', 'qos_traps', 'Set Topic/Reliability Policy = Best Effort on "LaserScan"', 'traps-faults.rviz'],
  ])('"%s" makes the repair', async (request, scenario, action, config) => {
    expect((await planOnScenario(scenario, request, config)).actions).toContain(action);
  });

  it('a why-question still changes nothing and offers the repair', async () => {
    const r = await planOnScenario('qos_traps', 'why does the laser scan show nothing?', 'traps-faults.rviz');
    expect(r.actions).toEqual([]);
  });
});

describe('offline planner: a polite request after a sentence about how things are', () => {
  it('plans "the laser dots are tiny, I can barely see them. can you make them 0.08 m?" as the change it asks', async () => {
    const r = await planOnScenario('turtlebot_nav', 'the laser dots are tiny, I can barely see them. can you make them 0.08 m?');
    expect(r.actions).toContain('Set Size (m) = 0.08 on "LaserScan"');
    expect(r.question).toBeUndefined();
  });
});

describe('offline planner: a polite request after a greeting or a filler', () => {
  it('plans "ok, could you make the laser red?" and "Hi! Would you mind making the local costmap more opaque?"', async () => {
    expect((await planOnScenario('turtlebot_nav', 'ok, could you make the laser red?')).actions).toContain('Set Color = 255; 0; 0 on "LaserScan"');
    expect((await planOnScenario('turtlebot_nav', 'Hi! Would you mind making the local costmap a little more opaque, around 0.9 maybe? Thanks a lot')).actions).toEqual(['Set Alpha = 0.9 on "Local Costmap"']);
  });
});
