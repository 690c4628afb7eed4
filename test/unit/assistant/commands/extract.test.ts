import { describe, expect, it } from 'vitest';
import { findCommands, splitShellLine } from '../../../../src/core/assistant/commands/index.ts';

describe('findCommands', () => {
  it('finds commands in code blocks, inline code and plain lines, once each', () => {
    const answer = [
      'Use `ros2 topic list -t` first; the ros2 tool has more.',
      '```bash',
      '$ ros2 topic echo /scan \\',
      '    --once',
      'source /opt/ros/jazzy/setup.bash && ros2 topic hz /scan | head',
      'ROS_DOMAIN_ID=3 ros2 node list',
      'echo hi',
      '```',
      '- ros2 topic info -v /scan',
      '1. rviz-companion lint my.rviz',
      'Then run `ros2 topic list -t` again.',
      'Mid-sentence ros2 topic list is prose, not a command.',
    ].join('\n');
    expect(findCommands(answer).map((c) => [c.program, c.line])).toEqual([
      ['ros2', 'ros2 topic list -t'],
      ['ros2', 'ros2 topic echo /scan --once'],
      ['ros2', 'ros2 topic hz /scan'],
      ['ros2', 'ROS_DOMAIN_ID=3 ros2 node list'],
      ['ros2', 'ros2 topic info -v /scan'],
      ['rviz-companion', 'rviz-companion lint my.rviz'],
    ]);
    expect(findCommands(answer)[1]!.args).toEqual(['topic', 'echo', '/scan', '--once']);
  });

  it('strips shell prompts with user and host', () => {
    const answer = '```\nuser@robot:~/ws$ ros2 topic list -t\nroot@robot:/# ROS_DOMAIN_ID=3 ros2 node list\n# a comment line\n```';
    expect(findCommands(answer).map((c) => c.line)).toEqual(['ros2 topic list -t', 'ROS_DOMAIN_ID=3 ros2 node list']);
  });

  it('keeps commands of a code block the stream cut before its closing fence', () => {
    expect(findCommands('```\nros2 topic hz /scan').map((c) => c.line)).toEqual(['ros2 topic hz /scan']);
  });

  it('finds nothing in text without commands', () => {
    expect(findCommands('The Fixed Frame must exist in TF. See [rviz-fixed-frame].')).toEqual([]);
  });
});

describe('splitShellLine', () => {
  it('honours quotes, operators, redirections and comments', () => {
    expect(splitShellLine(`ros2 topic pub /chatter std_msgs/msg/String "data: 'a b'" > out.txt 2>&1 # note`)).toEqual([
      { text: `ros2 topic pub /chatter std_msgs/msg/String "data: 'a b'" > out.txt 2>&1`, words: ['ros2', 'topic', 'pub', '/chatter', 'std_msgs/msg/String', "data: 'a b'"] },
    ]);
    expect(splitShellLine('a x; b || c & d').map((c) => c.words)).toEqual([['a', 'x'], ['b'], ['c'], ['d']]);
    expect(splitShellLine('echo a\\ b')[0]!.words).toEqual(['echo', 'a b']);
  });
});
