// "Fix it": repairs from the robot's facts and the findings (QoS from publishers, silent or wrongly typed topics,
// hidden displays, a fixed frame missing from TF).
import { qosFixes, qosTopicProperty, requestedQos } from '../qos-fix.ts';
import type { VirtualDisplay } from '../state.ts';
import { absoluteTopic, isPublishing, topicsForSpec } from '../topics.ts';
import { act, displayTopic, type Planner } from './shared.ts';
import { causeOf, checkCommand, findingsOn } from './causes.ts';
import { pluginCause } from './outside.ts';

/** Fixes for a display from the robot's facts: QoS from its publishers, a silent or wrongly typed topic, off. */
export function fixDisplay(p: Planner, d: VirtualDisplay): number {
  let count = 0;
  const spec = d.spec;
  if (!d.enabled) {
    p.actions.push(act({ action: 'set_enabled', display: p.state.handle(d), value: 'true' }));
    d.enabled = true;
    count++;
    // A plugin display turned on whose parts come from a node that is not running still shows nothing: say which.
    const plugin = spec ? undefined : pluginCause(d.classId);
    const own = readTopic(d) ? absoluteTopic(readTopic(d)) : '';
    if (plugin && (!own || !isPublishing(p.ctx.topicByName.get(own)))) {
      p.notes.push(`${d.name} was off, so it is turned on; it will still show nothing until its node runs: ${plugin.cause}${own ? `; ${own} has no publisher now, check with \`${plugin.check.replace(/\{topic\}/g, own)}\`` : ''}`);
    }
  }
  const prop = qosTopicProperty(spec);
  const topicName = displayTopic(d);
  const topic = topicName ? p.ctx.topicByName.get(absoluteTopic(topicName)) : undefined;
  if (spec && spec.topicProperties[0] && (!topic || !isPublishing(topic) || (spec.messageTypes.length && !spec.messageTypes.includes(topic.type)))) {
    const alternatives = topicsForSpec(p.ctx, spec).filter(isPublishing);
    const pick = alternatives.length === 1 ? alternatives[0] : alternatives.find((t) => t.name === spec.conventionalTopic);
    if (pick && pick.name !== topicName) {
      p.actions.push(act({ action: 'set_topic', display: p.state.handle(d), topic: pick.name }));
      d.topics.set(spec.topicProperties[0], pick.name);
      count++;
      const fixes = prop ? qosFixes(pick, prop, requestedQos(spec, prop, d.docProps)) : [];
      for (const f of fixes) { p.actions.push(act({ action: 'set_property', display: p.state.handle(d), property: f.property, value: f.value })); count++; }
      return count;
    }
    if (!topic || !isPublishing(topic)) {
      const cause = causeOf('TOPIC_NO_PUBLISHER');
      const cmd = cause && topicName ? checkCommand(cause, absoluteTopic(topicName)) : undefined;
      p.notes.push(`${d.name}: ${topicName || 'its topic'} has no publisher and no other live topic carries ${spec.messageTypes.join(' or ')}; nothing was changed${cmd ? `: ${cause!.cause}; check with \`${cmd}\`` : ''}`);
    }
    else p.notes.push(`${d.name}: ${topic.name} carries ${topic.type}, which ${spec.name} cannot show, and no other topic fits`);
  }
  return count + fixQos(p, d);
}

/** The QoS repair alone: the display's subscription set to what its topic's publishers offer. */
export function fixQos(p: Planner, d: VirtualDisplay): number {
  const spec = d.spec;
  const prop = qosTopicProperty(spec);
  const topicName = displayTopic(d);
  const topic = topicName ? p.ctx.topicByName.get(absoluteTopic(topicName)) : undefined;
  if (!prop || !topic) return 0;
  const planned = (path: string): string | undefined => d.planProps.get(path);
  const req = requestedQos(spec, prop, d.docProps);
  const fixes = qosFixes(topic, prop, { reliability: planned(`${prop}/Reliability Policy`) ?? req.reliability, durability: planned(`${prop}/Durability Policy`) ?? req.durability });
  for (const f of fixes) {
    p.actions.push(act({ action: 'set_property', display: p.state.handle(d), property: f.property, value: f.value }));
    d.planProps.set(f.property, f.value);
  }
  return fixes.length;
}

export function fixFrame(p: Planner): number {
  const ctx = p.ctx;
  if (ctx.frames.length === 0 || !p.state.fixedFrame || ctx.tf?.hasFrame(p.state.fixedFrame) || p.fixedFrameRefused) return 0;
  const frame = ['map', 'odom', 'world'].find((f) => ctx.tf?.hasFrame(f)) ?? ctx.tf?.roots[0];
  if (!frame) return 0;
  p.actions.push(act({ action: 'set_fixed_frame', frame }));
  p.state.fixedFrame = frame;
  return 1;
}

/** Displays a finding or our own check says are not receiving. */
export function troubled(p: Planner): VirtualDisplay[] {
  return p.state.live().filter((d) => {
    if (findingsOn(p, d).length > 0) return true;
    if (!d.enabled || !d.spec?.topicProperties[0]) return false;
    const topic = displayTopic(d) ? p.ctx.topicByName.get(absoluteTopic(displayTopic(d))) : undefined;
    if (!topic) return p.ctx.snapshot !== undefined && displayTopic(d) !== '';
    if (d.spec.messageTypes.length > 0 && !d.spec.messageTypes.includes(topic.type)) return true;
    const prop = qosTopicProperty(d.spec);
    return prop !== undefined && qosFixes(topic, prop, requestedQos(d.spec, prop, d.docProps)).length > 0;
  });
}

/** The frame a display draws in when it names one itself (`Reference Frame: gps_link`), else undefined. */
function ownFrame(d: VirtualDisplay): string | undefined {
  for (const key of ['Reference Frame', 'Frame', 'Target Frame']) {
    const v = d.planProps.get(key) ?? d.docProps?.[key];
    if (typeof v === 'string' && v !== '' && v !== '<Fixed Frame>') return v;
  }
  return undefined;
}

/** The topic a display reads: the catalog's topic property, else the document's `Topic` (a third-party class). */
function readTopic(d: VirtualDisplay): string {
  const own = displayTopic(d);
  if (own) return own;
  const t = d.docProps?.Topic;
  const v = typeof t === 'object' && t !== null ? (t as Record<string, unknown>).Value : t;
  return typeof v === 'string' ? v : '';
}

/**
 * "Fix it" on a display where no RViz setting helps and no finding says why: what was checked, and how to check the
 * data outside RViz. A frame of its own that TF lacks is the cause; a silent topic is named with its check command.
 */
export function checkedNote(p: Planner, d: VirtualDisplay): string {
  const ff = p.state.fixedFrame;
  const frame = ownFrame(d);
  if (frame && p.ctx.frames.length > 0 && !p.ctx.tf?.hasFrame(frame)) {
    const cause = causeOf('DISPLAY_FRAME_NOT_IN_TF');
    return `${d.name}: its frame ${frame} is not in TF, so RViz cannot place it and no RViz setting fixes that; nothing was changed: ${cause?.cause ?? 'its broadcaster is not running'}; check with \`ros2 run tf2_ros tf2_echo ${ff} ${frame}\``;
  }
  const topic = readTopic(d) ? absoluteTopic(readTopic(d)) : '';
  // A plugin display with no topic of its own in the config: the node it needs is all there is to say.
  const needs = d.spec ? undefined : pluginCause(d.classId);
  if (needs && !topic) return `${d.name}: ${needs.cause}; nothing was changed`;
  if (topic) {
    const info = p.ctx.topicByName.get(topic);
    // A plugin display whose parts come from a node outside RViz (MoveIt's move_group, octomap_server): that node.
    const plugin = d.spec ? undefined : pluginCause(d.classId);
    if (plugin && !isPublishing(info)) {
      return `${d.name}: ${plugin.cause}; ${topic} has no publisher, so nothing was changed; check with \`${plugin.check.replace(/\{topic\}/g, topic)}\``;
    }
    if (!isPublishing(info)) {
      const cause = causeOf('TOPIC_NO_PUBLISHER');
      return `${d.name}: ${topic} has no publisher, which no RViz setting fixes; nothing was changed: ${cause?.cause ?? 'no node publishes it'}; check with \`ros2 topic info -v ${topic}\``;
    }
    // What RViz cannot see from here: data that stopped, or stamps far from this computer's clock (then dropped).
    return `found nothing RViz can fix on ${d.name}: ${topic} is published (${info!.type}), the display's type and QoS fit it and the fixed frame ${ff} is in TF; nothing was changed. Check the data outside RViz with \`ros2 topic hz ${topic}\` and \`ros2 topic echo ${topic} --once\`: if its header stamps are far from this computer's clock (\`date +%s\`; simulation time, or clocks not synchronised), RViz drops the messages`;
  }
  return `found nothing RViz can fix on ${d.name}: the fixed frame ${ff} is in TF; nothing was changed. Check the transforms outside RViz with \`ros2 run tf2_ros tf2_echo ${ff} ${frame ?? 'base_link'}\``;
}

/**
 * A named display with nothing wrong of its own, after the plan repaired something else (the fixed frame): if it
 * still shows nothing, what is left is outside RViz — its data stopped, or stamps far from this computer's clock.
 */
export function stillEmptyNote(p: Planner, d: VirtualDisplay): string {
  const topic = readTopic(d) ? absoluteTopic(readTopic(d)) : '';
  if (!topic || !isPublishing(p.ctx.topicByName.get(topic))) return checkedNote(p, d);
  return `${d.name}: nothing else RViz can fix was found on it; if it still shows nothing after this plan, check its data outside RViz with \`ros2 topic hz ${topic}\` and \`ros2 topic echo ${topic} --once\`: header stamps far from this computer's clock (\`date +%s\`; simulation time, or clocks not synchronised) make RViz drop the messages`;
}
