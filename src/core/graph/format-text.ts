/**
 * The snapshot as plain-text tables (the `graph` command's output): topics with type, publisher
 * and subscriber counts and publisher QoS with its source; TF frames with parent, age and state;
 * problems last.
 */
import { formatQos } from './qos.ts';
import { analyzeTf, type TfTreeOptions } from './tf-tree.ts';
import type { Endpoint, GraphSnapshot } from './types.ts';

function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!))).join('  ').trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** Distinct publisher QoS with sources, e.g. `best_effort/volatile/keep_last(5) reported`. */
export function describePublisherQos(publishers: readonly Endpoint[]): string {
  if (publishers.length === 0) return '-';
  const seen = new Set<string>();
  for (const p of publishers) {
    seen.add(p.source === 'unknown' ? 'unknown' : `${formatQos(p.qos)} ${p.source}`);
  }
  return [...seen].join('; ');
}

function age(ms: number | undefined): string {
  if (ms === undefined) return '-';
  return ms < 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms / 1000)} s`;
}

export function formatGraphText(snapshot: GraphSnapshot, now: number, tfOptions: Partial<TfTreeOptions> = {}): string {
  const out: string[] = [];
  const ros = snapshot.ros ? `, ROS ${snapshot.ros.version} ${snapshot.ros.distro}` : '';
  out.push(`robot ${snapshot.url} (${snapshot.presence}${ros}): ${snapshot.topics.length} topics, ${snapshot.nodes.length} nodes, `
    + `${snapshot.tf.length} TF edges; QoS ${snapshot.qosReported ? 'reported by the bridge topic' : 'not reported (inferred from conventions or unknown)'}`);
  out.push('');
  out.push(table(['TOPIC', 'TYPE', 'PUBS', 'SUBS', 'RATE', 'PUBLISHER QOS (SOURCE)'], snapshot.topics.map((t) => [
    t.name, t.type || '?', String(t.publishers.length), String(t.subscribers.length),
    t.rateHz === undefined ? '-' : `${t.rateHz.toFixed(1)} Hz`, describePublisherQos(t.publishers),
  ])));
  out.push('');
  const tree = analyzeTf(snapshot.tf, now, tfOptions);
  if (tree.frames.length === 0) {
    out.push('TF: no frames received');
  } else {
    out.push(table(['FRAME', 'PARENT', 'KIND', 'AGE', 'STATE'], tree.frames.map((f) => [
      f.name, f.parent ?? '(root)', f.isStatic === undefined ? '-' : f.isStatic ? 'static' : 'dynamic', age(f.ageMs),
      f.parent === undefined ? 'root' : f.stale ? 'STALE' : 'ok',
    ])));
    if (tree.components.length > 1) {
      out.push('');
      out.push(`TF is split into ${tree.components.length} disconnected parts: ${tree.components.map((c) => `{${c.join(', ')}}`).join(' ')}`);
    }
    if (tree.cycles.length > 0) out.push(`TF has a cycle through: ${tree.cycles.join(', ')}`);
  }
  if (snapshot.problems.length > 0) {
    out.push('');
    out.push('problems:');
    for (const p of snapshot.problems) out.push(`  [${p.severity}] ${p.message}${p.tip ? ` (${p.tip})` : ''}`);
  }
  return `${out.join('\n')}\n`;
}
