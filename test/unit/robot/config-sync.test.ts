import { describe, expect, it } from 'vitest';
import { checkSend, configHash, remoteMeaning } from '../../../src/core/robot/config-sync.ts';

const a = { key: 'ws://h:1#a', label: 'the robot at h:1 (/amcl)' };
const b = { key: 'ws://h:1#b', label: 'the robot at h:1 (/arm)' };

describe("the robot's current config", () => {
  it('our own document or a text we sent coming back is an echo', () => {
    expect(remoteMeaning('doc', { documentText: 'doc', sentHashes: [], lastRemote: configHash('x') })).toBe('echo');
    expect(remoteMeaning('sent', { documentText: 'doc', sentHashes: [configHash('sent')], lastRemote: undefined })).toBe('echo');
  });

  it('the first config seen for a robot is its starting point; the same again is a replay', () => {
    expect(remoteMeaning('r1', { documentText: 'doc', sentHashes: [], lastRemote: undefined })).toBe('initial');
    expect(remoteMeaning('r1', { documentText: 'doc', sentHashes: [], lastRemote: configHash('r1') })).toBe('unchanged');
  });

  it('anything else is a change by another client', () => {
    expect(remoteMeaning('r2', { documentText: 'doc', sentHashes: [configHash('s')], lastRemote: configHash('r1') })).toBe('external');
  });
});

describe('sending the document', () => {
  it('goes ahead to the robot it was opened for, with the config it knows', () => {
    expect(checkSend({ documentRobot: a, connectedRobot: a, base: 'h1', remote: 'h1' }, 'nav.rviz')).toEqual({ kind: 'send' });
    expect(checkSend({ documentRobot: undefined, connectedRobot: a, base: undefined, remote: 'h1' }, 'nav.rviz')).toEqual({ kind: 'send' });
  });

  it('waits while the robot at the address is not identified', () => {
    expect(checkSend({ documentRobot: a, connectedRobot: undefined, base: 'h1', remote: 'h1' }, 'nav.rviz').kind).toBe('wait');
  });

  it('asks, naming both robots, before a document opened for one robot goes to another', () => {
    const check = checkSend({ documentRobot: a, connectedRobot: b, base: 'h1', remote: 'h1' }, 'nav.rviz');
    expect(check).toMatchObject({ kind: 'confirm', reason: 'other-robot' });
    expect(check.kind === 'confirm' && check.question).toContain(a.label);
    expect(check.kind === 'confirm' && check.question).toContain(b.label);
    expect(check.kind === 'confirm' && check.question).toContain('nav.rviz');
  });

  it('asks before replacing a config another client changed after the document saw it', () => {
    expect(checkSend({ documentRobot: a, connectedRobot: a, base: 'h1', remote: 'h2' }, 'nav.rviz'))
      .toMatchObject({ kind: 'confirm', reason: 'stale-base' });
  });
});
