/**
 * What opening a config means: a ROS 2 config opens as it is; a ROS 1 config (RViz2 cannot load `rviz/…` classes)
 * is converted with the converter the CLI's `convert` uses and opens with a note listing what changed and what could
 * not be converted, or is refused with the reason. It is never opened as if it were ROS 2.
 */
import type { ParseResult, RvizDocument } from './document.ts';
import type { DisplayTypeLookup } from './lookup.ts';
import { convertRos1, isRos1 } from './ros1.ts';

export type Opened = { ok: true; doc: RvizDocument; note?: string } | { ok: false; reason: string };

/** How many converted lines the note names before "+N more" (the CLI's `convert` prints all of them). */
const namedInNote = 4;

export function openedConfig(parsed: ParseResult, name: string, lookup: DisplayTypeLookup): Opened {
  if (!parsed.ok) return parsed;
  if (!isRos1(parsed.doc)) return { ok: true, doc: parsed.doc };
  const converted = convertRos1(parsed.doc, { lookup });
  if (!converted.ok) return { ok: false, reason: `${name} is a ROS 1 config (rviz/… classes) and could not be converted: ${converted.reason}` };
  // Displays first: they are what the user sees change; panels, tools and views follow.
  const isDisplay = (line: string) => line.startsWith('Visualization Manager/Displays');
  const ordered = [...converted.converted.filter(isDisplay), ...converted.converted.filter((l) => !isDisplay(l))];
  const changes = ordered.map((line) => line.replace(/^.*?: /, ''));
  const listed = changes.slice(0, namedInNote).join(', ') + (changes.length > namedInNote ? ` +${changes.length - namedInNote} more` : '');
  const kept = converted.unconverted.length === 0 ? ''
    : ` Not converted (${converted.unconverted.length}): ${converted.unconverted.map((u) => u.subject).join(', ')}.`;
  return {
    ok: true, doc: converted.doc,
    note: `${name} is a ROS 1 config: converted for RViz2 (${changes.length} change${changes.length === 1 ? '' : 's'}: ${listed}).${kept} Undo goes back to the document before.`,
  };
}
