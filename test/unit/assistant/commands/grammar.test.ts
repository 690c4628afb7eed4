import { describe, expect, it } from 'vitest';
import { loadRos2Grammar, ros2Grammar } from '../../../../src/core/assistant/commands/index.ts';

describe('ros2 grammar data', () => {
  it('covers the commands the assistant may cite, each with its source file', () => {
    const g = ros2Grammar();
    for (const name of ['topic', 'node', 'service', 'action', 'param', 'interface', 'launch', 'run', 'bag', 'doctor', 'pkg', 'component', 'lifecycle', 'control']) {
      expect(g.commands[name], name).toBeDefined();
      expect(g.commands[name]!.source).toMatch(/^[\w-]+\/[\w-]+:.+\.py$/);
    }
    expect(Object.keys(g.commands.topic!.verbs!)).toEqual(expect.arrayContaining(['echo', 'hz', 'info', 'list', 'pub', 'type', 'bw', 'delay', 'find']));
    expect(g.sources.map((s) => s.repo)).toEqual(expect.arrayContaining(['ros2/ros2cli', 'ros2/rosbag2', 'ros-controls/ros2_control', 'ros2/launch_ros']));
  });

  it('refuses a grammar that does not match the schema, naming the path', () => {
    const bad = structuredClone(ros2Grammar()) as unknown as { commands: { topic: { verbs: { echo: { options: { value: string }[] } } } } };
    bad.commands.topic.verbs.echo.options[0]!.value = 'number';
    const result = loadRos2Grammar(bad);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toMatch(/^ros2-cli grammar: \/commands\/topic\/verbs\/echo\/options\/0\/value must be equal to one of the allowed values/);
    expect(loadRos2Grammar({}).ok).toBe(false);
  });
});

describe('the knowledge base and the grammar agree', () => {
  it('every command quoted in kb/*.json passes the checker (a failure means a wrong page or a gap in the grammar)', async () => {
    const { loadKbFiles } = await import('../../../../src/cli/kb-files.ts');
    const { checkCommands } = await import('../../../../src/core/assistant/commands/index.ts');
    const entries = await loadKbFiles();
    const checked = entries.flatMap((e) => checkCommands(e.text).map((c) => ({ id: e.id, ...c })));
    expect(checked.length).toBeGreaterThan(50);
    expect(checked.filter((c) => !c.valid)).toEqual([]);
  });
});
