/** The seven document actions, one flat object each (unused fields are empty strings). See DESIGN.md "Plan JSON". */
export const ACTION_NAMES = [
  'add_display', 'remove_display', 'set_topic', 'set_property', 'set_enabled', 'rename_display', 'set_fixed_frame',
] as const;

export type ActionName = (typeof ACTION_NAMES)[number];

export interface RvizAction {
  action: ActionName;
  /** Class id or catalog name (`rviz_default_plugins/LaserScan` or `LaserScan`); add_display only. */
  display_type: string;
  topic: string;
  /** Target display name (loose match); for add_display, the optional name of the new display. */
  display: string;
  /** Property path such as `Topic/Reliability Policy` or `Size (m)`. */
  property: string;
  /** Value as text: `0.05`, `true`, `Best Effort`, `255; 0; 0`; for rename_display the new name. */
  value: string;
  /** set_fixed_frame only. */
  frame: string;
}

export interface PlannedAction extends RvizAction {
  origin: 'model' | 'auto';
  checked: boolean;
  /** Why this action is here, or what to watch for ("not publishing yet"). */
  note: string;
  /**
   * Optional: the words of the request that produced it (the offline planner's accounting, e.g. "laser red"); absent
   * for a model's action and for one complete() added.
   */
  from?: string;
}

export interface RejectedAction {
  action: Partial<RvizAction> & Record<string, unknown>;
  reason: string;
}

export interface Plan {
  actions: PlannedAction[];
  rejected: RejectedAction[];
  notes: string[];
  /**
   * Optional: undo the last applied plan before applying these actions ("undo that and use spheres"). The actions were
   * planned against the document as it is after that undo. Absent means false.
   */
  undoFirst?: boolean;
  /**
   * Optional, at most 3: readings the planner was not sure enough of to apply (a near-miss word, two plausible
   * readings). Each is planned only when the user picks it; never applied with the plan.
   */
  choices?: PlanChoice[];
  /** Optional: the request (or a clause of it) was a question; nothing was changed, and this is offered to the assistant. */
  question?: string;
}

/** One reading of a request, as the user sees it (`label`) and the checked actions it would plan. */
export interface PlanChoice {
  label: string;
  actions: PlannedAction[];
}

/** An empty action with every field present, to spread a partial one into. */
export const BLANK_ACTION: Omit<RvizAction, 'action'> = {
  display_type: '', topic: '', display: '', property: '', value: '', frame: '',
};
