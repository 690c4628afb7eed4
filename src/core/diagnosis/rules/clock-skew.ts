/**
 * CLOCK_SKEW: header stamps far from the companion's clock. Sources: the latest sampled message per topic and the
 * dynamic TF edges. Zero stamps mean "unset" and are skipped; old stamps on latched topics are replays, not skew.
 * Stamps near zero look like simulation time.
 */
import type { Rule, RuleContext } from '../context.ts';
import { displayLabel, nameList, seconds } from '../describe.ts';
import type { Finding } from '../types.ts';
import { compareText } from '../../compare-text.ts';

/** A latched message is replayed to late subscribers with its original stamp: old is normal there, the future is not. */
function latched(ctx: RuleContext, topic: string): boolean {
  return ctx.topics.get(topic)?.publishers.some((p) => p.source !== 'unknown' && p.qos.durability === 'transient_local') ?? false;
}

function skewFinding(ctx: RuleContext, topic: string, stampSec: number, receivedAt: number, detail: string[]): Finding | undefined {
  const skew = receivedAt / 1000 - stampSec;
  if (stampSec === 0 || Math.abs(skew) <= ctx.options.clockSkewSec) return undefined;
  if (skew > 0 && latched(ctx, topic)) return undefined;
  const simTime = stampSec < ctx.options.simTimeBelowSec;
  const shownBy = (ctx.facts?.subscriptions ?? []).filter((s) => s.topic === topic);
  const subject: Finding['subject'] = { kind: 'topic', name: topic, topic };
  if (shownBy[0]) subject.display = shownBy[0].display;
  const direction = skew > 0 ? 'behind' : 'ahead of';
  const clockTopic = ctx.topics.get('/clock');
  return {
    code: 'CLOCK_SKEW', severity: 'warning', subject,
    summary: `${topic} is stamped ${seconds(Math.abs(skew))} ${direction} this computer's clock`
      + (simTime ? ` (its stamps, ${stampSec.toFixed(1)} s, look like simulation time)` : '')
      + (shownBy.length > 0 ? `: ${nameList(shownBy.map(displayLabel), ctx.options.maxNamed)} may drop or misplace its messages` : ''),
    evidence: [
      ...detail,
      `header.stamp ${stampSec.toFixed(3)} s; received at ${(receivedAt / 1000).toFixed(3)} s (this computer's wall clock)`,
      `more than ${seconds(ctx.options.clockSkewSec)} apart counts as skew`,
      clockTopic ? `/clock is published by ${nameList(clockTopic.publishers.map((p) => p.node), ctx.options.maxNamed)}` : '/clock is not published',
    ],
    hint: simTime
      ? 'the publisher runs on simulation time: set use_sim_time:=true for RViz and every node (and publish /clock), or stamp with the wall clock'
      : 'synchronise the clocks of the robot and this computer (chrony or NTP)',
  };
}

export const clockSkewRule: Rule = (ctx) => {
  const out: Finding[] = [];
  for (const sample of [...ctx.stamps.values()].sort((a, b) => compareText(a.topic, b.topic))) {
    if (sample.topic === '/tf' || sample.topic === '/tf_static') continue;
    const f = skewFinding(ctx, sample.topic, sample.stampSec, sample.receivedAt,
      [`latest message on ${sample.topic}${sample.frameId ? ` (frame ${sample.frameId})` : ''}`]);
    if (f) out.push(f);
  }
  // TF: one finding for the worst dynamic edge, naming the others.
  const skewed = ctx.snapshot.tf
    .filter((e) => !e.isStatic && e.stampSec !== 0 && Math.abs(e.receivedAt / 1000 - e.stampSec) > ctx.options.clockSkewSec)
    .sort((a, b) => Math.abs(b.receivedAt / 1000 - b.stampSec) - Math.abs(a.receivedAt / 1000 - a.stampSec));
  const worst = skewed[0];
  if (worst) {
    const f = skewFinding(ctx, '/tf', worst.stampSec, worst.receivedAt,
      [`dynamic frames with skewed stamps: ${nameList(skewed.map((e) => e.child), ctx.options.maxNamed)} (worst: ${worst.parent} -> ${worst.child})`]);
    if (f) out.push(f);
  }
  return out;
};
