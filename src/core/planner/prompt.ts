/**
 * The prompt a model plans from: rules, then state · topics · display types with exact property names and allowed
 * values · diagnosed problems · the last four turns with what really happened · the request. Two builders: the full
 * catalog (every type, topic and display in full) and the retrieved one (only what type retrieval selected in full;
 * every other display in one line). The bench compares their sizes over the same requests.
 */
import { conditionsOf, conditionText, type DisplayTypeSpec, type PropertySpec } from '../catalog/index.ts';
import { formatQos } from '../graph/qos.ts';
import type { TopicInfo } from '../graph/types.ts';
import type { DisplayInfo } from '../rviz/displays.ts';
import { describeAction } from './describe.ts';
import { selectTypes, type Selection } from './retrieval.ts';
import type { PlanContext, PlannerPrompt, PlannerTurn } from './types.ts';

export const MAX_ACTIONS = 40;

const SYSTEM = `You plan changes to an RViz2 configuration. Reply with JSON only: {"actions": [...], "notes": [...], "undo_first": false}.
Each action is one flat object with every field present; unused fields are "":
{"action", "display_type", "topic", "display", "property", "value", "frame"}.
Actions:
- add_display: display_type (a type below), topic (a listed topic; "" picks the usual one), display (its name, or "Visualization Manager/Displays/<group>/<name>" to add it inside an existing group)
- remove_display: display
- set_topic: display, topic
- set_property: display, property (exact path below, e.g. "Topic/Reliability Policy"), value (text: 0.05, true, Best Effort, 255; 0; 0)
- set_enabled: display, value "true" or "false"
- rename_display: display, value (the new name)
- set_fixed_frame: frame (a TF frame)
To change a display added in the same reply, name it by its type name (e.g. "LaserScan"), or by the path it was added at.
Use only property names and values listed. At most ${MAX_ACTIONS} actions. If you cannot do something, say so in notes.
undo_first: true only when the user asks to undo the previous change first.`;

function values(p: PropertySpec): string {
  if (p.kind === 'enum') return (p.values ?? []).join('|');
  const range = p.min !== undefined || p.max !== undefined ? ` ${p.min ?? ''}..${p.max ?? ''}` : '';
  return `${p.kind}${range}`;
}

/** One display type with its properties: exact paths, allowed values, defaults and dependencies. */
export function describeType(spec: DisplayTypeSpec): string {
  const head = `${spec.name} (${spec.classId})${spec.messageTypes.length ? ` shows ${spec.messageTypes.join(', ')}` : ''}${spec.conventionalTopic ? `; usual topic ${spec.conventionalTopic}` : ''}`;
  // Hidden properties (RViz2 never shows them) are left out, so a model never sends anyone to them.
  const lines = spec.properties.filter((p) => !p.hidden).map((p) => {
    const def = p.default !== undefined ? ` =${String(p.default)}` : '';
    const conds = conditionsOf(p);
    const req = conds.length ? ` needs ${conds.map((c) => conditionText(c).replace(' = ', '=')).join(', ')}` : '';
    return `  ${p.path}: ${values(p)}${def}${req}`;
  });
  return [head, ...lines].join('\n');
}

function topicLine(t: TopicInfo): string {
  const pubs = t.publishers.length === 0 ? 'no publisher'
    : t.publishers.map((p) => `${formatQos(p.qos)}${p.source === 'unknown' ? '' : ` ${p.source}`}`).filter((x, i, a) => a.indexOf(x) === i).join(', ');
  return `${t.name} ${t.type} [${pubs}]`;
}

function flatten(value: unknown, prefix: string, out: string[]): void {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      if (k === 'Class' || k === 'Name' || k === 'Displays') continue;
      flatten(v, prefix ? `${prefix}/${k}` : k, out);
    }
    return;
  }
  if (Array.isArray(value)) return;
  out.push(`${prefix}=${String(value)}`);
}

/** A display with every setting it has in the document. */
export function describeDisplayFull(d: DisplayInfo): string {
  const settings: string[] = [];
  flatten(d.properties, '', settings);
  return `"${d.name}" ${d.classId}${d.groupPath.length ? ` in ${d.groupPath.join('/')}` : ''}: ${settings.join('; ')}`;
}

/** A display in one line: name, class, topic, on/off. */
export function describeDisplayLine(d: DisplayInfo): string {
  const topic = d.topics[0] ? ` ${d.topics[0].value}` : '';
  return `"${d.name}" ${d.classId.split('/').pop()}${topic}${d.enabled ? '' : ' (off)'}`;
}

function findingLines(ctx: PlanContext): string[] {
  return ctx.findings.map((f) => `${f.severity} ${f.code} ${f.subject.display ?? f.subject.name}: ${f.summary}`);
}

/** The last four turns and what really happened to each. */
export function historyLines(history: readonly PlannerTurn[]): string[] {
  return history.slice(-4).map((t) => {
    const acts = (t.actions ?? []).filter((a) => a.checked).map((a) => describeAction(a)).join('; ');
    return `"${t.request}" → ${t.outcome}${t.reason ? ` (${t.reason})` : ''}${acts ? `: ${acts}` : ''}`;
  });
}

function assemble(ctx: PlanContext, request: string, history: readonly PlannerTurn[], parts: {
  types: DisplayTypeSpec[]; topics: TopicInfo[]; fullDisplays: DisplayInfo[]; lineDisplays: DisplayInfo[]; otherTopics: number;
}): PlannerPrompt {
  const frames = ctx.frames.length ? ctx.frames.join(', ') : 'unknown';
  const sections = [
    `State: fixed frame ${ctx.fixedFrame || '(none)'}; TF frames: ${frames}`,
    'Displays:',
    ...parts.fullDisplays.map(describeDisplayFull),
    ...parts.lineDisplays.map(describeDisplayLine),
    'Topics:',
    ...parts.topics.map(topicLine),
    ...(parts.otherTopics > 0 ? [`(${parts.otherTopics} topics of other types not shown)`] : []),
    'Display types:',
    ...parts.types.map(describeType),
  ];
  const findings = findingLines(ctx);
  if (findings.length) sections.push('Diagnosed problems:', ...findings);
  const turns = historyLines(history);
  if (turns.length) sections.push('Earlier turns:', ...turns);
  sections.push(`Request: ${request}`);
  const user = sections.join('\n');
  return { system: SYSTEM, user, tokensEstimate: Math.ceil((SYSTEM.length + user.length) / 4), types: parts.types.map((t) => t.name) };
}

/** Every display type, topic and display in full. */
export function buildFullPrompt(ctx: PlanContext, request: string, history: readonly PlannerTurn[]): PlannerPrompt {
  return assemble(ctx, request, history, {
    types: [...ctx.catalog.displays], topics: [...ctx.topics], fullDisplays: ctx.displays, lineDisplays: [], otherTopics: 0,
  });
}

/** Only the selected types, their live topics and their displays in full; other displays one line each. */
export function buildRetrievedPrompt(ctx: PlanContext, request: string, history: readonly PlannerTurn[], selection?: Selection): PlannerPrompt {
  const sel = selection ?? selectTypes(ctx, request, history);
  if (sel.types.length === 0) return buildFullPrompt(ctx, request, history);
  const full = new Set(sel.displays.map((d) => d.path));
  return assemble(ctx, request, history, {
    types: sel.types, topics: sel.topics, fullDisplays: sel.displays,
    lineDisplays: ctx.displays.filter((d) => !full.has(d.path)), otherTopics: ctx.topics.length - sel.topics.length,
  });
}
