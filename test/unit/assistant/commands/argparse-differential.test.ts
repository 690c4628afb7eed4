// The TypeScript parser against Python's argparse itself: argparse-cases.json holds argparse's verdicts on generated
// command lines for every parser of the grammar (scripts/derive-ros2-cli/argparse-cases.py).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkCommands, parseArgs, ros2Grammar, type GrammarParser } from '../../../../src/core/assistant/commands/index.ts';

const fixture = JSON.parse(readFileSync(new URL('./argparse-cases.json', import.meta.url), 'utf8')) as { about: string; cases: [string, string[], boolean][] };

function parserOf(name: string): GrammarParser {
  const [command, verb] = name.split(' ');
  const c = ros2Grammar().commands[command!]!;
  return verb ? c.verbs![verb]! : c;
}

describe('argparse agreement', () => {
  it(`agrees with every verdict (${fixture.cases.length} command lines over every parser)`, () => {
    expect(fixture.cases.length).toBeGreaterThan(500);
    const disagreements = fixture.cases
      .map(([name, words, ok]) => ({ name, words, python: ok, ours: parseArgs(words, parserOf(name), name) }))
      .filter((c) => c.ours.ok !== c.python)
      .map((c) => `${c.name} ${JSON.stringify(c.words)}: argparse ${c.python ? 'accepts' : 'refuses'}, ours ${c.ours.ok ? 'accepts' : `refuses (${c.ours.ok ? '' : c.ours.reason})`}`);
    expect(disagreements).toEqual([]);
  });

  it.each([
    // An optional positional is used up, empty, by the chunk before an option: argparse then refuses what follows.
    ['ros2 service call /reset std_srvs/srv/Empty --rate 1 "{}"', 'unexpected argument "{}" for ros2 service call'],
    ['ros2 topic hz /scan --window 10 /odom', 'unexpected argument "/odom" for ros2 topic hz'],
    ['ros2 topic list --show-types --', 'unexpected argument "--" for ros2 topic list'],
    ['ros2 pkg create demo --pack ament_cmake', 'ambiguous option --pack (could be --package-format, --package_format) for ros2 pkg create'],
  ])('%s', (line, reason) => {
    expect(checkCommands(line)[0]!.problem).toBe(`${reason}: invented or mistyped, do not run`);
  });

  it.each([
    'ros2 service call /reset std_srvs/srv/Empty "{}" --rate 1',
    'ros2 topic hz /scan /odom --window 10',
    'ros2 topic echo --once /scan',
    'ros2 run demo_nodes_cpp talker --ros-args -r chatter:=/x',
  ])('%s is fine', (line) => {
    expect(checkCommands(line)[0]!.valid).toBe(true);
  });
});
