/**
 * The /rosapi services the link uses, typed at the boundary: each answer is checked before use,
 * and a malformed answer is an error naming the service and the field.
 * Field names: rosapi_msgs/srv/*.srv (see shared/reference §1.1).
 */
import { LinkError } from '../errors.ts';

export type CallFn = <Res>(name: string, args: Record<string, unknown>, options?: { timeoutMs?: number; signal?: AbortSignal }) => Promise<Res>;

export interface RosapiOptions { timeoutMs?: number; signal?: AbortSignal }

function stringArray(service: string, value: unknown, field: string): string[] {
  const v = (value as Record<string, unknown> | null | undefined)?.[field];
  if (!Array.isArray(v) || !v.every((x) => typeof x === 'string')) {
    throw new LinkError('service-failed', `service ${service}: answer has no string array "${field}"`);
  }
  return v;
}

export class RosapiClient {
  private readonly call: CallFn;
  public constructor(call: CallFn) { this.call = call; }

  /** `/rosapi/topics` → parallel arrays `topics` and `types`. */
  public async topics(options: RosapiOptions = {}): Promise<{ name: string; type: string }[]> {
    const s = '/rosapi/topics';
    const res = await this.call<unknown>(s, {}, options);
    const topics = stringArray(s, res, 'topics');
    const types = stringArray(s, res, 'types');
    if (types.length !== topics.length) {
      throw new LinkError('service-failed', `service ${s}: ${topics.length} topics but ${types.length} types`);
    }
    return topics.map((name, i) => ({ name, type: types[i]! }));
  }

  public async publishers(topic: string, options: RosapiOptions = {}): Promise<string[]> {
    return stringArray('/rosapi/publishers', await this.call<unknown>('/rosapi/publishers', { topic }, options), 'publishers');
  }

  public async subscribers(topic: string, options: RosapiOptions = {}): Promise<string[]> {
    return stringArray('/rosapi/subscribers', await this.call<unknown>('/rosapi/subscribers', { topic }, options), 'subscribers');
  }

  public async nodes(options: RosapiOptions = {}): Promise<string[]> {
    return stringArray('/rosapi/nodes', await this.call<unknown>('/rosapi/nodes', {}, options), 'nodes');
  }

  /** `/rosapi/node_details` → the topics a node publishes and subscribes. */
  public async nodeDetails(node: string, options: RosapiOptions = {}): Promise<{ publishing: string[]; subscribing: string[] }> {
    const s = '/rosapi/node_details';
    const res = await this.call<unknown>(s, { node }, options);
    return { publishing: stringArray(s, res, 'publishing'), subscribing: stringArray(s, res, 'subscribing') };
  }

  /** `/rosapi/get_ros_version` (rosapi ≥ 1.x on ROS 2) → `{version, distro}`. */
  public async rosVersion(options: RosapiOptions = {}): Promise<{ version: number; distro: string }> {
    const s = '/rosapi/get_ros_version';
    const res = (await this.call<unknown>(s, {}, options)) as { version?: unknown; distro?: unknown } | null;
    if (typeof res?.version !== 'number' || typeof res.distro !== 'string') {
      throw new LinkError('service-failed', `service ${s}: answer lacks "version" (number) and "distro" (string)`);
    }
    return { version: res.version, distro: res.distro };
  }
}
