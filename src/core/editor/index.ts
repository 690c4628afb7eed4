/**
 * The hand editor's rules (pure): which control each property implies, what an edit becomes (one of the seven actions
 * through validate() and complete()), and the choices for adding a display. The UI only renders and forwards.
 */
export { propertyControls, globalOptionControls, previewVerdict, controlLabel, colorToHex, hexToColor, unitOf, stepOf, rangeOf } from './property-controls.ts';
export type { PropertyControl, ControlKind, TopicOption } from './property-controls.ts';
export { planEdit, actionFor } from './edit-actions.ts';
export type { Edit, EditPlan } from './edit-actions.ts';
export { typeChoices, topicChoices, namespaceOf } from './add-choices.ts';
export type { TypeChoice, TopicChoice, NamespaceGroup } from './add-choices.ts';
export { qosVerdict, publisherChips } from './qos-verdict.ts';
export type { QosVerdict, QosChip, VerdictLevel } from './qos-verdict.ts';
export { displayForTile } from './tile-display.ts';
