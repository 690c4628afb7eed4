// tf2_msgs/TFMessage for /tf (dynamic frames, stamped now) and /tf_static (static frames, stamped at start).
import { rosTimeFromSeconds, type Generator, type RosTime } from './common.ts';
import { toTransform } from './world.ts';
import type { Frame } from '../types.ts';

function transform(stamp: RosTime, frame: Frame, t: number): Record<string, unknown> {
  return { header: { stamp, frame_id: frame.parent }, child_frame_id: frame.child, transform: toTransform(frame, t) };
}

function addSeconds(time: RosTime, seconds: number): RosTime {
  return rosTimeFromSeconds(time.sec + time.nanosec / 1e9 + seconds);
}

/** Dynamic frames. A frame with staleAfterSec keeps its transform and stamp frozen at that moment (fault TF_STALE). */
export const tfDynamic: Generator = {
  types: ['tf2_msgs/msg/TFMessage'],
  create(_p, scenario) {
    const frames = scenario.tf.frames.filter((f) => f.dynamic);
    return (tick) => ({
      transforms: frames.map((f) => {
        if (f.staleAfterSec !== undefined && tick.t > f.staleAfterSec) {
          return transform(addSeconds(tick.stamp, f.staleAfterSec - tick.t), f, f.staleAfterSec);
        }
        return transform(tick.stamp, f, tick.t);
      }),
    });
  },
};

/** Static frames, sent once (latched). */
export const tfStatic: Generator = {
  types: ['tf2_msgs/msg/TFMessage'],
  create(_p, scenario) {
    const frames = scenario.tf.frames.filter((f) => !f.dynamic);
    return (tick) => ({ transforms: frames.map((f) => transform(tick.stamp, f, 0)) });
  },
};
