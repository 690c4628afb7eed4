// A noun phrase binds by its head: a type word before another only modifies it ("the robot axes" are axes, not the
// robot model), and a head with no display of its type that is a switch phrase of a display here ("the frame axes":
// the TF's Show Axes) names that display — never the modifier's.
import { describe, expect, it } from 'vitest';
import { planOnScenario } from './scenario-plans.ts';

describe('offline planner: compound nouns bind by their head', () => {
  it.each([
    "I don't need the frame axes",
    'hide the robot axes',
    'no necesito los ejes de los frames',
    "je n'ai pas besoin des axes des repères",
    'ich brauche die Frame-Achsen nicht',
  ])('"%s" turns off the TF\'s axes, never the robot model', async (request) => {
    expect((await planOnScenario('turtlebot_nav', request)).actions).toEqual(['Set Show Axes = false on "TF"']);
  });

  it('"show the frame axes" turns the TF\'s axes on rather than adding an Axes display', async () => {
    expect((await planOnScenario('turtlebot_nav', 'show the frame axes')).actions).toEqual(['Set Show Axes = true on "TF"']);
  });

  it('"hide the robot laser": the laser, the robot only says whose', async () => {
    expect((await planOnScenario('turtlebot_nav', 'hide the robot laser')).actions).toEqual(['Hide "LaserScan"']);
  });

  it('a head that is a part of the modifier\'s type stays the modifier\'s: "the tf markers" are the TF\'s markers', async () => {
    expect((await planOnScenario('turtlebot_nav', 'make the tf markers a quarter of the size')).actions).toEqual(['Set Marker Scale = 0.25 on "TF"']);
  });
});
