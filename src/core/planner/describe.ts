import type { RvizAction } from '../rviz/action-types.ts';
import { displayPathSegments, isDisplayPath } from '../rviz/displays.ts';

/** A path by group names without its `Visualization Manager/Displays/` prefix (`robot1/Scan`); names and index paths as they are. */
function shortDisplay(display: string): string {
  if (!isDisplayPath(display)) return display;
  const segs = displayPathSegments(display);
  return /^\d+$/.test(segs[segs.length - 1]!) ? display : segs.join('/');
}

/** add_display's target: `named "Scan" in group "robot1"` for a path, `named "Scan"` for a plain name. */
function addedAs(display: string): string {
  if (!isDisplayPath(display)) return ` named "${display}"`;
  const segs = displayPathSegments(display);
  const groups = segs.slice(0, -1).filter((s, i, all) => !(s === 'Displays' && i > 0 && /^\d+$/.test(all[i - 1]!)));
  return ` named "${segs[segs.length - 1]}"${groups.length ? ` in group "${groups.join('/')}"` : ''}`;
}

/** One line a person reads in the checklist (UI) and in `plan` output (CLI): "Add LaserScan on /scan". */
export function describeAction(a: Partial<RvizAction>): string {
  const display = a.display ? `"${shortDisplay(a.display)}"` : 'the display';
  switch (a.action) {
    case 'add_display': return `Add ${shortType(a.display_type ?? '')}${a.topic ? ` on ${a.topic}` : ''}${a.display ? addedAs(a.display) : ''}`;
    case 'remove_display': return `Remove ${display}`;
    case 'set_topic': return `Set the topic of ${display} to ${a.topic || '(empty)'}`;
    case 'set_property': return `Set ${a.property || '(property)'} = ${a.value === '' ? '(empty)' : a.value} on ${display}`;
    case 'set_enabled': return `${a.value === 'false' ? 'Hide' : 'Show'} ${display}`;
    case 'rename_display': return `Rename ${display} to "${a.value ?? ''}"`;
    case 'set_fixed_frame': return `Set the fixed frame to ${a.frame || '(empty)'}`;
    default: return `Unknown action "${String(a.action ?? '')}"`;
  }
}

/** `rviz_default_plugins/LaserScan` → `LaserScan`. */
export function shortType(classOrName: string): string {
  const slash = classOrName.lastIndexOf('/');
  return slash >= 0 ? classOrName.slice(slash + 1) : classOrName;
}
