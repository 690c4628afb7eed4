// One display put in place of another ("replace the odometry with a pose display", "… instead"): the display named goes
// and one of the type named comes on its topic, only when that type can show the topic's messages.
import { describe, expect, it } from 'vitest';
import { planOnScenario } from './scenario-plans.ts';

describe('offline planner: a display replaced by one of another type', () => {
  it.each([
    'replace the odometry display with a pose display',
    'swap the odometry for a pose display',
    'use a Pose display instead of the odometry',
    'odom_pose is a PoseStamped, show it with a Pose display instead',
  ])('"%s" removes the Odometry and adds a Pose on its topic', async (request) => {
    const r = await planOnScenario('qos_traps', request);
    expect(r.actions).toEqual(['Remove "Odometry"', 'Add Pose on /odom_pose named "Pose"']);
  });

  it.each(['replace the odometry display with one that actually matches /odom_pose', 'replace the odometry with a display that fits its topic'])(
    '"%s" puts the type that shows the topic in its place', async (request) => {
      expect((await planOnScenario('qos_traps', request)).actions).toEqual(['Remove "Odometry"', 'Add Pose on /odom_pose named "Pose"']);
    });

  it('reads "one that matches" another topic as no swap: the display keeps its type and the note says why', async () => {
    const r = await planOnScenario('qos_traps', 'replace the odometry with one that matches /map');
    expect(r.actions).toEqual([]);
    expect(r.notes.join(' | ')).toMatch(/\/map carries nav_msgs\/msg\/OccupancyGrid/);
  });

  it('changes nothing when the new type cannot show the topic, and says why', async () => {
    const r = await planOnScenario('qos_traps', 'replace the map with a laser scan display');
    expect(r.actions).toEqual([]);
    expect(r.notes.join(' | ')).toMatch(/\/map carries nav_msgs\/msg\/OccupancyGrid, which a LaserScan display cannot show; nothing was changed/);
  });

  it('leaves colour swaps to the colour: "swap the laser colour for green" sets the colour', async () => {
    const r = await planOnScenario('qos_traps', 'swap the laser colour for green');
    expect(r.actions[0]).toBe('Set Color = 0; 255; 0 on "LaserScan"');
    expect(r.actions.some((a) => a.startsWith('Remove'))).toBe(false);
  });
});

describe('offline planner: a display switched to another topic', () => {
  it.each([
    'switch Dock Door to camera 5',
    'switch Dock Door to cam 5',
    'point the dock door at /fleet/cam_5/image_raw',
    'set the Dock Door topic to /fleet/cam_5/image_raw',
  ])('"%s" sets the topic of that display', async (request) => {
    const r = await planOnScenario('big_graph', request, 'gateway-ops.rviz');
    expect(r.actions).toEqual(['Set the topic of "Dock Door" to /fleet/cam_5/image_raw']);
  });

  it('changes nothing when the display cannot show the topic, and says why', async () => {
    const r = await planOnScenario('manipulator', 'set the depth cloud topic to /camera/color/image_raw');
    expect(r.actions).toEqual([]);
    expect(r.notes.join(' | ')).toMatch(/carries sensor_msgs\/msg\/Image, which .* cannot show; nothing was changed/);
  });

  it.each([
    'replace the Odometry display with a proper Pose display on its topic',
    'replace the Odometry display with whatever type fits /odom_pose',
  ])('reads a qualifier of the new type or "whatever fits" as the type itself: "%s"', async (request) => {
    expect((await planOnScenario('qos_traps', request)).actions).toEqual(['Remove "Odometry"', 'Add Pose on /odom_pose named "Pose"']);
  });

  it('reads "image widget" after a display\'s name as that display', async () => {
    const r = await planOnScenario('turtlebot_nav', 'swap the Front Camera image widget for a Camera display', 'nav-nested.rviz');
    expect(r.actions.slice(0, 2)).toEqual(['Remove "Front Camera"', 'Add Camera on /camera/image_raw named "Camera (2)"']);
  });
});

describe('offline planner: a display pointed at another topic, said in other words', () => {
  it('reads "replace it with camera 15" after the clause that named the display, and "swap X over to camera 7"', async () => {
    expect((await planOnScenario('big_graph', 'Loading Bay shows camera 12 right now. Replace it with camera 14.', 'gateway-ops.rviz')).actions).toEqual(['Set the topic of "Loading Bay" to /fleet/cam_14/image_raw']);
    expect((await planOnScenario('big_graph', 'swap Dock Door over to camera 8', 'gateway-ops.rviz')).actions).toEqual(['Set the topic of "Dock Door" to /fleet/cam_8/image_raw']);
  });
});

describe('offline planner: a display replaced by "the right one"', () => {
  it.each([
    'Odometry is pointed at a PoseStamped topic - swap it for the right display',
    'the Odometry display errors on /odom_pose — swap it for the display type that actually fits that topic',
  ])('"%s" removes the Odometry and adds the one type that shows its topic', async (request) => {
    expect((await planOnScenario('qos_traps', request, 'traps-faults.rviz')).actions).toEqual(['Remove "Odometry"', 'Add Pose on /odom_pose named "Pose"']);
  });

  it('reads what a replacement is for ("so the scan gets drawn over the picture") as no part of it', async () => {
    const r = await planOnScenario('turtlebot_nav', 'replace the camera image panel with a real Camera display so the scan gets drawn over the picture');
    expect(r.actions.slice(0, 2)).toEqual(['Remove "Camera Image"', 'Add Camera on /camera/image_raw named "Camera"']);
  });
});

describe('offline planner: a replacement said with a lead word or "of the same feed"', () => {
  it('reads "so swap the Odometry display for a Pose one"', async () => {
    expect((await planOnScenario('qos_traps', '/odom_pose is a PoseStamped, so swap the Odometry display for a Pose one')).actions).toEqual(['Remove "Odometry"', 'Add Pose on /odom_pose named "Pose"']);
  });

  it('reads "a plain image display of the same feed" as an Image on the camera\'s topic', async () => {
    const r = await planOnScenario('turtlebot_nav', 'replace Front View with a plain image display of the same feed', 'nav-desk-camera.rviz');
    expect(r.actions.slice(0, 2)).toEqual(['Remove "Front View"', 'Add Image on /camera/image_raw named "Image"']);
  });
});

describe('offline planner: a display "to" a topic, with no verb', () => {
  it('points Dock Door at camera 5 for "dock door -> cam 5", never adds another Image display', async () => {
    for (const request of ['dock door -> cam 5', 'Dock Door to camera 5 please']) {
      expect((await planOnScenario('big_graph', request, 'gateway-ops.rviz')).actions, request).toEqual(['Set the topic of "Dock Door" to /fleet/cam_5/image_raw']);
    }
  });
});
