// When the simulated rosbridge server "discovers" each scenario publisher, as a real server does some time after it
// starts (reference real-rosbridge-wheels.md): before that a topic is missing from rosapi, delivers nothing, and a
// subscription made then is volatile (it never receives the latched sample). Deterministic: a topic's moment depends
// only on its name, staggered within [0.5x, 1x] of the delay.
import { ROSBRIDGE_NODE, type TopicState } from './graph.ts';

/** FNV-1a of a name, as a fraction in [0, 1). */
function fraction(name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) {
    h ^= name.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h / 2 ** 32;
}

export class Discovery {
  private readonly startedAt: number;

  public constructor(private readonly delayMs: number, private readonly now: () => number = () => performance.now()) {
    this.startedAt = now();
  }

  /** Ms after start at which the server has discovered this topic's publishers. */
  public discoveredAfterMs(name: string): number {
    return this.delayMs <= 0 ? 0 : Math.round(this.delayMs * (0.5 + 0.5 * fraction(name)));
  }

  /** Topics with scenario publishers wait for discovery; rosbridge's own (client) publishers are local and known at once. */
  public isDiscovered(topic: TopicState): boolean {
    if (!topic.spec || topic.spec.publishers.length === 0) return true;
    return this.now() - this.startedAt >= this.discoveredAfterMs(topic.name);
  }

  /** Whether every scenario topic has been discovered (nothing left to hide). */
  public complete(): boolean {
    return this.now() - this.startedAt >= this.delayMs;
  }

  /**
   * A rosapi reply as the server sees the graph now: undiscovered topics left out of topic lists (and of the arrays
   * parallel to them, e.g. types), their scenario endpoints out of publishers/subscribers, their type unknown.
   */
  public hide(service: string, args: Record<string, unknown>, values: Record<string, unknown>, topic: (name: string) => TopicState | undefined): Record<string, unknown> {
    if (this.complete()) return values;
    const hidden = (name: unknown): boolean => {
      const t = typeof name === 'string' ? topic(name) : undefined;
      return t !== undefined && !this.isDiscovered(t);
    };
    const out: Record<string, unknown> = { ...values };
    const list = values['topics'];
    if (Array.isArray(list)) {
      const keep = list.map((name) => !hidden(name));
      for (const [key, value] of Object.entries(values)) {
        if (Array.isArray(value) && value.length === list.length) out[key] = value.filter((_v, i) => keep[i]);
      }
    }
    const name = service.slice(service.lastIndexOf('/') + 1);
    const asked = typeof args['topic'] === 'string' ? args['topic'] : undefined;
    if (asked !== undefined && hidden(asked)) {
      const spec = topic(asked)?.spec;
      const scenarioNodes = new Set([...(spec?.publishers ?? []), ...(spec?.subscribers ?? [])].map((e) => e.node));
      for (const key of ['publishers', 'subscribers']) {
        const nodes = values[key];
        if (Array.isArray(nodes)) out[key] = nodes.filter((n) => !scenarioNodes.has(n as string));
      }
      if (name === 'topic_type') out['type'] = '';
    }
    if (name === 'node_details' && args['node'] !== ROSBRIDGE_NODE) {
      for (const key of ['publishing', 'subscribing']) {
        const topics = values[key];
        if (Array.isArray(topics)) out[key] = topics.filter((t) => !hidden(t));
      }
    }
    return out;
  }
}
