import { describe, expect, it } from 'vitest';
import { checkCommands, DO_NOT_RUN, NOT_ON_THIS_ROBOT } from '../../../../src/core/assistant/commands/index.ts';

const TOPICS = ['/scan', '/odom', '/cmd_vel', '/map', '/tf'];

function problems(answer: string, topics?: readonly string[]): (string | undefined)[] {
  return checkCommands(answer, { topics }).map((c) => c.problem);
}

describe('checkCommands: the issue\'s cases', () => {
  const answer = [
    'Try these:',
    '```bash',
    'ros2 topic echo --qos-bogus /scan',
    'ros2 topc list',
    'rviz-companion plan --frobnicate',
    'ros2 topic info -v /scan',
    '```',
  ].join('\n');

  it('warns on the three invented commands and not on ros2 topic info -v /scan', () => {
    const checked = checkCommands(answer, { topics: TOPICS });
    expect(checked.map((c) => [c.line, c.valid])).toEqual([
      ['ros2 topic echo --qos-bogus /scan', false],
      ['ros2 topc list', false],
      ['rviz-companion plan --frobnicate', false],
      ['ros2 topic info -v /scan', true],
    ]);
    expect(checked[0]!.problem).toBe(`unknown option --qos-bogus for ros2 topic echo: ${DO_NOT_RUN}`);
    expect(checked[1]!.problem).toBe(`unknown command "topc" for ros2 (did you mean "topic"?): ${DO_NOT_RUN}`);
    expect(checked[2]!.problem).toBe(`rviz-companion: unknown option "--frobnicate" for plan: ${DO_NOT_RUN}`);
    expect(checked[3]!.problem).toBeUndefined();
  });

  it.each([
    'ros2 topic echo /scan --qos-reliability best_effort',
    'ros2 topic hz /scan',
    'ros2 param get /node x',
    'ros2 run pkg exe --ros-args -p a:=1 -r __ns:=/x',
    'ros2 launch pkg file.launch.py arg:=v',
    'ros2 control list_controllers',
    'ros2 topic list -t',
    'ros2 topic echo /scan --once --field ranges',
    'ros2 topic echo /odom nav_msgs/msg/Odometry --qos-durability=transient_local',
    'ros2 topic pub -1 /cmd_vel geometry_msgs/msg/Twist "{linear: {x: 0.1}}"',
    'ros2 topic pub --rate 10 /cmd_vel geometry_msgs/msg/Twist \'{angular: {z: 0.5}}\'',
    'ros2 topic hz /scan -w 50',
    'ros2 topic hz /scan -w50',
    'ros2 topic list -tv',
    'ros2 topic info --verb /scan',
    'ros2 bag record -o run1 /scan /odom',
    'ros2 bag play run1 --rate 2.0 --loop',
    'ros2 service call /reset std_srvs/srv/Empty',
    'ros2 action send_goal /navigate_to_pose nav2_msgs/action/NavigateToPose "{pose: {}}" --feedback',
    'ros2 interface show sensor_msgs/msg/LaserScan',
    'ros2 node info /amcl',
    'ros2 lifecycle set /map_server configure',
    'ros2 component list',
    'ros2 pkg executables turtlesim',
    'ros2 doctor --report',
    'ros2 control switch_controllers --activate joint_trajectory_controller --deactivate forward_controller',
    'ros2 run tf2_ros static_transform_publisher --x 1 --frame-id map --child-frame-id odom',
    'ros2 run rviz2 rviz2 -d my.rviz --ros-args --log-level debug',
    'ros2 launch nav2_bringup navigation_launch.py use_sim_time:=true',
    'ros2 topic echo <topic> --qos-reliability <policy>',
    'ros2 --help',
    'ros2 topic echo --help',
  ])('passes %s', (line) => {
    expect(problems(`\`\`\`\n${line}\n\`\`\``, TOPICS.concat('/robot1/scan'))).toEqual([undefined]);
  });
});

describe('checkCommands: what it catches', () => {
  it.each([
    ['ros2 topic lst', 'unknown verb "lst" for ros2 topic (did you mean "list"?)'],
    ['ros2 topic echo /scan --qos-reliability bestEffort', 'option --qos-reliability must be one of system_default, reliable, best_effort, unknown, best_available (got "bestEffort") for ros2 topic echo'],
    ['ros2 topic hz /scan -w ten', 'option -w needs a whole number (got "ten") for ros2 topic hz'],
    ['ros2 topic list /scan', 'unexpected argument "/scan" for ros2 topic list'],
    ['ros2 topic info --qos /scan', 'unknown option --qos for ros2 topic info'],
    ['ros2 topic echo /scan --qos', 'ambiguous option --qos (could be --qos-profile, --qos-depth, --qos-history, --qos-reliability, --qos-durability, --qos-liveliness, --qos-liveliness-lease-duration-seconds) for ros2 topic echo'],
    ['ros2 run pkg exe --ros-args --param-file x.yaml', 'unknown ROS argument --param-file after --ros-args for ros2 run'],
    ['ros2 run pkg exe --ros-args -p use_sim_time', 'option -p needs name:=value (got "use_sim_time") for ros2 run'],
    ['ros2 launch pkg file.launch.py use_sim_time=true', 'launch argument "use_sim_time=true" must read name:=value for ros2 launch'],
    ['ros2 interface show LaserScan', '"LaserScan" is not an interface type such as std_msgs/msg/String for ros2 interface show'],
    ['ros2 control list_controller', 'unknown verb "list_controller" for ros2 control (did you mean "list_controllers"?)'],
    ['ros2 topic echo -x /scan', 'unknown option -x for ros2 topic echo'],
    ['ros2 topic hz --window', 'option --window needs a value for ros2 topic hz'],
    ['ros2 toolbox', 'unknown command "toolbox" for ros2'],
    ['ros2 toString', 'unknown command "toString" for ros2'],
    ['ros2 topic constructor', 'unknown verb "constructor" for ros2 topic (verbs: bw, delay, echo, find, hz, info, list, pub, type)'],
  ])('%s', (line, reason) => {
    expect(problems(line)).toEqual([`${reason}: ${DO_NOT_RUN}`]);
  });

  it('flags topics the robot does not have, only when its topics are known', () => {
    expect(problems('ros2 topic echo /scna', TOPICS)).toEqual([`/scna is not a topic of this robot (did you mean /scan?): ${DO_NOT_RUN}`]);
    expect(problems('ros2 topic hz /scan /laser', TOPICS)).toEqual([`/laser is not a topic of this robot (topics: /scan, /odom, /cmd_vel, /map, /tf): ${DO_NOT_RUN}`]);
    expect(problems('ros2 topic echo /scna')).toEqual([undefined]);
    expect(problems('ros2 topic echo scan', TOPICS)).toEqual([undefined]); // relative name resolves to /scan
    expect(problems('ros2 bag record /scan /imu', TOPICS)).toEqual([expect.stringContaining('/imu is not a topic of this robot')]);
  });

  it('ROS argument sections end at --, after which the program\'s own words are free', () => {
    expect(problems('ros2 run pkg exe --ros-args -r __node:=x -- --anything-goes')).toEqual([undefined]);
    expect(problems('ros2 run pkg exe --own-flag')).toEqual([undefined]);
  });

  it('ros2 control verbs take --ros-args too (ros2_control\'s ParserROSArgs)', () => {
    expect(problems('ros2 control list_controllers -c /cm --ros-args -r __ns:=/robot1')).toEqual([undefined]);
    expect(problems('ros2 control list_controllers --ros-args --bogus')).toEqual([`unknown ROS argument --bogus after --ros-args for ros2 control list_controllers: ${DO_NOT_RUN}`]);
  });

  it('rviz-companion commands go through the CLI\'s own parser', () => {
    expect(problems('rviz-companion lint my.rviz --scenario qos_traps')).toEqual([undefined]);
    expect(problems('npx rviz-companion ask "why no map" --provider ollama --model llama3.2:3b')).toEqual([undefined]);
    expect(problems('rviz-companion plan --provider gemini --request x')).toEqual([`rviz-companion: option "--provider" must be one of offline, ollama, openai (got "gemini"): ${DO_NOT_RUN}`]);
    expect(problems('rviz-companion explode')).toEqual([`rviz-companion: unknown command "explode": ${DO_NOT_RUN}`]);
  });
});

describe('checkCommands: against what the robot reports', () => {
  const robot = {
    topics: [{ name: '/scan', type: 'sensor_msgs/msg/LaserScan' }, { name: '/cmd_vel', type: 'geometry_msgs/msg/Twist' }],
    nodes: ['/lidar_driver', '/amcl'],
  };

  it('a type written with a topic must be that topic\'s type (pkg/Type and pkg/msg/Type alike)', () => {
    const check = (line: string) => checkCommands(line, robot).map((c) => c.problem);
    expect(check('ros2 topic echo /scan sensor_msgs/msg/LaserScan')).toEqual([undefined]);
    expect(check('ros2 topic pub /cmd_vel geometry_msgs/Twist "{}"')).toEqual([undefined]);
    expect(check('ros2 topic echo /scan sensor_msgs/msg/PointCloud2')).toEqual([`/scan is sensor_msgs/msg/LaserScan on this robot, not sensor_msgs/msg/PointCloud2: ${DO_NOT_RUN}`]);
  });

  it('node arguments must be nodes of the robot when its nodes are known', () => {
    const check = (line: string) => checkCommands(line, robot).map((c) => c.problem);
    expect(check('ros2 node info /amcl')).toEqual([undefined]);
    expect(check('ros2 param get amcl use_sim_time')).toEqual([undefined]);
    expect(check('ros2 param get /amlc use_sim_time')).toEqual([`/amlc is not a node of this robot (did you mean /amcl?): ${DO_NOT_RUN}`]);
  });

  it('options and verbs missing from the robot\'s distribution are flagged as not available', () => {
    expect(checkCommands('ros2 topic echo /scan --clear', { distro: 'humble' })[0]!.problem)
      .toBe(`option --clear of ros2 topic echo is not in ROS 2 humble (only rolling): ${NOT_ON_THIS_ROBOT}`);
    expect(checkCommands('ros2 service echo /reset', { distro: 'humble' })[0]!.problem)
      .toBe(`ros2 service echo is not in ROS 2 humble (only jazzy, rolling): ${NOT_ON_THIS_ROBOT}`);
    expect(checkCommands('ros2 topic echo /scan --clear', { distro: 'rolling' })[0]!.valid).toBe(true);
    expect(checkCommands('ros2 topic echo /scan --lost-messages', { distro: 'humble' })[0]!.valid).toBe(true);
    // An unknown distribution checks nothing extra.
    expect(checkCommands('ros2 topic echo /scan --clear', { distro: 'kilted' })[0]!.valid).toBe(true);
  });
});

