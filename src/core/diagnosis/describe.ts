/** Wording shared by the rules, so every finding names displays, topics, nodes and QoS the same way. */
import { durabilityToRviz, formatQos, reliabilityToRviz } from '../graph/qos.ts';
import type { Endpoint } from '../graph/types.ts';
import type { DisplaySubscription, RequestedPolicy } from './display-topics.ts';

/** `LaserScan "Scan"` */
export function displayLabel(d: { typeName: string; display: string }): string {
  return `${d.typeName} "${d.display}"`;
}

/** `/a`, `/a and /b`, `/a, /b and 3 more` */
export function nameList(names: readonly string[], max = 6, conjunction: 'and' | 'or' = 'and'): string {
  if (names.length === 0) return 'none';
  const shown = names.slice(0, max);
  const rest = names.length - shown.length;
  if (rest > 0) return `${shown.join(', ')} ${conjunction} ${rest} more`;
  if (shown.length === 1) return shown[0]!;
  return `${shown.slice(0, -1).join(', ')} ${conjunction} ${shown[shown.length - 1]}`;
}

export function sourceOf(e: Endpoint): string {
  if (e.source === 'reported') return 'reported by /rviz_companion/qos';
  if (e.source === 'inferred') return `inferred${e.reason ? `: ${e.reason}` : ' by convention'}`;
  return 'unknown: no QoS report and no convention';
}

/** `/scan publisher /lidar: best_effort/volatile/keep_last(5) (reported by /rviz_companion/qos)` */
export function endpointEvidence(topic: string, e: Endpoint, role: 'publisher' | 'subscriber' = 'publisher'): string {
  return `${topic} ${role} ${e.node}: ${formatQos(e.qos)} (${sourceOf(e)})`;
}

function policyEvidence(p: RequestedPolicy): string {
  const from = p.source === 'config' ? 'in the config' : 'RViz default, not set in the config';
  return p.recognized ? `${p.text} (${from})` : `"${p.text}" (${from}; RViz does not recognise it and uses the rmw default)`;
}

/** `display "Scan" (LaserScan) Topic: /scan, Reliability Policy: Reliable (in the config)` */
export function requestEvidence(s: DisplaySubscription, policyName: 'Reliability Policy' | 'Durability Policy'): string {
  const req = s.requested;
  const p = policyName === 'Reliability Policy' ? req?.reliability : req?.durability;
  return `${displayLabel(s)} ${s.property}: ${s.topic}, ${policyName}: ${p ? policyEvidence(p) : 'not known'}`;
}

export function reliabilityText(e: Endpoint): string {
  return reliabilityToRviz(e.qos.reliability) ?? 'unknown reliability';
}

export function durabilityText(e: Endpoint): string {
  return durabilityToRviz(e.qos.durability) ?? 'unknown durability';
}

export function seconds(value: number): string {
  const abs = Math.abs(value);
  if (abs >= 86400 * 2) return `${(value / 86400).toFixed(0)} days`;
  if (abs >= 100) return `${value.toFixed(0)} s`;
  return `${value.toFixed(1)} s`;
}
