// Device nouns bound to what the robot has: "the lidar points" means the LaserScan on a robot whose lidar is 2D (its
// depth camera's cloud is no lidar), and the PointCloud2 on a robot with a 3D lidar. The request is rewritten onto
// the words of the one type that shows that device here; with both or neither, it stays as written.
import { escapeRegExp, tokenize } from '../../catalog/text.ts';
import type { PlanContext } from '../types.ts';
import { vocabulary } from './accounting.ts';
import { CONCEPTS } from './concepts.ts';
import { endsSettingPhrase } from './mentions.ts';
import { topicTokens } from './shared.ts';

const alternation = (words: readonly string[]): string => [...words].sort((a, b) => b.length - a.length).map((w) => w.split(/\s+/).map(escapeRegExp).join('\\s+')).join('|');

/** Types (class ids) showing the device here: a display of the document on a device topic, else a live device topic. */
function deviceTypes(ctx: PlanContext, types: readonly string[], topicWords: ReadonlySet<string>): string[] {
  const fromDevice = (classId: string, topic: string): boolean => classId.endsWith('/LaserScan') || topicTokens(topic).some((t) => topicWords.has(t));
  const classFor = (msgType: string): string | undefined => types.find((c) => ctx.catalog.byClass(c)?.messageTypes?.some((m) => m === msgType));
  const held = types.filter((c) => ctx.displays.some((d) => d.classId === c && d.topics.some((t) => fromDevice(c, t.value))));
  if (held.length > 0) return held;
  return [...new Set(ctx.topics.flatMap((t) => { const c = classFor(t.type); return c && fromDevice(c, t.name) ? [c] : []; }))];
}

/** Words of a camera's topic ("/camera/depth/points", "/realsense/points"). */
const CAMERA_WORDS: ReadonlySet<string> = new Set(['camera', 'cam', 'depth', 'rgbd', 'stereo', 'realsense', 'kinect', 'zed', 'oak']);

/** Whether every point cloud the document or the robot has comes from a camera (and there is one). */
function cameraCloudsOnly(ctx: PlanContext): boolean {
  const clouds = [...ctx.displays.filter((d) => d.classId.endsWith('/PointCloud2')).flatMap((d) => d.topics.map((t) => t.value)),
    ...ctx.topics.filter((t) => t.type === 'sensor_msgs/msg/PointCloud2').map((t) => t.name)];
  return clouds.length > 0 && clouds.every((t) => topicTokens(t).some((w) => CAMERA_WORDS.has(w)));
}

export function bindDeviceNouns(ctx: PlanContext, text: string): string {
  let out = text;
  for (const device of CONCEPTS.devices) {
    const re = new RegExp(`\\b(?:${alternation(device.nouns)})(?:\\s+(?:${alternation(device.parts)}))?\\b`, 'gi');
    if (!re.test(out)) continue;
    const types = Object.keys(device.types);
    const here = deviceTypes(ctx, types, new Set(device.topicWords.flatMap((w) => tokenize(w))));
    // "make the lidar points bigger" on a robot with no lidar, whose only clouds are a camera's: the noun alone, which
    // names the device's own type (nothing here, said so), never the camera's cloud.
    if (here.length === 0 && cameraCloudsOnly(ctx)) {
      out = out.replace(re, (m) => tokenize(m)[0]!);
      continue;
    }
    if (here.length !== 1) continue;
    const words = (device.types as Record<string, string>)[here[0]!]!;
    const nouns = new Set(device.nouns.map((n) => tokenize(n).join(' ')));
    out = out.replace(re, (m, at: number, whole: string) => {
      // ("bump its queue depth to 10": the noun ending a setting's name is that setting's word.)
      const before = tokenize(whole.slice(0, at));
      if (before.length > 0 && endsSettingPhrase(ctx.catalog, [...before, ...tokenize(m)], { start: before.length, length: tokenize(m).length })) return m;
      const t = tokenize(m);
      // The noun alone on its own type stays ("the laser"); a part is kept after the type's words ("laser scan points"),
      // as "points" when no catalog word is it ("lidar hits", "lidar returns").
      const written = nouns.has(t.join(' ')) ? '' : t.slice(-1)[0]!;
      const part = written && !vocabulary(ctx.catalog).has(written) ? 'points' : written;
      if (here[0]!.endsWith('/PointCloud2')) return words;
      return part ? `${words} ${part}` : m;
    });
  }
  return out;
}
