// The check commands of findings (src/mcp/finding-checks.json): one list per diagnosis code, every command a real
// ros2 command by the grammar, and names that could break a shell line never filled in.
import { describe, expect, it } from 'vitest';
import { checkCommands } from '../../../src/core/assistant/commands/index.ts';
import { FINDING_CODES } from '../../../src/core/diagnosis/index.ts';
import { checkCommandsFor, checkTemplates, tableProblems } from '../../../src/mcp/finding-checks.ts';

describe('finding check commands', () => {
  it('the table lists every diagnosis code and no other', () => {
    expect(tableProblems()).toEqual([]);
  });

  for (const code of FINDING_CODES) {
    it(`${code}: every command, filled in, passes the ros2 command checker`, () => {
      const filled = checkCommandsFor({ code, subject: { kind: code.includes('FRAME') || code.startsWith('TF_') ? 'frame' : 'display', name: 'base_link', display: 'Scan', topic: '/scan' } });
      expect(filled.length).toBeGreaterThan(0);
      for (const line of filled) {
        const [verdict] = checkCommands(line, {});
        expect(verdict, line).toMatchObject({ line, valid: true });
      }
    });
  }

  it('leaves out a command whose placeholder the finding lacks or whose name is not a ROS name', () => {
    expect(checkTemplates('NO_DATA').every((t) => t.includes('{topic}'))).toBe(true);
    expect(checkCommandsFor({ code: 'NO_DATA', subject: { kind: 'frame', name: 'map' } })).toEqual([]);
    expect(checkCommandsFor({ code: 'NO_DATA', subject: { kind: 'topic', name: '/scan; rm -rf ~', topic: '/scan; rm -rf ~' } })).toEqual([]);
    expect(checkCommandsFor({ code: 'NO_DATA', subject: { kind: 'topic', name: '/scan', topic: '/scan' } })).toEqual(['ros2 topic hz /scan', 'ros2 topic info --verbose /scan']);
  });
});
