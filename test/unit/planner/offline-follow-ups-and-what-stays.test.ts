// Follow-ups that point at what was just changed ("the other one", "X too", "now the same for robot 2"), and what a
// request keeps out of its change: "the rest", a group's own displays, a robot that is not here, a value said of
// something the robot lacks, what stays off or stays as it is.
import { describe, expect, it } from 'vitest';
import { planAfter, planOnScenario } from './scenario-plans.ts';

describe('follow-ups to the last change', () => {
  it('makes the same change on the other robot from the last turn\'s values, never by reading its words again', async () => {
    // (Read again on robot2, "bigger" would start from robot2's size and the 0.08 would be dropped as a repeat.)
    expect(await planAfter('multi_robot', ["make robot1's scan points bigger, size 0.08 m"], 'now the other one too', 'fleet-groups.rviz'))
      .toEqual(['Set Size (m) = 0.08 on "robot2/Scan"']);
    expect(await planAfter('multi_robot', ['set the fixed frame to robot1/odom'], 'now the same for robot 2')).toEqual(['Set the fixed frame to robot2/odom']);
  });

  it('reads "the other camera" as the one other display of the type the last turn changed, not a group named by the word', async () => {
    expect(await planAfter('big_graph', ['turn off the dock door camera'], 'and the other camera too', 'gateway-ops.rviz')).toEqual(['Hide "Loading Bay"']);
  });

  it('repeats the last turn\'s settings on what "X too" names', async () => {
    expect(await planAfter('turtlebot_nav', ['make the global plan red'], 'the local plan too')).toEqual(['Set Color = 255; 0; 0 on "Local Plan"']);
  });

  it('never turns "the other one" into the display just changed; with two others it changes nothing', async () => {
    expect(await planAfter('turtlebot_nav', ['hide the global costmap'], 'and the other one')).toEqual([]);
  });

  it('reads "the global one" after a turn about the local costmap as the global costmap, whatever its name', async () => {
    expect(await planAfter('turtlebot_nav', ['make the local costmap 50% transparent'], 'hide the global one, keep the local', 'turtlebot_renamed.rviz'))
      .toEqual(['Hide "Big Picture"']);
  });

  it('copies a setting with "make A match B\'s …", and "the local one as … as the global one" within a group', async () => {
    expect((await planOnScenario('turtlebot_nav', "in the Costmaps group, make the local one match the global one's transparency", 'nav-nested.rviz')).actions)
      .toEqual(['Set Alpha = 0.3 on "Local Costmap"']);
    expect((await planOnScenario('turtlebot_nav', 'make the local one as transparent as the global one', 'nav-nested.rviz')).actions)
      .toEqual(['Set Alpha = 0.3 on "Local Costmap"']);
  });
});

describe('what a request keeps out of its change', () => {
  it('hides "the rest" around everything the request named before, never those', async () => {
    const grasp = await planOnScenario('manipulator', 'debugging a grasp: I only need the arm and the bin cloud, hide the rest', 'arm-sensor-bay.rviz');
    expect(grasp.actions).not.toContain('Hide "Arm"');
    expect(grasp.actions).not.toContain('Hide "Bin View"');
    expect(grasp.actions).toContain('Hide "Top Cam"');
    const shown = await planOnScenario('manipulator', 'show the arm and the bin cloud, hide the rest', 'arm-sensor-bay.rviz');
    expect(shown.actions).not.toContain('Hide "Bin View"');
    expect(shown.actions).not.toContain('Hide "Robot"');
  });

  it('takes "in Costmaps, hide everything except …" as the group\'s displays, as "in the Costmaps group" is', async () => {
    expect((await planOnScenario('turtlebot_nav', 'in Costmaps, hide everything except the local one', 'nav-nested.rviz')).actions).toEqual(['Hide "Global Costmap"']);
  });

  it('reads "Alpha\'s Wheels" as the display Wheels in the group Alpha, never the group itself', async () => {
    expect((await planOnScenario('multi_robot', "get rid of alpha's wheels but not the laser", 'dev-r3g-fleet-callsigns.rviz')).actions).toEqual(['Remove "Wheels"']);
  });

  it('changes nothing for a robot that is not here ("robot 3" of two), and reads "robot 2 m" as a length', async () => {
    const third = await planOnScenario('multi_robot', "turn off robot 3's scan", 'fleet-groups.rviz');
    expect(third.actions).toEqual([]);
    expect(third.notes.join(' ')).toContain('there is no robot3 here');
    expect((await planOnScenario('multi_robot', 'make the robot 2 m wide')).actions).toEqual([]);
  });

  it('gives a value said of a type the robot has no display of to no other display', async () => {
    const range = await planOnScenario('turtlebot_nav', 'increase the lidar range to 20 m');
    expect(range.actions).toEqual([]);
    expect(range.notes.join(' ')).toContain('there is no Range display here');
  });

  it('keeps off what "stays off", while the change asked of it is made', async () => {
    expect((await planOnScenario('turtlebot_nav', 'route stays off, just make it yellow', 'nav-desk-camera.rviz')).actions).toEqual(['Set Color = 255; 255; 0 on "Route"']);
  });

  it('reads "the fixed frame is fine as it is" as keeping the frame, never as a frame called "fine"', async () => {
    const kept = await planOnScenario('qos_traps', 'fix the laser and the map, the fixed frame is fine as it is', 'traps-faults.rviz');
    expect(kept.actions).toEqual(['Set Topic/Reliability Policy = Best Effort on "LaserScan"', 'Set Topic/Durability Policy = Transient Local on "Map"']);
    expect(kept.notes.join(' ')).not.toContain("frame 'fine'");
  });

  it('switches on what "only turn on X" names and hides nothing else (Portuguese "só liga")', async () => {
    expect((await planOnScenario('turtlebot_nav', 'não precisa mexer no Fog, só liga o Breadcrumbs', 'nav-kiosk.rviz')).actions).toEqual(['Show "Breadcrumbs"']);
  });

  it('reads a display named like a robot command ("Lift") as that display', async () => {
    expect((await planOnScenario('qos_traps', 'masque le sonar et le lift, laisse le chargeur', 'traps-faults.rviz')).actions).toEqual(['Hide "Sonar"', 'Hide "Lift"']);
    expect((await planOnScenario('qos_traps', 'Lift and Charger axes: make them smaller, length 0.2', 'traps-faults.rviz')).actions).toContain('Set Length = 0.2 on "Charger"');
    expect((await planOnScenario('manipulator', 'lift the arm 10 cm')).actions).toEqual([]);
  });
});

describe('words of chat and of other languages', () => {
  it('reads "cov" as covariance, "n" and "&" as "and"', async () => {
    expect((await planOnScenario('turtlebot_nav', 'amcl pose: axes instead of arrow, cov off')).actions).toEqual(['Set Shape = Axes on "AMCL Pose"', 'Set Covariance = false on "AMCL Pose"']);
    expect((await planOnScenario('turtlebot_nav', 'turn off the cam feed n the depth stuff, keep the laser')).actions).toEqual(['Hide "Camera Image"', 'Hide "Depth Cloud"']);
    expect((await planOnScenario('turtlebot_nav', 'pc2 decay 2 s & tf frame names on')).actions).toEqual(['Set Decay Time = 2 on "Depth Cloud"', 'Set Show Names = true on "TF"']);
  });

  it('reads corrections in German and Spanish ("nee, doch lieber", "no, mejor") and a shade after its colour', async () => {
    expect((await planOnScenario('empty', 'Hintergrund weiß – nee, doch lieber schwarz', 'default')).actions).toEqual(['Set Background Color = 0; 0; 0 on "Global Options"']);
    expect((await planOnScenario('empty', 'pon el fondo gris oscuro… no, mejor negro', 'default')).actions).toEqual(['Set Background Color = 0; 0; 0 on "Global Options"']);
    expect((await planOnScenario('empty', 'pon el fondo gris oscuro', 'default')).actions).toEqual(['Set Background Color = 64; 64; 64 on "Global Options"']);
  });

  it('keeps what German "nicht anfassen" names while fixing the rest', async () => {
    expect((await planOnScenario('qos_traps', 'Laserscan zeigt nix an, bitte reparieren – die Karte aber nicht anfassen', 'traps-faults.rviz')).actions)
      .toEqual(['Set Topic/Reliability Policy = Best Effort on "LaserScan"']);
  });
});
