/**
 * Example requests for the empty planner, built from what this robot really publishes: its own topic names, its TF
 * frames, its namespaces and the problems diagnosis found. Each is a sentence both planners read (the tests plan every
 * one on every simulated robot). Pure: snapshot, document and findings in, 4–6 requests out (fewer only when the
 * robot offers nothing to ask about).
 *
 * @example
 * exampleRequests({ document, snapshot, findings })
 * // ['fix the problems', 'show /scan coloured by intensity', 'show /map', 'show /plan in green', …]
 */
import type { Finding } from '../diagnosis/types.ts';
import type { GraphSnapshot, TopicInfo } from '../graph/types.ts';
import { fixedFrame, listDisplays } from '../rviz/displays.ts';
import type { RvizDocument } from '../rviz/document.ts';
import { compareText } from '../compare-text.ts';
import { FIX_REQUEST, fixableFindings } from '../kiosk/tiles.ts';

export interface ExampleInput {
  document: RvizDocument;
  snapshot?: GraphSnapshot | undefined;
  findings?: readonly Finding[];
}

export const MAX_EXAMPLES = 6;

/** One candidate: the message type it needs a live topic of, and the sentence for that topic. */
interface TopicExample {
  type: string;
  /** Topic names to prefer, in order; otherwise the first live topic of the type by name. */
  prefer?: RegExp;
  avoid?: RegExp;
  sentence: (topic: string) => string;
}

// Ordered by what a newcomer most likely wants to see first.
const TOPIC_EXAMPLES: readonly TopicExample[] = [
  { type: 'sensor_msgs/msg/LaserScan', prefer: /\/scan$/, sentence: (t) => `show ${t} coloured by intensity` },
  { type: 'nav_msgs/msg/OccupancyGrid', prefer: /\/map$/, avoid: /costmap/, sentence: (t) => `show ${t}` },
  { type: 'sensor_msgs/msg/PointCloud2', sentence: (t) => `show ${t} coloured by height` },
  { type: 'nav_msgs/msg/Path', prefer: /\/plan$/, sentence: (t) => `show ${t} in green` },
  { type: 'sensor_msgs/msg/Image', avoid: /depth/, sentence: (t) => `show the camera image ${t}` },
  { type: 'nav_msgs/msg/Odometry', sentence: (t) => `show ${t} as arrows` },
  { type: 'visualization_msgs/msg/MarkerArray', sentence: (t) => `show the markers on ${t}` },
  { type: 'std_msgs/msg/String', prefer: /robot_description$/, avoid: /^(?!.*robot_description$)/, sentence: () => 'show the robot model' },
];

function pick(topics: readonly TopicInfo[], ex: TopicExample): string | undefined {
  const live = topics.filter((t) => t.type === ex.type && t.publishers.length > 0 && !(ex.avoid && ex.avoid.test(t.name)))
    .map((t) => t.name).sort(compareText);
  return live.find((n) => ex.prefer?.test(n)) ?? live[0];
}

/** A frame to offer as the fixed frame: odom (or a namespaced odom) when it is in TF and not already fixed. */
function frameExample(snapshot: GraphSnapshot, current: string | undefined): string | undefined {
  const frames = [...new Set(snapshot.tf.flatMap((e) => [e.parent, e.child]))].sort(compareText);
  const odom = frames.find((f) => f === 'odom') ?? frames.find((f) => /(^|\/)odom$/.test(f));
  if (odom && odom !== current) return `set the fixed frame to ${odom}`;
  const base = frames.find((f) => f === 'base_link');
  if (base && base !== current) return `set the fixed frame to ${base}`;
  return undefined;
}

const absolute = (name: string): string => (name.startsWith('/') ? name : `/${name}`);

export function exampleRequests(input: ExampleInput): string[] {
  const out: string[] = [];
  const add = (s: string | undefined) => { if (s && !out.includes(s) && out.length < MAX_EXAMPLES) out.push(s); };
  const snapshot = input.snapshot;
  const displays = listDisplays(input.document).filter((d) => !d.isGroup);
  const enabled = displays.filter((d) => d.enabled);
  // Topics an enabled display already shows: "show" would change nothing there, so they get no example.
  const shownTopics = new Set(enabled.flatMap((d) => d.topics.map((t) => absolute(t.value))));
  const shownClass = (short: string) => enabled.some((d) => d.classId.endsWith(`/${short}`));
  if (fixableFindings(input.findings ?? [], snapshot).length > 0) add(FIX_REQUEST);
  const topics = snapshot?.topics ?? [];
  for (const ex of TOPIC_EXAMPLES) {
    const topic = pick(topics.filter((t) => !shownTopics.has(t.name)), ex);
    if (topic) add(ex.sentence(topic));
  }
  // Keep room for one request about the frame and one about a display already in the config.
  if (out.length > MAX_EXAMPLES - 2) out.length = MAX_EXAMPLES - 2;
  if (snapshot) add(frameExample(snapshot, fixedFrame(input.document)));
  if (enabled[0]?.name) add(`hide ${enabled[0].name}`);
  // Requests that need no topic, for a robot with (almost) nothing on it.
  if ((snapshot?.tf.length ?? 0) > 0 && !shownClass('TF')) add('show the TF frames');
  if (shownClass('Grid')) add('make the grid red');
  if (!shownClass('Axes')) add('add axes');
  if (out.length < 4 && enabled[1]?.name) add(`hide ${enabled[1].name}`);
  return out;
}
