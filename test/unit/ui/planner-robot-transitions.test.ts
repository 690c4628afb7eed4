// The planner at the robot's transitions: a plan made while the robot is still starting (its graph still growing) says
// so, as it may miss topics that appear later; a plan made for the previous robot at the address is dropped.
import { describe, expect, it } from 'vitest';
import { catalog } from '../../../src/core/catalog/index.ts';
import { DocumentController } from '../../../src/ui/document-controller.ts';
import { PlannerController, robotStartingNote } from '../../../src/ui/planner-controller.ts';
import { smallRobot } from '../../fakes/fake-link.ts';

const host = { addController: () => undefined, removeController: () => undefined, requestUpdate: () => undefined,
  updateComplete: Promise.resolve(true) };

function planner(starting: () => boolean) {
  const document = new DocumentController(host, catalog, undefined);
  return new PlannerController(host, document, {
    snapshot: async () => smallRobot('ws://robot:9090'), robotStarting: starting, findings: () => [], model: async () => undefined,
  });
}

describe('the planner while the robot starts', () => {
  it('a plan made while the robot is still starting carries the note first', async () => {
    const p = planner(() => true);
    expect(p.status).toBe('idle');
    await p.request('show the lidar');
    expect(p.status).toBe('ready');
    expect(p.plan!.notes[0]).toBe(robotStartingNote);
    expect(p.plan!.actions.some((a) => a.topic === '/scan')).toBe(true);
  });

  it('once the robot has started, no such note', async () => {
    const p = planner(() => false);
    await p.request('show the lidar');
    expect(p.plan!.notes).not.toContain(robotStartingNote);
  });

  it('another robot at the address: the plan under review for the previous one is dropped, with a message', async () => {
    const p = planner(() => false);
    await p.request('show the lidar');
    expect(p.plan).toBeDefined();
    p.robotChanged();
    expect(p.plan).toBeUndefined();
    expect(p.status).toBe('idle');
    expect(p.message).toMatch(/previous robot/);
    expect(p.views).toEqual([]);
  });

  it('a plan still being made when another robot is identified never lands', async () => {
    const p = planner(() => false);
    const pending = p.request('show the lidar');
    p.robotChanged();
    await pending;
    expect(p.plan).toBeUndefined();
    expect(p.status).toBe('idle');
  });
});
