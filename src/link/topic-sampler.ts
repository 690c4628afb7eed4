/**
 * Watches a set of topics on a link for diagnosis: their message rates (kept by the link) and the latest header stamp
 * of each (CLOCK_SKEW, frames of displayed messages). Used by the app and by the CLI's robot session.
 */
import { headerOf } from '../core/diagnosis/sampling.ts';
import type { StampSample } from '../core/diagnosis/types.ts';
import type { RobotLink } from './types.ts';

export interface TopicSampler {
  /** Latest header stamp per watched topic that carries a header. */
  readonly stamps: ReadonlyMap<string, StampSample>;
  /** Wall-clock ms at which watching began (the `sampledSince` of diagnose). */
  readonly since: number;
  stop(): void;
}

export interface TopicSamplerOptions {
  /** Header stamps are read at most this often per topic (rosbridge throttle); 0 reads every message. */
  stampThrottleMs?: number;
}

export function sampleTopics(link: RobotLink, topics: readonly { name: string; type: string }[], options: TopicSamplerOptions = {}): TopicSampler {
  const stamps = new Map<string, StampSample>();
  const stops = topics.length > 0 ? [link.sampleRates(topics)] : [];
  for (const { name, type } of topics) {
    stops.push(link.subscribe(name, type, (message, receivedAt) => {
      const header = headerOf(message);
      if (!header) return;
      const sample: StampSample = { topic: name, stampSec: header.stampSec, receivedAt };
      if (header.frameId !== undefined) sample.frameId = header.frameId;
      stamps.set(name, sample);
    }, options.stampThrottleMs ? { throttleMs: options.stampThrottleMs } : {}));
  }
  return { stamps, since: Date.now(), stop: () => { for (const stop of stops.splice(0)) stop(); } };
}
