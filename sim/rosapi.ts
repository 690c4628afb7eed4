// The /rosapi/* services, answered from the sim graph with the field names of rosapi_msgs (reference §1.1).
import type { RosTime } from './generators/common.ts';
import { ROSAPI_NODE, type SimGraph } from './graph.ts';
import { fullText, typedefs } from './message-definitions.ts';

export type ServiceResult = { ok: true; values: Record<string, unknown> } | { ok: false; message: string };

function str(args: Record<string, unknown>, key: string): string {
  const v = args[key];
  return typeof v === 'string' ? v : '';
}

/** Answers `/rosapi/<name>`; returns undefined when `service` is not a rosapi service. */
export function callRosapi(graph: SimGraph, service: string, args: Record<string, unknown>, now: RosTime): ServiceResult | undefined {
  const prefix = `${ROSAPI_NODE}/`;
  if (!service.startsWith(prefix)) return undefined;
  const name = service.slice(prefix.length);
  const topic = (): ReturnType<SimGraph['get']> => graph.get(str(args, 'topic'));
  switch (name) {
    case 'topics': {
      const { topics, types } = graph.topicList();
      return { ok: true, values: { topics, types } };
    }
    case 'topics_for_type': {
      const type = str(args, 'type');
      const { topics, types } = graph.topicList();
      return { ok: true, values: { topics: topics.filter((_t, i) => types[i] === type) } };
    }
    case 'topic_type':
      return { ok: true, values: { type: topic()?.type ?? '' } };
    case 'publishers': {
      const t = topic();
      return { ok: true, values: { publishers: t ? graph.publishers(t).map((e) => e.node) : [] } };
    }
    case 'subscribers': {
      const t = topic();
      return { ok: true, values: { subscribers: t ? graph.subscriberEndpoints(t).map((e) => e.node) : [] } };
    }
    case 'nodes':
      return { ok: true, values: { nodes: graph.nodes() } };
    case 'node_details': {
      const node = str(args, 'node');
      if (!graph.nodes().includes(node)) return { ok: true, values: { subscribing: [], publishing: [], services: [] } };
      return { ok: true, values: graph.nodeDetails(node) };
    }
    case 'services':
      return { ok: true, values: { services: graph.serviceNames() } };
    case 'services_for_type': {
      const type = str(args, 'type');
      return { ok: true, values: { services: graph.serviceNames().filter((s) => graph.service(s)?.type === type) } };
    }
    case 'service_type':
      return { ok: true, values: { type: graph.service(str(args, 'service'))?.type ?? '' } };
    case 'service_node':
      return { ok: true, values: { node: graph.service(str(args, 'service'))?.node ?? '' } };
    case 'service_providers': {
      const s = graph.service(str(args, 'service'));
      return { ok: true, values: { providers: s ? [s.node] : [] } };
    }
    case 'get_ros_version':
      return { ok: true, values: { version: 2, distro: graph.scenario.distro } };
    case 'get_time':
      return { ok: true, values: { time: now } };
    case 'action_servers':
      return { ok: true, values: { action_servers: [] } };
    case 'get_param_names':
      return { ok: true, values: { names: [] } };
    case 'topics_and_raw_types': {
      if (!graph.fidelity.rosapiDetails) break;
      const { topics, types } = graph.topicList();
      return { ok: true, values: { topics, types, typedefs_full_text: types.map(fullText) } };
    }
    case 'message_details':
      if (!graph.fidelity.rosapiDetails) break;
      return { ok: true, values: { typedefs: typedefs(str(args, 'type')) } };
  }
  return { ok: false, message: `Service ${service} does not exist` };
}
