import type { Endpoint, QosProfile } from '../core/graph/types.ts';

const RELIABILITY: Record<string, string> = { reliable: 'Reliable', best_effort: 'Best Effort', system_default: 'System Default', unknown: '?' };
const DURABILITY: Record<string, string> = { volatile: 'Volatile', transient_local: 'Transient Local', system_default: 'System Default', unknown: '?' };
const HISTORY: Record<string, string> = { keep_last: 'Keep Last', keep_all: 'Keep All', system_default: 'System Default', unknown: '?' };

/** QoS as RViz2 spells it: `Best Effort · Volatile · Keep Last 5`. */
export function qosLabel(qos: QosProfile): string {
  const depth = qos.history === 'keep_last' && qos.depth !== undefined ? ` ${qos.depth}` : '';
  return `${RELIABILITY[qos.reliability] ?? qos.reliability} · ${DURABILITY[qos.durability] ?? qos.durability} · ${HISTORY[qos.history] ?? qos.history}${depth}`;
}

export function endpointTitle(e: Endpoint): string {
  return `${e.node}: ${qosLabel(e.qos)} (${e.source}${e.reason ? `: ${e.reason}` : ''})`;
}

/** `0.4 s`, `12 s`, `3 min`: ages of transforms. */
export function ageLabel(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '–';
  if (ms < 10_000) return `${(ms / 1000).toFixed(1)} s`;
  if (ms < 120_000) return `${Math.round(ms / 1000)} s`;
  return `${Math.round(ms / 60_000)} min`;
}

export function rateLabel(hz: number | undefined): string {
  if (hz === undefined) return '–';
  if (hz === 0) return '0 Hz';
  return hz >= 10 ? `${hz.toFixed(0)} Hz` : `${hz.toFixed(1)} Hz`;
}
