// Small generic messages: numbers, temperatures, text, the clock and log lines; mostly for big graphs.
import { header, type Generator } from './common.ts';

export const float64: Generator = {
  types: ['std_msgs/msg/Float64', 'std_msgs/msg/Float32'],
  create(p) {
    const base = p.num('base', 1), amplitude = p.num('amplitude', 0.5);
    return (tick) => ({ data: Math.round((base + amplitude * Math.sin(tick.t / 3 + base)) * 1000) / 1000 });
  },
};

export const temperature: Generator = {
  types: ['sensor_msgs/msg/Temperature'],
  create(p) {
    const frameId = p.str('frame', 'base_link'), base = p.num('base', 35);
    return (tick) => ({ header: header(tick.stamp, frameId), temperature: base + Math.sin(tick.t / 10), variance: 0.01 });
  },
};

/** std_msgs/String with fixed `text` (`{seq}` is replaced by the message count). */
export const text: Generator = {
  types: ['std_msgs/msg/String'],
  create(p) {
    const template = p.str('text', 'ok');
    return (tick) => ({ data: template.replaceAll('{seq}', String(tick.seq)) });
  },
};

export const clock: Generator = {
  types: ['rosgraph_msgs/msg/Clock'],
  create() {
    return (tick) => ({ clock: tick.stamp });
  },
};

/** rcl_interfaces/Log lines as /rosout carries them. */
export const log: Generator = {
  types: ['rcl_interfaces/msg/Log'],
  create(p) {
    const name = p.str('name', 'controller_server');
    const lines = p.strList('lines', ['Received a goal, begin computing control effort.', 'Passing new path to controller.', 'Reached the goal!']);
    return (tick) => ({
      stamp: tick.stamp, level: 20, name, msg: lines[tick.seq % lines.length] ?? '', file: '', function: '', line: 0,
    });
  },
};
