/**
 * A hand edit (a field committed, a display added, renamed, shown, removed) becomes one of the seven actions and goes
 * through the planner's validate() and complete(), exactly as a plan does: a refused value comes back with its reason
 * (the document is never touched here), and what complete() adds (a QoS fix, a dependency) comes back marked `auto`.
 * The caller applies `actions` as one undo step.
 */
import { GLOBAL_OPTIONS } from '../catalog/index.ts';
import { complete } from '../planner/complete.ts';
import type { PlanContext } from '../planner/types.ts';
import { validate } from '../planner/validate.ts';
import { BLANK_ACTION, type PlannedAction, type RvizAction } from '../rviz/action-types.ts';
import type { PropertyControl } from './property-controls.ts';

export type EditPlan =
  | { ok: true; actions: PlannedAction[]; /** What complete() added, each with its reason. */ auto: PlannedAction[]; notes: string[]; label: string }
  | { ok: false; reason: string };

/** What the user did, in the editor's words. `display` is a display's name or path (DisplayInfo.path). */
export type Edit =
  | { kind: 'property'; display: string; displayName: string; control: Pick<PropertyControl, 'path' | 'isTopic'>; value: string }
  | { kind: 'global'; path: string; value: string }
  | { kind: 'rename'; display: string; displayName: string; name: string }
  | { kind: 'enabled'; display: string; displayName: string; on: boolean }
  | { kind: 'remove'; display: string; displayName: string }
  | { kind: 'add'; displayType: string; topic?: string; name?: string };

function action(partial: Partial<RvizAction> & Pick<RvizAction, 'action'>): RvizAction {
  return { ...BLANK_ACTION, ...partial };
}

/** The one action an edit is, and the label of its undo step. */
export function actionFor(edit: Edit): { action: RvizAction; label: string } {
  switch (edit.kind) {
    case 'property': {
      const label = `set ${edit.displayName} › ${edit.control.path.split('/').join(' › ')} to ${edit.value}`;
      return edit.control.isTopic
        ? { action: action({ action: 'set_topic', display: edit.display, property: edit.control.path, topic: edit.value.trim() }), label }
        : { action: action({ action: 'set_property', display: edit.display, property: edit.control.path, value: edit.value }), label };
    }
    case 'global':
      return edit.path === 'Fixed Frame'
        ? { action: action({ action: 'set_fixed_frame', frame: edit.value }), label: `set Fixed Frame to ${edit.value}` }
        : { action: action({ action: 'set_property', display: GLOBAL_OPTIONS, property: edit.path, value: edit.value }), label: `set Global Options › ${edit.path} to ${edit.value}` };
    case 'rename':
      return { action: action({ action: 'rename_display', display: edit.display, value: edit.name }), label: `rename ${edit.displayName} to ${edit.name}` };
    case 'enabled':
      return { action: action({ action: 'set_enabled', display: edit.display, value: String(edit.on) }), label: `${edit.on ? 'enable' : 'disable'} ${edit.displayName}` };
    case 'remove':
      return { action: action({ action: 'remove_display', display: edit.display }), label: `remove ${edit.displayName}` };
    case 'add':
      return {
        action: action({ action: 'add_display', display_type: edit.displayType, topic: edit.topic ?? '', display: edit.name ?? '' }),
        label: `add ${edit.displayType.replace(/^.*\//, '')}${edit.topic ? ` on ${edit.topic}` : ''}`,
      };
  }
}

/** validate() then complete() on the one action; refused → the reason, nothing to apply. */
export function planEdit(edit: Edit, context: PlanContext): EditPlan {
  const { action: proposed, label } = actionFor(edit);
  const validated = validate([proposed], context);
  const refused = validated.rejected[0];
  if (refused || validated.actions.length === 0) return { ok: false, reason: refused?.reason ?? 'the edit was refused' };
  // literal: a disable the user clicked is what they asked for, never "fixed" into something else.
  const completed = complete(validated.actions, validated.state, '', { literal: true });
  const actions = completed.actions.filter((a) => a.checked);
  // complete() corrects a QoS value that would receive nothing (publisher QoS wins): by hand that is a refusal, with why.
  const corrected = actions.find((a) => a.origin === 'model' && /^corrected to /.test(a.note));
  if (corrected) return { ok: false, reason: corrected.note.replace(/^corrected to (.*?) \(was (.*?)\): (.*)$/, '$3; the companion keeps $1') };
  return { ok: true, actions, auto: actions.filter((a) => a.origin === 'auto'), notes: [...completed.notes, ...actions.map((a) => a.note).filter((n) => n !== '' && !actions.some((x) => x.origin === 'auto' && x.note === n))], label };
}
