// "undo that, but keep the colour": the last plan is undone, and the settings of it that the words name are made again
// on the document the undo leaves ("laser as green spheres, 0.05 m", then this: the laser back as it was, but green).
// "undo just the colour", "undo the spheres, keep the decay": the other way round; all but what the words name is made
// again.
import { colourIn } from './mentions.ts';
import { act, cite, lastAppliedTurn, type Planner } from './shared.ts';

const KEEP = /^\s*,?\s*(?:but|except|and|only)\s+(?:keep|leave)\s+(?:the\s+|its\s+|their\s+)?(.+?)\s*[.!]*\s*$/i;

/** Whether the text after "undo that" keeps settings of the undone plan; those are planned again. */
export function keptAfterUndo(p: Planner, text: string): boolean {
  const m = KEEP.exec(text);
  if (!m) return false;
  const words = m[1]!;
  const undone = (lastAppliedTurn(p)?.actions ?? []).filter((a) => a.action === 'set_property' && a.origin !== 'auto');
  const kept = undone.filter((a) => {
    const found = p.state.find(a.display);
    const spec = found.ok ? found.display.spec : undefined;
    return spec !== undefined && p.ctx.catalog.propertyForWords(spec, words).some((x) => x.via === 'words' && x.property.path === a.property);
  });
  if (kept.length === 0) return false;
  for (const a of kept) {
    p.actions.push(act({ action: 'set_property', display: a.display, property: a.property, value: a.value }));
    cite(p, p.actions.length - 1, m[0].trim());
  }
  p.notes.push(`undid the last plan and kept ${kept.map((a) => `${a.display} ${a.property} ${a.value}`).join(', ')} ("${m[0].trim()}")`);
  return true;
}

/** "just the colour", "the spheres, keep the decay" after "undo": what of the last plan is undone, alone. */
const ONLY = /^\s*,?\s*(?:(just|only)\s+)?(the\s+|its\s+|their\s+)?(.+?)(?:\s*[,;]?\s*(?:but\s+|and\s+)?(?:keep|leave)\s+.+?)?\s*[.!]*\s*$/i;

/** Whether the text after "undo" names some settings of the last plan: only those are undone, the rest made again. */
export function undoneAlone(p: Planner, text: string): boolean {
  const m = ONLY.exec(text);
  if (!m || (m[1] === undefined && m[2] === undefined)) return false;
  const words = m[3]!;
  const last = (lastAppliedTurn(p)?.actions ?? []).filter((a) => a.origin !== 'auto');
  // (Only a plan of settings and switches: one that added, removed or renamed displays is undone whole.)
  if (last.length === 0 || last.some((a) => a.action !== 'set_property' && a.action !== 'set_enabled')) return false;
  // ("undo the blue": the colour set to blue.)
  const colour = colourIn(words);
  const named = last.filter((a) => {
    if (a.action !== 'set_property') return false;
    const found = p.state.find(a.display);
    const spec = found.ok ? found.display.spec : undefined;
    return spec !== undefined && ((colour !== undefined && colour === a.value && spec.properties.some((x) => x.path === a.property && x.kind === 'color'))
      || p.ctx.catalog.propertyForWords(spec, words).some((x) => x.property.path === a.property
        && (x.via === 'words' || (x.via === 'value' && x.value?.toLowerCase() === a.value.toLowerCase()))));
  });
  if (named.length === 0) return false;
  // (What is undone stays as the undo leaves it: completion sets no style back for a size made again.)
  for (const a of named) {
    const found = p.state.find(a.display);
    if (found.ok && a.action === 'set_property') (p.protectedSettings ??= new Map()).set(found.display, [...(p.protectedSettings?.get(found.display) ?? []), a.property]);
  }
  const again = last.filter((a) => !named.includes(a));
  for (const a of again) {
    p.actions.push(act(a.action === 'set_property' ? { action: 'set_property', display: a.display, property: a.property, value: a.value } : { action: 'set_enabled', display: a.display, value: a.value }));
    cite(p, p.actions.length - 1, m[0].trim());
  }
  p.notes.push(`undid ${named.map((a) => `${a.display} ${a.property} ${a.value}`).join(', ')} of the last plan${again.length > 0 ? ' and kept the rest' : ''} ("${m[0].trim()}")`);
  return true;
}

/** "keep the scale, undo the blue", "keep the style but undo the size": the same as "undo the blue, but keep the scale". */
const KEEP_THEN_UNDO = /^\s*(?:keep|leave)\s+((?:the|its|their)\s+[\w\s-]+?)\s*(?:,\s*|\s+)(?:but\s+|and\s+)?(undo|revert)\s+((?:the|its|their)\s+[\w\s-]+?)\s*[.!]*\s*$/i;

/** The request with a keep said before its undo turned round, so the undo leads it. */
export function undoFirstOrder(text: string): string {
  const m = KEEP_THEN_UNDO.exec(text);
  return m ? `${m[2]} ${m[3]}, but keep ${m[1]}` : text;
}

/** The last change's settings on one display made again, after the undo of all of it ("only the lidar"). */
export function remadeOn(p: Planner, display: string): void {
  const again = (lastAppliedTurn(p)?.actions ?? []).filter((a) => a.origin !== 'auto' && a.action === 'set_property' && a.display === display);
  for (const a of again) p.actions.push(act({ action: 'set_property', display: a.display, property: a.property, value: a.value }));
  if (again.length > 0) p.notes.push(`undid the last change and made it again on ${display} alone`);
}
