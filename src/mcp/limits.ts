/**
 * How large an MCP tool's input may be. An agent's input is untrusted data: every string and list is bounded, so a
 * runaway or hostile client gets a clear refusal instead of a slow or stuck server.
 */
import { MAX_ACTIONS } from '../core/planner/index.ts';
import { defaultParseOptions } from '../core/rviz/index.ts';

export const LIMITS = Object.freeze({
  /** A plain-language request for the planner. */
  requestChars: 2000,
  /** Actions given directly (the planner refuses more than this as a whole anyway). */
  actions: MAX_ACTIONS,
  /** One field of one action (names, paths, values). */
  actionFieldChars: 512,
  /** A .rviz text to lint: the document model's own limit. */
  configChars: defaultParseOptions.maxBytes,
  /** A docs search query. */
  queryChars: 500,
  /** A command line to check. */
  commandChars: 2000,
  /** A topic filter for robot_snapshot. */
  matchChars: 200,
  /** Plans kept per session; older ones are forgotten (and refused if applied). */
  plansKept: 50,
  /** Item indexes in uncheck. */
  uncheck: 200,
});
