// "the Cone shows the color camera's field of view", "the camera image shows the dock": a display named first, then what
// it shows, says what the display is for and asks for nothing: no change, and no goal in what it shows ("the map shows
// the old floor plan" is no mapping set-up). What it shows as a fault is a complaint, planned as usual ("the laser
// shows nothing", "… shows old data", "… shows way too many points").
import { tokenize } from '../../catalog/text.ts';
import type { VirtualDisplay } from '../state.ts';
import { displayMentions } from './mentions.ts';
import type { Planner } from './shared.ts';

const SAYS = /^\s*(?:but\s+|and\s+)?(?:the\s+)?(.+?)\s+(?:shows|draws|displays|renders)\s+(.+)$/i;
const COMPLAINT_OBJECT = /^(?:nothing|no\b|none|only|up\b|anything|empty|blank|garbage|junk|weird|wrong|old|stale|the\s+wrong|the\s+old|too\b|way\s+too|a\s+lot\s+of|lots\s+of|so\s+many)/i;

/** The displays a clause says what they show, with its subject as written; undefined when it is no such statement. */
export function showsWhat(p: Planner, clause: string): { subject: string; displays: VirtualDisplay[] } | undefined {
  const says = SAYS.exec(clause);
  const subject = says ? tokenize(says[1]!) : [];
  if (!says || COMPLAINT_OBJECT.test(says[2]!) || subject.length === 0 || subject.length > 4) return undefined;
  const mentions = displayMentions(subject, p.state.live(), []);
  if (!mentions.some((m) => m.start === 0 && m.length === subject.length)) return undefined;
  return { subject: says[1]!.trim(), displays: [...new Set(mentions.map((m) => m.display))] };
}
