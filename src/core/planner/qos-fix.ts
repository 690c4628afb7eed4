/**
 * What a display must request so its publishers' data reaches it: publisher QoS wins. Used by complete() (fixes added to
 * plans) and by the offline planner's "fix" requests. Only policies every publisher reports (or has by convention) count.
 */
import { effectiveRequestedQos, type DisplayTypeSpec } from '../catalog/index.ts';
import type { Endpoint, TopicInfo } from '../graph/types.ts';

export interface RequestedQos {
  reliability: string;
  durability: string;
}

export interface QosFix {
  /** Full property path: `Topic/Reliability Policy`, `Description Topic/Durability Policy`. */
  property: string;
  value: string;
  reason: string;
}

const lower = (s: string): string => s.trim().toLowerCase();

/**
 * The QoS a display asks for now, as RViz2 decides it (catalog `effectiveRequestedQos`): the display's own first profile
 * until a QoS field differs from its default, then the fields. `planned` holds edits not yet in the file.
 */
export function requestedQos(spec: DisplayTypeSpec | undefined, topicProperty: string, props: Record<string, unknown> | undefined,
  planned?: ReadonlyMap<string, string>): RequestedQos {
  const q = effectiveRequestedQos(spec, topicProperty, props, planned);
  return { reliability: q?.reliability.text ?? 'Reliable', durability: q?.durability.text ?? 'Volatile' };
}

function known(pubs: readonly Endpoint[]): Endpoint[] {
  return pubs.filter((p) => p.source !== 'unknown');
}

function who(pubs: readonly Endpoint[]): string {
  const nodes = pubs.map((p) => p.node);
  return nodes.length === 1 ? `publisher ${nodes[0]}` : `publishers ${nodes.join(', ')}`;
}

/**
 * The QoS settings `requested` must change to receive from `topic`'s publishers, each with a reason; empty when it
 * already matches or nothing is known. Rules: a Reliable request from a Best Effort publisher gets Best Effort; a
 * Transient Local request from a Volatile publisher gets Volatile; on a latched topic (every publisher Transient Local)
 * a Volatile request gets Transient Local and a Best Effort request gets Reliable (the latched sample is resent only to
 * reliable readers).
 */
export function qosFixes(topic: TopicInfo, topicProperty: string, requested: RequestedQos): QosFix[] {
  const pubs = known(topic.publishers);
  if (pubs.length === 0) return [];
  const relKnown = pubs.every((p) => p.qos.reliability !== 'unknown');
  const durKnown = pubs.every((p) => p.qos.durability !== 'unknown');
  const bestEffort = pubs.filter((p) => p.qos.reliability === 'best_effort');
  const volatile = pubs.filter((p) => p.qos.durability === 'volatile' || p.qos.durability === 'system_default');
  const allLatched = durKnown && pubs.every((p) => p.qos.durability === 'transient_local');
  const allReliable = relKnown && bestEffort.length === 0;
  const wantRel = lower(requested.reliability) === 'best effort' ? 'best effort' : 'reliable';
  const wantDur = lower(requested.durability) === 'transient local' ? 'transient local' : 'volatile';
  const fixes: QosFix[] = [];
  let finalDur = wantDur;
  if (wantDur === 'transient local' && volatile.length > 0) {
    finalDur = 'volatile';
    fixes.push({ property: `${topicProperty}/Durability Policy`, value: 'Volatile',
      reason: `${topic.name}: ${who(volatile)} offer${volatile.length === 1 ? 's' : ''} Volatile; a Transient Local request receives nothing` });
  } else if (wantDur === 'volatile' && allLatched) {
    finalDur = 'transient local';
    fixes.push({ property: `${topicProperty}/Durability Policy`, value: 'Transient Local',
      reason: `${topic.name} is latched (Transient Local); a Volatile request misses the sample published before it joined` });
  }
  if (wantRel === 'reliable' && bestEffort.length > 0) {
    fixes.push({ property: `${topicProperty}/Reliability Policy`, value: 'Best Effort',
      reason: `${topic.name}: ${who(bestEffort)} offer${bestEffort.length === 1 ? 's' : ''} only Best Effort; a Reliable request receives nothing` });
  } else if (wantRel === 'best effort' && finalDur === 'transient local' && allReliable) {
    fixes.push({ property: `${topicProperty}/Reliability Policy`, value: 'Reliable',
      reason: `${topic.name} is latched; its latched sample is resent only to Reliable readers` });
  }
  return fixes;
}

/**
 * The fixes a display needs once RViz2 applies them: changing one QoS field makes RViz2 subscribe with all the fields
 * (RobotModel then drops its own Transient Local profile), which may call for another fix. `planned` holds the plan's
 * edits; fixes already planned with the same value are not repeated.
 */
export function settledQosFixes(spec: DisplayTypeSpec | undefined, topic: TopicInfo, topicProperty: string,
  props: Record<string, unknown> | undefined, planned: ReadonlyMap<string, string> = new Map()): QosFix[] {
  const edits = new Map(planned);
  const out: QosFix[] = [];
  for (let pass = 0; pass < 3; pass++) {
    const more = qosFixes(topic, topicProperty, requestedQos(spec, topicProperty, props, edits)).filter((f) => edits.get(f.property) !== f.value);
    if (more.length === 0) break;
    for (const f of more) {
      edits.set(f.property, f.value);
      const at = out.findIndex((x) => x.property === f.property);
      if (at >= 0) out.splice(at, 1);
      out.push(f);
    }
  }
  return out;
}

/** The topic property whose QoS matters: the display's main topic property, when the class has QoS settings for it. */
export function qosTopicProperty(spec: DisplayTypeSpec | undefined): string | undefined {
  const prop = spec?.topicProperties[0];
  return prop !== undefined && spec?.defaultQos?.[prop] ? prop : undefined;
}
