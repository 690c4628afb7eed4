/**
 * The .rviz document model: lossless parse/serialize, the display tree, loose name matching, property
 * paths, the seven actions with exact inverses, undo/redo history, ROS 1 conversion and lint.
 */
export { parse, parseBytes, checkSize, serialize, utf8Length, defaultParseOptions, PARSE_FAILURE_CODES } from './document.ts';
export type { RvizDocument, ParseResult, ParseFailure, ParseFailureCode, ParseOptions } from './document.ts';
export {
  listDisplays, findDisplay, displayRefs, uniqueDisplayName, looseDisplayName, globalOptions, fixedFrame, GROUP_CLASS,
} from './displays.ts';
export type { DisplayInfo, DisplayRef, DisplayTopic, FindResult } from './displays.ts';
export { readProperty, splitPath } from './properties.ts';
export type { PropertyRead } from './properties.ts';
export { applyAction, applyActions, normalizeAction } from './actions.ts';
export type { ApplyOptions, AppliedAction, ApplyActionResult, ApplyActionsResult } from './actions.ts';
export { History, HISTORY_VERSION, defaultHistoryOptions } from './history.ts';
export type { HistoryJson, HistoryMove, HistoryOptions, HistoryStep } from './history.ts';
export { applyChange, invertChange, diffTexts } from './text-change.ts';
export type { TextChange } from './text-change.ts';
export { convertRos1, isRos1 } from './ros1.ts';
export type { ConvertResult, ConversionResult, ConversionNote } from './ros1.ts';
export { lint, lintDocument, defaultLintRules, unknownClassRule, ros1ClassRule, propertyValueRule, duplicateNameRule, fixedFrameRule } from './lint.ts';
export type { LintFinding, LintRule, LintContext } from './lint.ts';
export { coerceValue, checkValue, normalizeColor } from './values.ts';
export { propertySpec, topicPropertiesOf } from './lookup.ts';
export type { DisplayTypeLookup } from './lookup.ts';
export { hasDock } from './window-geometry.ts';
export { DocumentSession, SESSION_VERSION } from './session.ts';
export type { SessionJson, SessionOptions } from './session.ts';

import { findDisplay } from './displays.ts';
import type { RvizDocument } from './document.ts';
import { readProperty, type PropertyRead } from './properties.ts';

/** Read a display's property by loose display name and property path (`Topic/Reliability Policy`). */
export function getProperty(doc: RvizDocument, display: string, path: string): PropertyRead {
  const found = findDisplay(doc, display);
  if (!found.ok) return found;
  return readProperty(found.ref.node, path, String(found.ref.node.get('Name') ?? display));
}
