// The precision gate: a clause with a content word nothing accounts for never acts; what the rest of it says is offered
// as one choice (with the sure clauses' actions), the note names the words, and a sure clause beside it still acts.
import { describe, expect, it } from 'vitest';
import { catalog } from '../../../src/core/catalog/index.ts';
import { planChoice } from '../../../src/core/planner/index.ts';
import { applyActions, type RvizDocument } from '../../../src/core/rviz/index.ts';
import { snapshot } from './fixtures.ts';
import { planWhole, scanAndMap } from './precision-helpers.ts';
import { planOnScenario } from './scenario-plans.ts';

/** Two Map displays: "Map" and "Local Costmap". */
function withLocalCostmap(): RvizDocument {
  const added = applyActions(scanAndMap(), [{ action: 'add_display', display_type: 'Map', topic: '/map', display: 'Local Costmap' }], { lookup: catalog });
  if (!added.ok) throw new Error(added.reason);
  return added.doc;
}

describe('offline planner: the precision gate', () => {
  it('offers "hide the wobbly grid" as the choice "hide the grid" and hides nothing', async () => {
    const r = await planWhole('hide the wobbly grid');
    expect(r.actions).toEqual([]);
    expect(r.choices).toEqual([{ label: 'hide the grid', actions: ['Hide "Grid"'] }]);
    expect(r.notes.join(' | ')).toMatch(/did not understand "wobbly" in "hide the wobbly grid"; what the rest of it says is offered as a choice, not applied/);
  });

  it('still applies a sure clause beside an unsure one; the choice holds both', async () => {
    const r = await planWhole('hide the map, remove the wobbly grid');
    expect(r.actions).toEqual(['Hide "Map"']);
    expect(r.choices).toEqual([{ label: 'hide the map, remove the grid', actions: ['Hide "Map"', 'Remove "Grid"'] }]);
  });

  it('plans the gate\'s choice like a request when it is picked: one ordinary plan', async () => {
    const r = await planWhole('hide the wobbly grid');
    const picked = await planChoice({ document: r.document, snapshot: snapshot() }, r.plan.choices![0]!);
    expect(picked.plan.actions.filter((a) => a.checked).map((a) => `${a.action} ${a.display} ${a.value}`)).toEqual(['set_enabled Grid false']);
    expect(picked.plan.choices).toBeUndefined();
  });

  it('acts on a clause whose every word is accounted for', async () => {
    const r = await planWhole('hide the grid');
    expect(r.actions).toEqual(['Hide "Grid"']);
    expect(r.choices).toEqual([]);
  });

  it('offers no choice when the unsure clause would change nothing', async () => {
    const r = await planWhole('make the laser sparkle');
    expect(r.actions).toEqual([]);
    expect(r.choices).toEqual([]);
    expect(r.notes.join(' | ')).toMatch(/did not understand "sparkle"/);
  });

  it('holds a clause about what a held clause named ("trun the Route back on and make it yellow")', async () => {
    const r = await planOnScenario('turtlebot_nav', 'trun the Route back on and make it yellow', 'nav-desk-camera.rviz');
    expect(r.actions).toEqual([]);
    expect(r.notes.join(' | ')).toMatch(/"make it yellow" is about what the clause before named, which was not applied/);
    expect(r.plan.choices?.[0]?.actions.map((a) => a.action)).toEqual(['set_enabled', 'set_property']);
  });

  it('reads words before a colon that name nothing as a lead-in, and plans the rest ("Quick one before the demo: …")', async () => {
    const r = await planOnScenario('turtlebot_nav', 'Quick one before the demo: the laser should be red');
    expect(r.actions[0]).toBe('Set Color = 255; 0; 0 on "LaserScan"');
  });

  it('reads "I just want the global plan drawn as billboards" as that change, hiding nothing else', async () => {
    const r = await planOnScenario('turtlebot_nav', 'I just want the global plan drawn as billboards');
    expect(r.actions).toEqual(['Set Line Style = Billboards on "Global Plan"']);
    expect((await planOnScenario('turtlebot_nav', 'I only want to see the map')).actions).toContain('Hide "Grid"');
  });

  it('holds what was asked before of a display when a later clause about it is not understood', async () => {
    const r = await planOnScenario('turtlebot_nav', 'Controller Path is too thin to see on top of the costmaps, bump its line widht to 0.08', 'nav-nested.rviz');
    expect(r.actions).toEqual([]);
    expect(r.plan.choices?.length).toBeGreaterThan(0);
    // A remark with no value beside a change holds nothing.
    expect((await planOnScenario('turtlebot_nav', 'I don\'t need the grid anymore, it\'s just clutter')).actions).toEqual(['Hide "Grid"']);
  });
});

describe('offline planner: a value that could belong to two targets', () => {
  it('changes neither and offers each as its own choice: "make the grid under the laser blue"', async () => {
    const r = await planWhole('make the grid under the laser blue');
    expect(r.actions).toEqual([]);
    expect(r.choices).toEqual([
      { label: 'make the grid under the laser blue (only Grid)', actions: ['Set Color = 0; 0; 255 on "Grid"'] },
      { label: 'make the grid under the laser blue (only Front Lidar)', actions: ['Set Color = 0; 0; 255 on "Front Lidar"', 'Set Color Transformer = FlatColor on "Front Lidar"'] },
    ]);
    expect(r.notes.join(' | ')).toMatch(/could mean Grid or Front Lidar; nothing was changed for it/);
  });

  it('gives a list\'s trailing value to every target of the list: "make the laser and the grid blue"', async () => {
    const r = await planWhole('make the laser and the grid blue');
    expect(r.actions).toEqual(['Set Color = 0; 0; 255 on "Front Lidar"', 'Set Color Transformer = FlatColor on "Front Lidar"', 'Set Color = 0; 0; 255 on "Grid"']);
    expect(r.choices).toEqual([]);
  });

  it('never lends a hide\'s target a value: "hide the grid and the map 50 % transparent"', async () => {
    expect((await planWhole('hide the grid and the map 50 % transparent')).actions).toEqual(['Hide "Grid"', 'Set Alpha = 0.5 on "Map"']);
  });
});

describe('offline planner: an exception\'s scope', () => {
  it('"hide all … except …" hides only inside what "all" names', async () => {
    const r = await planWhole('hide all maps except the local one', withLocalCostmap());
    expect(r.actions).toEqual(['Hide "Map"']);
  });
});

describe('offline planner: "only" and "except" about frames or links inside a display hide no display', () => {
  it.each(['show only the frames base_link and map in tf', 'hide every tf frame except base_link', 'only show the arm links'])('"%s" changes nothing and says why', async (request) => {
    const r = await planWhole(request);
    expect(r.actions).toEqual([]);
    expect(r.notes.join(' | ')).toMatch(/its own list \(TF: Frames, RobotModel: Links\)/);
  });

  it('an exception that names nothing in its scope hides nothing: "hide all maps except the big one"', async () => {
    const r = await planWhole('hide all maps except the big one', withLocalCostmap());
    expect(r.actions).toEqual([]);
    expect(r.notes.join(' | ')).toMatch(/"except the big one" names none of Map, Local Costmap; nothing was hidden/);
  });
});

describe('offline planner: hiding what is broken is no repair', () => {
  it.each(['hide whichever display is broken', 'remove whatever is not working', 'hide the broken displays'])('"%s" changes nothing', async (request) => {
    const r = await planWhole(request);
    expect(r.actions).toEqual([]);
  });

  it('"hide the front lidar because it is not working" hides it and repairs nothing', async () => {
    expect((await planWhole('hide the front lidar because it is not working')).actions).toEqual(['Hide "Front Lidar"']);
  });
});

describe('offline planner: a clause that names a display never borrows the next clause\'s noun', () => {
  it('"hide the grid; the map 50 % transparent" hides the grid and changes the map\'s alpha', async () => {
    expect((await planWhole('hide the grid; the map 50 % transparent')).actions).toEqual(['Hide "Grid"', 'Set Alpha = 0.5 on "Map"']);
  });

  it('"make the front lidar red and hide the map" colours the lidar and hides the map', async () => {
    expect((await planWhole('make the front lidar red and hide the map')).actions).toEqual(['Set Color = 255; 0; 0 on "Front Lidar"', 'Set Color Transformer = FlatColor on "Front Lidar"', 'Hide "Map"']);
  });
});

describe('offline planner: "everything" with words nothing knows', () => {
  it('offers what "everything" would do as a choice when the clause holds an unknown word, and applies it when it does not', async () => {
    const r = await planOnScenario('turtlebot_nav', 'hide everything wobbly');
    expect(r.actions).toEqual([]);
    expect(r.notes.join(' | ')).toMatch(/did not understand "wobbly" in "hide everything wobbly"; what it would do to every display is offered as a choice/);
    expect(r.plan.choices?.[0]?.actions.length).toBeGreaterThan(3);
    expect((await planOnScenario('turtlebot_nav', 'hide everything')).actions.length).toBeGreaterThan(3);
  });
});

describe('offline planner: an exception set off by a comma', () => {
  it('"hide the cameras, except the loading bay" hides only the other cameras', async () => {
    for (const request of ['hide the cameras, except the loading bay', 'hide the cameras except the loading bay']) {
      expect((await planOnScenario('big_graph', request, 'gateway-ops.rviz')).actions, request).toEqual(['Hide "Dock Door"']);
    }
  });

  it('hides nothing around the exception when the words before it name no display', async () => {
    const r = await planOnScenario('turtlebot_nav', 'hide the wibbles except the map');
    expect(r.actions).toEqual([]);
    expect(r.notes.join(' | ')).toMatch(/names no display here to hide around the map; nothing was hidden/);
  });
});

describe('offline planner: a display to hide named by words nothing knows', () => {
  it('applies none of "nascondi il pavimento e metti il frame fisso su odom"; the rest is a choice', async () => {
    const r = await planOnScenario('turtlebot_nav', 'nascondi il pavimento e metti il frame fisso su odom');
    expect(r.actions).toEqual([]);
    expect(r.notes.join(' | ')).toMatch(/what "hide pavimento" names was not understood: nothing was applied/);
    expect(r.choices.length).toBeGreaterThan(0);
  });

  it('still applies the rest beside a display the robot does not have ("hide the imu and make the laser yellow")', async () => {
    expect((await planOnScenario('turtlebot_nav', 'hide the imu and make the laser yellow')).actions).toContain('Set Color = 255; 255; 0 on "LaserScan"');
  });
});
