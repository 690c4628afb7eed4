import { describe, expect, it } from 'vitest';
import { checkCommands, DO_NOT_RUN, NEEDS_EXTENSION, NOT_ON_THIS_ROBOT } from '../../../../src/core/assistant/commands/index.ts';
import { parserForDistro, ros2Grammar } from '../../../../src/core/assistant/commands/grammar.ts';

const verdict = (line: string, distro?: string) => checkCommands(line, { distro })[0]!;

describe('per-distribution positionals (nargs)', () => {
  it('ros2 topic hz takes several topics only on rolling', () => {
    expect(verdict('ros2 topic hz /scan /odom', 'rolling').valid).toBe(true);
    expect(verdict('ros2 topic hz /scan /odom').valid).toBe(true); // valid somewhere: no distribution given
    for (const distro of ['humble', 'jazzy']) {
      const checked = verdict('ros2 topic hz /scan /odom', distro);
      expect(checked.valid).toBe(false);
      expect(checked.problem).toContain('/odom');
      expect(checked.problem).toContain(DO_NOT_RUN);
      expect(verdict('ros2 topic hz /scan', distro).valid).toBe(true);
    }
  });

  it("ros2 action send_goal's goal is required on humble, optional later", () => {
    const verb = ros2Grammar().commands.action!.verbs!.send_goal!;
    const goal = (distro: string) => parserForDistro(verb, distro).positionals.find((p) => p.name === 'goal')!;
    expect(goal('humble').nargs).toBeUndefined();
    expect(goal('jazzy').nargs).toBe('?');
    expect(goal('rolling').nargs).toBe('?');
    const line = "ros2 action send_goal /fibonacci action_tutorials_interfaces/action/Fibonacci '{order: 5}' --feedback";
    for (const distro of ['humble', 'jazzy', 'rolling']) expect(verdict(line, distro).valid).toBe(true);
  });

  it('a positional some distributions lack is left out for them (ros2 bag record)', () => {
    const record = ros2Grammar().commands.bag!.verbs!.record!;
    expect(parserForDistro(record, 'humble').positionals.map((p) => p.name)).toEqual(['topics']);
    expect(parserForDistro(record, 'jazzy').positionals.map((p) => p.name)).toEqual(['topics_positional']);
    expect(verdict('ros2 bag record /scan /tf', 'humble').valid).toBe(true);
  });
});

describe('per-distribution choice values', () => {
  it("humble's rclpy has no default or best_available profile and no best_available policies", () => {
    for (const line of ['ros2 topic echo --qos-profile best_available /scan', 'ros2 topic echo --qos-profile default /scan',
      'ros2 topic echo --qos-reliability best_available /scan', 'ros2 topic pub --qos-durability best_available /chatter std_msgs/msg/String "{}"']) {
      const humble = verdict(line, 'humble');
      expect(humble.valid, line).toBe(false);
      expect(humble.problem).toMatch(/is not in ROS 2 humble \(only jazzy, rolling\)/);
      expect(humble.problem).toContain(NOT_ON_THIS_ROBOT);
      expect(verdict(line, 'jazzy').valid, line).toBe(true);
      expect(verdict(line, 'rolling').valid, line).toBe(true);
    }
    expect(verdict('ros2 topic echo --qos-profile sensor_data /scan', 'humble').valid).toBe(true);
    expect(verdict('ros2 topic echo --qos-reliability best_effort /scan', 'humble').valid).toBe(true);
  });

  it('a value no distribution has is still invented', () => {
    expect(verdict('ros2 topic echo --qos-profile fastest /scan', 'jazzy').problem).toContain(DO_NOT_RUN);
  });
});

describe('options from known extensions', () => {
  it('ros2 launch --secure may come from ros2launch_security instead of being invented', () => {
    const checked = verdict('ros2 launch my_robot bringup.launch.py --secure /keystore');
    expect(checked.valid).toBe(false);
    expect(checked.problem).toContain('ros2launch_security');
    expect(checked.problem).toContain(NEEDS_EXTENSION);
    expect(checked.problem).not.toContain(DO_NOT_RUN);
    expect(verdict('ros2 launch my_robot bringup.launch.py --no-create-keystore --secure').problem).toContain(NEEDS_EXTENSION);
  });

  it('an option no extension knows is still invented', () => {
    expect(verdict('ros2 launch my_robot bringup.launch.py --turbo').problem).toContain(DO_NOT_RUN);
  });
});
