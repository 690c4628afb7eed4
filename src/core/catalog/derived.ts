/**
 * Topics a display subscribes besides its topic properties, named after their values (Camera's camera_info, Marker's
 * `_array`), so diagnosis can tell "the image is there but its CameraInfo is not".
 */
import type { DerivedTopic, DisplayTypeSpec, QosDefaults } from './types.ts';

export interface DerivedTopicUse {
  topic: string;
  /** The topic property it comes from, and that property's value. */
  from: string;
  fromTopic: string;
  messageType: string;
  /** The QoS RViz2 subscribes with: the derived topic's own, else the one given for `from`. */
  qos?: QosDefaults;
  required: boolean;
  note: string;
}

/** The topic property of InteractiveMarkers: it names the marker server's namespace, not a topic. */
export const MARKER_NAMESPACE = 'Interactive Markers Namespace';

/** The topic an InteractiveMarkers display draws from: `<namespace>/update`. */
export function markerUpdateTopic(namespace: string): string {
  return `${namespace.replace(/\/+$/, '')}/update`;
}

/** The namespace of a marker server's update topic (`/server/update`, `/server/update_full` → `/server`). */
export function markerNamespace(topic: string): string {
  return topic.replace(/\/update(_full)?$/, '');
}

/** image_transport's rule: the camera_info lives next to the image (`/cam/image_raw` → `/cam/camera_info`). */
export function derivedTopicName(rule: DerivedTopic['rule'], part: string, topic: string): string {
  if (rule === 'suffix') return topic + part;
  const cut = topic.lastIndexOf('/');
  return cut < 0 ? part : `${topic.slice(0, cut)}/${part}`;
}

/**
 * The derived topics of a display whose topic properties hold `topics` (path → topic name); `qosOf` gives the QoS the
 * display requests on a topic property (from the document, else the catalog default).
 * @example derivedTopicsFor(camera, { Topic: '/camera/image_raw' }) → [{ topic: '/camera/camera_info', … }]
 */
export function derivedTopicsFor(
  spec: DisplayTypeSpec,
  topics: Readonly<Record<string, string>>,
  qosOf: (property: string) => QosDefaults | undefined = (property) => spec.defaultQos?.[property],
): DerivedTopicUse[] {
  const out: DerivedTopicUse[] = [];
  for (const d of spec.derivedTopics ?? []) {
    const fromTopic = topics[d.from]?.trim();
    if (!fromTopic) continue;
    const qos = d.qos ?? qosOf(d.from);
    out.push({
      topic: derivedTopicName(d.rule, d.part, fromTopic),
      from: d.from,
      fromTopic,
      messageType: d.messageType,
      ...(qos ? { qos } : {}),
      required: d.required,
      note: d.note,
    });
  }
  return out;
}

export interface TopicTransport {
  /** `raw`, or the transport named by the topic's last part (`compressed`, `draco`…). */
  transport: string;
  /** The topic RViz2 subscribes through that transport (the name without the transport part). */
  baseTopic: string;
}

const DISTROS = ['humble', 'jazzy', 'kilted', 'rolling'] as const;

/**
 * How a display reads a topic name: `/cam/image_raw/compressed` on Image is the base topic `/cam/image_raw` with the
 * `compressed` transport (its message type is the transport's, not `sensor_msgs/msg/Image`). Distro-bound suffixes
 * (PointCloud2's point_cloud_transport, jazzy and later) count only from their distro on; without a distro, always.
 */
export function transportFor(spec: DisplayTypeSpec, topic: string, distro?: (typeof DISTROS)[number]): TopicTransport {
  const cut = topic.lastIndexOf('/');
  const last = topic.slice(cut + 1);
  const known = (spec.transports ?? []).find((t) =>
    t.suffix === last && (distro === undefined || t.since === undefined || DISTROS.indexOf(distro) >= DISTROS.indexOf(t.since)));
  if (!known || cut < 0) return { transport: 'raw', baseTopic: topic };
  return { transport: known.suffix, baseTopic: topic.slice(0, cut) };
}
