import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkCommands, ros2Grammar } from '../../../../src/core/assistant/commands/index.ts';

const grammar = ros2Grammar();
const commandNames = Object.keys(grammar.commands);
const words = fc.oneof(
  fc.constantFrom(...commandNames, 'list', 'echo', 'info', 'get', '--', '-', '-v', '--qos', '-w5', '--x=1', '"a b"', "'", '\\', '|', '&&', ';', '#', '<topic>', '-1', '--ros-args', '-p', 'a:=1'),
  fc.string({ maxLength: 8 }),
);

describe('command checking never throws and stays consistent', () => {
  it('on arbitrary ros2 lines', () => {
    fc.assert(fc.property(fc.array(words, { maxLength: 10 }), fc.boolean(), (ws, withTopics) => {
      const checked = checkCommands(`\`\`\`\nros2 ${ws.join(' ')}\n\`\`\``, withTopics ? { topics: ['/scan'], nodes: ['/n'], distro: 'humble' } : {});
      for (const c of checked) {
        expect(c.valid).toBe(c.problem === undefined);
        expect(c.line.length).toBeGreaterThan(0);
      }
    }), { numRuns: 400 });
  });

  it('on arbitrary answer text', () => {
    fc.assert(fc.property(fc.string({ maxLength: 300 }), (text) => {
      expect(() => checkCommands(text)).not.toThrow();
    }), { numRuns: 300 });
  });
});
