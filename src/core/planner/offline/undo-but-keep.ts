// "undo that, but keep the colour": the last plan is undone, and the settings of it that the words name are made again
// on the document the undo leaves ("laser as green spheres, 0.05 m", then this: the laser back as it was, but green).
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
