// Type retrieval, the two prompt builders and PLAN_SCHEMA.
import { describe, expect, it } from 'vitest';
import type { Finding } from '../../../src/core/diagnosis/types.ts';
import { buildContext, buildFullPrompt, buildPlanSchema, buildRetrievedPrompt, checkPlanJson, selectTypes } from '../../../src/core/planner/index.ts';
import { doc, snapshot, topic, DEFAULT, trapDoc, defaultTopics } from './fixtures.ts';

const ctx = (findings: Finding[] = []) => buildContext({ document: trapDoc(), snapshot: snapshot(), findings });

describe('type retrieval', () => {
  it('selects by words, earlier requests, named topics, named displays and flagged displays', () => {
    const finding: Finding = { code: 'QOS_DURABILITY_MISMATCH', severity: 'warning', subject: { kind: 'display', name: 'Map', display: 'Map' }, summary: 'x', evidence: [] };
    const sel = selectTypes(ctx([finding]), 'show /points and rename Front Scan', [{ request: 'show the odometry', outcome: 'applied' }]);
    expect(sel.types.map((t) => t.name).sort()).toEqual(['LaserScan', 'Map', 'Odometry', 'PointCloud2']);
    expect(sel.topics.map((t) => t.name)).toEqual(['/map', '/odom', '/points', '/scan']);
    expect(sel.displays.map((d) => d.name)).toEqual(['Front Scan', 'Map']);
  });

  it('falls back to the full catalog when nothing is selected, and is much smaller otherwise', () => {
    const c = ctx();
    expect(buildRetrievedPrompt(c, 'hello there', []).user).toBe(buildFullPrompt(c, 'hello there', []).user);
    const full = buildFullPrompt(c, 'show the lidar', []);
    const slim = buildRetrievedPrompt(c, 'show the lidar', []);
    expect(slim.types).toEqual(['LaserScan']);
    expect(slim.tokensEstimate).toBeLessThan(full.tokensEstimate * 0.3);
    expect(slim.user).toMatch(/^"Grid" Grid$/m);
    expect(slim.user).toMatch(/Topic\/Reliability Policy: System Default\|Reliable\|Best Effort =Reliable/);
    expect(slim.user).toMatch(/\/scan sensor_msgs\/msg\/LaserScan \[best_effort\/volatile\/keep_last\(1\) reported\]/);
  });

  it('summarises the last four turns with what happened', () => {
    const turns = ['a', 'b', 'c', 'd', 'e'].map((r) => ({ request: r, outcome: 'skipped' as const, reason: 'user unticked all' }));
    const p = buildRetrievedPrompt(ctx(), 'show the lidar', turns);
    expect(p.user).not.toMatch(/"a" →/);
    expect(p.user).toMatch(/"e" → skipped \(user unticked all\)/);
  });
});

describe('PLAN_SCHEMA', () => {
  it('puts live topics, display types and frames in enums, leaves display names free, and every field is required', () => {
    const schema = buildPlanSchema(ctx()) as { properties: { actions: { maxItems: number; items: { required: string[]; properties: Record<string, { enum?: string[] }> } } } };
    const items = schema.properties.actions.items;
    expect(items.required).toEqual(['action', 'display_type', 'topic', 'display', 'property', 'value', 'frame']);
    expect(items.properties.topic!.enum).toEqual(['', '/chatter', '/map', '/odom', '/points', '/robot_description', '/scan']);
    expect(items.properties.frame!.enum).toContain('base_link');
    expect(items.properties.display_type!.enum).toContain('rviz_default_plugins/LaserScan');
    // A new display needs a name of its own ("Front Lidar"); existing ones are matched loosely after the reply.
    expect(items.properties.display).toEqual({ type: 'string', description: expect.stringContaining('Visualization Manager/Displays/<group>') });
    expect(schema.properties.actions.maxItems).toBe(40);
  });

  it('adds the topics a request names to the topic enum (they may not publish yet)', () => {
    const schema = buildPlanSchema(ctx(), {}, 'show /front/points and robot2/odom') as { properties: { actions: { items: { properties: Record<string, { enum?: string[] }> } } } };
    expect(schema.properties.actions.items.properties.topic!.enum).toEqual(['', '/chatter', '/front/points', '/map', '/odom', '/points', '/robot2/odom', '/robot_description', '/scan']);
  });

  it('leaves huge lists as free strings and can drop enums for providers without them', () => {
    const many = Array.from({ length: 1000 }, (_, i) => topic(`/t${i}`, 'std_msgs/msg/String', [DEFAULT('/n')]));
    const big = buildPlanSchema(buildContext({ document: doc(), snapshot: snapshot([...defaultTopics(), ...many]) })) as { properties: { actions: { items: { properties: Record<string, { enum?: string[] }> } } } };
    expect(big.properties.actions.items.properties.topic!.enum).toBeUndefined();
    const plain = buildPlanSchema(ctx(), { enums: false }) as typeof big;
    expect(plain.properties.actions.items.properties.frame!.enum).toBeUndefined();
  });

  it('names violations with their paths', () => {
    const schema = buildPlanSchema(ctx());
    const r = checkPlanJson({ actions: [{ action: 'add_display', display_type: 'LaserScan', topic: '/nope', extra: 1 }], notes: [] }, schema);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.reason).toMatch(/\(root\) must have required property 'undo_first'/);
      expect(r.reason).toMatch(/\/actions\/0 must have required property 'display'/);
      expect(r.reason).toMatch(/\/actions\/0 must NOT have additional properties \("extra"\)/);
    }
  });
});
