// effectiveRequestedQos against what ros2/rviz does: QoS properties start at qos_profile(5) (ros_topic_display.hpp),
// RobotModel subscribes KeepLast(1) Transient Local (robot_model_display.cpp) until a QoS property changes, and only a
// value that differs from the property's default is a change (Property::setValue, qos_profile_property.cpp).
import { describe, expect, it } from 'vitest';
import { catalog, effectiveRequestedQos } from '../../../src/core/catalog/index.ts';

const robot = catalog.resolveType('RobotModel')!;
const scan = catalog.resolveType('LaserScan')!;
const depthCloud = catalog.resolveType('DepthCloud')!;

/** RobotModel's Description Topic as RViz2 saves it, with some fields replaced. */
function robotProps(fields: Record<string, string | number> = {}): Record<string, unknown> {
  return {
    'Description Source': 'Topic',
    'Description Topic': { Value: '/robot_description', Depth: 5, 'Durability Policy': 'Volatile', 'History Policy': 'Keep Last', 'Reliability Policy': 'Reliable', ...fields },
  };
}

const summary = (q: ReturnType<typeof effectiveRequestedQos>) =>
  q && `${q.reliability.text}/${q.durability.text}/${q.history.text}/${q.depth?.value} ${q.fromFields ? 'fields' : 'own profile'}`;

describe('effectiveRequestedQos', () => {
  it('the catalog holds what RViz2 saves (5 / Volatile) apart from what RobotModel first subscribes with', () => {
    expect(catalog.property(robot, 'Description Topic/Depth')?.default).toBe(5);
    expect(catalog.property(robot, 'Description Topic/Durability Policy')?.default).toBe('Volatile');
    expect(robot.defaultQos?.['Description Topic']).toEqual({ depth: 1, history: 'Keep Last', reliability: 'Reliable', durability: 'Transient Local' });
  });

  it('an unedited RobotModel (fields as RViz2 saves them, or none) subscribes Transient Local, depth 1', () => {
    expect(summary(effectiveRequestedQos(robot, 'Description Topic', robotProps()))).toBe('Reliable/Transient Local/Keep Last/1 own profile');
    expect(summary(effectiveRequestedQos(robot, 'Description Topic', { 'Description Topic': '/robot_description' }))).toBe('Reliable/Transient Local/Keep Last/1 own profile');
    // The file says Volatile, but that is the property's default: RViz2 sees no change and keeps its own profile.
    const q = effectiveRequestedQos(robot, 'Description Topic', robotProps())!;
    expect(q.durability).toEqual({ text: 'Transient Local', source: 'RViz default' });
  });

  it('a changed field makes RViz2 subscribe with all the fields: Volatile unless the file says otherwise', () => {
    expect(summary(effectiveRequestedQos(robot, 'Description Topic', robotProps({ Depth: 1 })))).toBe('Reliable/Volatile/Keep Last/1 fields');
    expect(summary(effectiveRequestedQos(robot, 'Description Topic', robotProps({ 'Reliability Policy': 'Best Effort' })))).toBe('Best Effort/Volatile/Keep Last/5 fields');
    const latched = effectiveRequestedQos(robot, 'Description Topic', robotProps({ 'Durability Policy': 'Transient Local' }))!;
    expect(summary(latched)).toBe('Reliable/Transient Local/Keep Last/5 fields');
    expect(latched.durability.source).toBe('config');
    // Changed fields are compared loosely, as RViz2 reads them (Depth written as a string is still 5).
    expect(effectiveRequestedQos(robot, 'Description Topic', robotProps({ Depth: '5' }))!.fromFields).toBe(false);
  });

  it('edits not yet in the file (a plan) count like file values', () => {
    const planned = new Map([['Description Topic/History Policy', 'Keep All']]);
    expect(summary(effectiveRequestedQos(robot, 'Description Topic', robotProps(), planned))).toBe('Reliable/Volatile/Keep All/5 fields');
    const back = new Map([['Description Topic/Durability Policy', 'Volatile']]);
    expect(effectiveRequestedQos(robot, 'Description Topic', robotProps(), back)!.durability.text).toBe('Transient Local');
  });

  it('displays whose own profile is qos_profile(5) read the same either way', () => {
    expect(summary(effectiveRequestedQos(scan, 'Topic', { Topic: '/scan' }))).toBe('Reliable/Volatile/Keep Last/5 own profile');
    const be = effectiveRequestedQos(scan, 'Topic', { Topic: { Value: '/scan', 'Reliability Policy': 'Best Effort' } })!;
    expect(summary(be)).toBe('Best Effort/Volatile/Keep Last/5 fields');
    expect(be.reliability.source).toBe('config');
    expect(be.durability.source).toBe('RViz default');
  });

  it('DepthCloud: one display-level Reliability Policy for both topics; durability stays its sensor-data Volatile', () => {
    const q = effectiveRequestedQos(depthCloud, 'Depth Map Topic', { 'Depth Map Topic': '/depth', 'Reliability Policy': 'Reliable' })!;
    expect(summary(q)).toBe('Reliable/Volatile/Keep Last/5 fields');
    expect(effectiveRequestedQos(depthCloud, 'Color Image Topic', {})!.reliability).toEqual({ text: 'Best Effort', source: 'RViz default' });
  });

  it('without a catalog entry the file alone decides, and nothing known is undefined', () => {
    expect(effectiveRequestedQos(undefined, 'Topic', { Topic: { Value: '/x', 'Reliability Policy': 'Reliable', 'Durability Policy': 'Volatile' } })!.reliability.text).toBe('Reliable');
    expect(effectiveRequestedQos(undefined, 'Topic', { Topic: '/x' })).toBeUndefined();
  });
});
