// A plan made while the robot is still starting (its graph still growing) says so: it may miss topics that appear
// later (the graph it used is at most one start-up poll old).
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
});
