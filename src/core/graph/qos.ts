/**
 * QoS compatibility rules ("request vs offer") and the mapping between RViz2 property strings and
 * our enum values. Source: ros2_documentation "About Quality of Service Settings" and
 * rviz_common qos_profile_property.cpp (see shared/reference/ros-rosbridge-rviz-facts.md §3.3, §5).
 */
import type { Durability, Endpoint, History, QosProfile, Reliability } from './types.ts';

export type QosPolicy = 'reliability' | 'durability';

export interface CompatibilityReason {
  policy: QosPolicy;
  /** Stable code: `reliability-mismatch`, `durability-mismatch`, `reliability-unknown`, `durability-unknown`. */
  code: string;
  message: string;
}

export interface CompatibilityResult {
  /** False only when a rule is certainly broken; unknown policies do not make it false. */
  compatible: boolean;
  /** Policies that could not be checked because one side is unknown. */
  undetermined: QosPolicy[];
  /** Why it is incompatible or undetermined (empty when plainly compatible). */
  reasons: CompatibilityReason[];
  /** Whether samples published before the subscriber joined (latched) reach it. */
  receivesLatched: boolean;
}

/**
 * `system_default` resolves to the rmw default profile (Keep Last 10, Reliable, Volatile) on the
 * DDS implementations ROS 2 ships; we judge it as that.
 */
export const rmwDefaultProfile: Readonly<QosProfile> = Object.freeze({
  reliability: 'reliable', durability: 'volatile', history: 'keep_last', depth: 10,
});

/** RViz2's default Topic QoS: `rclcpp::QoS(5)` = Keep Last 5, Reliable, Volatile. */
export const rvizDefaultProfile: Readonly<QosProfile> = Object.freeze({
  reliability: 'reliable', durability: 'volatile', history: 'keep_last', depth: 5,
});

function resolveReliability(r: Reliability): Reliability {
  return r === 'system_default' ? rmwDefaultProfile.reliability : r;
}

function resolveDurability(d: Durability): Durability {
  return d === 'system_default' ? rmwDefaultProfile.durability : d;
}

/**
 * Can a subscription requesting `requested` receive from a publisher offering `offered`?
 * Reliability: best-effort offer + reliable request → no. Durability: volatile offer +
 * transient-local request → no. History and depth never affect compatibility.
 *
 * @example
 * checkCompatibility({reliability:'best_effort', durability:'volatile', history:'keep_last'},
 *                    rvizDefaultProfile).compatible // false
 */
export function checkCompatibility(offered: QosProfile, requested: QosProfile): CompatibilityResult {
  const reasons: CompatibilityReason[] = [];
  const undetermined: QosPolicy[] = [];
  let compatible = true;

  const offR = resolveReliability(offered.reliability);
  const reqR = resolveReliability(requested.reliability);
  if (offR === 'unknown' || reqR === 'unknown') {
    // A best-effort request is compatible with any offer, so only then is unknown harmless.
    if (reqR !== 'best_effort') {
      undetermined.push('reliability');
      reasons.push({ policy: 'reliability', code: 'reliability-unknown',
        message: `reliability cannot be checked: ${offR === 'unknown' ? 'the publisher' : 'the subscription'} does not report it` });
    }
  } else if (offR === 'best_effort' && reqR === 'reliable') {
    compatible = false;
    reasons.push({ policy: 'reliability', code: 'reliability-mismatch',
      message: 'the subscription requests Reliable but the publisher offers only Best Effort: no data flows' });
  }

  const offD = resolveDurability(offered.durability);
  const reqD = resolveDurability(requested.durability);
  let receivesLatched = false;
  if (offD === 'unknown' || reqD === 'unknown') {
    if (reqD !== 'volatile') {
      undetermined.push('durability');
      reasons.push({ policy: 'durability', code: 'durability-unknown',
        message: `durability cannot be checked: ${offD === 'unknown' ? 'the publisher' : 'the subscription'} does not report it` });
    }
  } else if (offD === 'volatile' && reqD === 'transient_local') {
    compatible = false;
    reasons.push({ policy: 'durability', code: 'durability-mismatch',
      message: 'the subscription requests Transient Local but the publisher offers only Volatile: no communication' });
  } else {
    receivesLatched = offD === 'transient_local' && reqD === 'transient_local';
  }

  return { compatible, undetermined, reasons, receivesLatched: compatible && receivesLatched };
}

/** Fallback depth for a volatile request: RViz's default queue. */
const defaultVolatileDepth = 5;

/**
 * What a subscriber must request to get data from every publisher, latched samples included:
 * - reliability: Reliable only when every publisher is known Reliable; otherwise Best Effort
 *   (a Best Effort request matches any offer, so unknown publishers push towards it);
 * - durability: Transient Local only when every publisher is known Transient Local (a Transient
 *   Local request would get nothing from a Volatile publisher); otherwise Volatile;
 * - history Keep Last; depth for Transient Local = the sum of the publishers' depths (at least 1,
 *   each unknown depth counted as 1) so each publisher's latched sample fits; Volatile → 5 (RViz default).
 * With no publishers there is nothing to match, and RViz's default profile is returned.
 */
export function requiredRequest(publishers: readonly Endpoint[]): QosProfile {
  if (publishers.length === 0) return { ...rvizDefaultProfile };
  const allReliable = publishers.every((p) => resolveReliability(p.qos.reliability) === 'reliable');
  const allLatched = publishers.every((p) => resolveDurability(p.qos.durability) === 'transient_local');
  const depth = allLatched
    ? Math.max(1, publishers.reduce((sum, p) => sum + (p.qos.depth && p.qos.depth > 0 ? p.qos.depth : 1), 0))
    : defaultVolatileDepth;
  return {
    reliability: allReliable ? 'reliable' : 'best_effort',
    durability: allLatched ? 'transient_local' : 'volatile',
    history: 'keep_last',
    depth,
  };
}

// ---- RViz2 strings ----------------------------------------------------------------------------

const rvizReliability: Record<string, Reliability> = {
  'reliable': 'reliable', 'best effort': 'best_effort', 'system default': 'system_default',
};
const rvizDurability: Record<string, Durability> = {
  'volatile': 'volatile', 'transient local': 'transient_local', 'system default': 'system_default',
};
const rvizHistory: Record<string, History> = {
  'keep last': 'keep_last', 'keep all': 'keep_all', 'system default': 'system_default',
};

export interface ParsedRvizPolicy<T> {
  value: T;
  /** False when RViz would not recognise the string and silently falls back to the rmw default. */
  recognized: boolean;
}

function parseRviz<T>(table: Record<string, T>, fallback: T, text: string): ParsedRvizPolicy<T> {
  // Case-insensitive: DepthCloud spells it "Best effort".
  const hit = table[text.trim().toLowerCase()];
  return hit === undefined ? { value: fallback, recognized: false } : { value: hit, recognized: true };
}

/** `Reliable` | `Best Effort` | `System Default`; anything else reads as the rmw default (Reliable). */
export function reliabilityFromRviz(text: string): ParsedRvizPolicy<Reliability> {
  return parseRviz(rvizReliability, rmwDefaultProfile.reliability, text);
}
/** `Volatile` | `Transient Local` | `System Default`; anything else reads as the rmw default (Volatile). */
export function durabilityFromRviz(text: string): ParsedRvizPolicy<Durability> {
  return parseRviz(rvizDurability, rmwDefaultProfile.durability, text);
}
/** `Keep Last` | `Keep All` | `System Default`; anything else reads as the rmw default (Keep Last). */
export function historyFromRviz(text: string): ParsedRvizPolicy<History> {
  return parseRviz(rvizHistory, rmwDefaultProfile.history, text);
}

const reliabilityLabels: Record<Reliability, string | undefined> = {
  reliable: 'Reliable', best_effort: 'Best Effort', system_default: 'System Default', unknown: undefined,
};
const durabilityLabels: Record<Durability, string | undefined> = {
  volatile: 'Volatile', transient_local: 'Transient Local', system_default: 'System Default', unknown: undefined,
};
const historyLabels: Record<History, string | undefined> = {
  keep_last: 'Keep Last', keep_all: 'Keep All', system_default: 'System Default', unknown: undefined,
};

/** The RViz2 property string for a value; undefined for `unknown` (RViz has no such option). */
export function reliabilityToRviz(value: Reliability): string | undefined { return reliabilityLabels[value]; }
export function durabilityToRviz(value: Durability): string | undefined { return durabilityLabels[value]; }
export function historyToRviz(value: History): string | undefined { return historyLabels[value]; }

/** A short human label, e.g. `best_effort/volatile/keep_last(5)`. */
export function formatQos(qos: QosProfile): string {
  const depth = qos.history === 'keep_last' && qos.depth !== undefined ? `(${qos.depth})` : '';
  return `${qos.reliability}/${qos.durability}/${qos.history}${depth}`;
}

export const unknownQos: Readonly<QosProfile> = Object.freeze({
  reliability: 'unknown', durability: 'unknown', history: 'unknown',
});
