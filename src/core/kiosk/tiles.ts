/**
 * The kiosk's quick-action tiles, generated from the robot: one show/hide toggle per tile of catalog/kiosk-tiles.json
 * whose display type has a live topic (a topic with a publisher), and "Fix N problems" when diagnosis found some.
 * A toggle carries a precomputed action list that goes through the planner pipeline like any proposal (validated,
 * completed, one undo step); the fix tile is a request for the planner. Pure: document, snapshot and findings in.
 *
 * @example
 * const tiles = kioskTiles({ document, snapshot, findings });
 * // [{ id: 'lidar', label: 'Lidar', on: false, topics: ['/scan'], request: 'show the lidar',
 * //    actions: [{ action: 'add_display', display_type: 'rviz_default_plugins/LaserScan', topic: '/scan', … }] }, …]
 */
import tilesFile from '../../../catalog/kiosk-tiles.json';
import { catalog as defaultCatalog, type Catalog, type DisplayTypeSpec } from '../catalog/index.ts';
import type { Finding } from '../diagnosis/types.ts';
import type { GraphSnapshot, TopicInfo } from '../graph/types.ts';
import type { Proposer } from '../planner/types.ts';
import { BLANK_ACTION, type RvizAction } from '../rviz/action-types.ts';
import { listDisplays, type DisplayInfo } from '../rviz/displays.ts';
import type { RvizDocument } from '../rviz/document.ts';

export interface TileSpec {
  id: string;
  label: string;
  /** Catalog short name or class id. */
  displayType: string;
  /** Used in the request the planner history records: "show the lidar", "hide the costmaps". */
  noun: string;
  topicMatches?: string;
  topicExcludes?: string;
  /** For display types without a topic property (TF): the topics whose publishing makes the tile live. */
  sourceTopics?: string[];
}

export interface TilesFile {
  schemaVersion: 1;
  maxTopicsPerTile: number;
  tiles: TileSpec[];
}

export interface ToggleTile {
  kind: 'toggle';
  id: string;
  label: string;
  /** At least one of the tile's displays is enabled: tapping hides them all. */
  on: boolean;
  /** The live topics the tile is about, sorted. */
  topics: string[];
  /** The sentence recorded in the planner's history: "show the lidar" / "hide the lidar". */
  request: string;
  /** What a tap proposes (the planner still validates and completes it). */
  actions: RvizAction[];
}

export interface FixTile {
  kind: 'fix';
  id: 'fix';
  label: string;
  /** The findings it addresses. */
  count: number;
  /** A request the planner turns into repairs from the findings. */
  request: string;
}

export type KioskTile = ToggleTile | FixTile;

export interface KioskTilesInput {
  document: RvizDocument;
  snapshot?: GraphSnapshot | undefined;
  findings?: readonly Finding[];
  catalog?: Catalog;
  tiles?: TilesFile;
}

export const kioskTileSpecs: TilesFile = tilesFile as TilesFile;

/** The request of the fix tile: the planners (offline and model) repair from the findings. */
export const FIX_REQUEST = 'fix the problems';

const absolute = (name: string): string => (name.startsWith('/') ? name : `/${name}`);

/**
 * Findings a plan can act on: warnings and errors about a display, and a fixed frame missing from TF while TF has
 * frames to choose from (a robot with no TF at all leaves nothing to pick).
 */
export function fixableFindings(findings: readonly Finding[], snapshot?: GraphSnapshot): Finding[] {
  const hasFrames = (snapshot?.tf.length ?? 0) > 0;
  return findings.filter((f) => f.severity !== 'info' && (f.code === 'FIXED_FRAME_NOT_IN_TF'
    ? hasFrames : f.subject.display !== undefined || f.subject.kind === 'display'));
}

function topicFilter(spec: TileSpec): (topic: string) => boolean {
  const matches = spec.topicMatches ? new RegExp(spec.topicMatches, 'i') : undefined;
  const excludes = spec.topicExcludes ? new RegExp(spec.topicExcludes, 'i') : undefined;
  return (topic) => (!matches || matches.test(topic)) && !(excludes && excludes.test(topic));
}

function liveTopics(spec: TileSpec, display: DisplayTypeSpec, topics: readonly TopicInfo[], fits: (t: string) => boolean): TopicInfo[] {
  const publishing = topics.filter((t) => t.publishers.length > 0);
  if (spec.sourceTopics) {
    const sources = new Set(spec.sourceTopics);
    return publishing.filter((t) => sources.has(t.name) || spec.sourceTopics!.some((s) => t.name.endsWith(s)));
  }
  if (display.topicProperties.length === 0) return [];
  return publishing.filter((t) => display.messageTypes.includes(t.type) && fits(t.name));
}

/** Display names that address one display each; a duplicated name falls back to the display's path. */
function addressOf(all: readonly DisplayInfo[]): (d: DisplayInfo) => string {
  const counts = new Map<string, number>();
  for (const d of all) counts.set(d.name, (counts.get(d.name) ?? 0) + 1);
  return (d) => (d.name && counts.get(d.name) === 1 ? d.name : d.path);
}

function action(partial: Partial<RvizAction> & Pick<RvizAction, 'action'>): RvizAction {
  return { ...BLANK_ACTION, ...partial };
}

function toggleTile(spec: TileSpec, input: KioskTilesInput, displays: readonly DisplayInfo[],
  max: number): ToggleTile | undefined {
  const cat = input.catalog ?? defaultCatalog;
  const display = cat.resolveType(spec.displayType);
  if (!display) return undefined;
  const fits = topicFilter(spec);
  const live = liveTopics(spec, display, input.snapshot?.topics ?? [], fits).slice().sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  if (live.length === 0) return undefined;
  const hasTopic = display.topicProperties.length > 0 && !spec.sourceTopics;
  const mainTopic = (d: DisplayInfo): string | undefined => {
    const first = d.topics.find((t) => t.property === display.topicProperties[0]) ?? d.topics[0];
    return first ? absolute(first.value) : undefined;
  };
  const mine = displays.filter((d) => d.classId === display.classId && (!hasTopic || fits(mainTopic(d) ?? '')));
  const on = mine.some((d) => d.enabled);
  const address = addressOf(displays);
  const topics = live.map((t) => t.name);
  let actions: RvizAction[];
  if (on) {
    actions = mine.filter((d) => d.enabled).map((d) => action({ action: 'set_enabled', display: address(d), value: 'false' }));
  } else if (!hasTopic) {
    const existing = mine[0];
    actions = existing
      ? [action({ action: 'set_enabled', display: address(existing), value: 'true' })]
      : [action({ action: 'add_display', display_type: display.classId })];
  } else {
    actions = live.slice(0, max).map((t) => {
      const existing = mine.find((d) => mainTopic(d) === t.name);
      return existing
        ? action({ action: 'set_enabled', display: address(existing), value: 'true' })
        : action({ action: 'add_display', display_type: display.classId, topic: t.name });
    });
  }
  return { kind: 'toggle', id: spec.id, label: spec.label, on, topics, request: `${on ? 'hide' : 'show'} ${spec.noun}`, actions };
}

/** The tiles for this robot and document, in the data file's order, then the fix tile when there is something to fix. */
export function kioskTiles(input: KioskTilesInput): KioskTile[] {
  const file = input.tiles ?? kioskTileSpecs;
  const displays = listDisplays(input.document, input.catalog ?? defaultCatalog);
  const out: KioskTile[] = [];
  for (const spec of file.tiles) {
    const tile = toggleTile(spec, input, displays, file.maxTopicsPerTile);
    if (tile) out.push(tile);
  }
  const count = fixableFindings(input.findings ?? [], input.snapshot).length;
  if (count > 0) out.push({ kind: 'fix', id: 'fix', label: `Fix ${count} problem${count === 1 ? '' : 's'}`, count, request: FIX_REQUEST });
  return out;
}

/**
 * A proposer that proposes a tile's precomputed actions, so a tap takes the same road as a typed request:
 * validate() and complete() still decide (QoS from the publishers, dependencies), and the result is one undo step.
 */
export function tileProposer(tile: ToggleTile): Proposer {
  return {
    id: `kiosk-tile:${tile.id}`,
    usesPrompt: false,
    // The tile says exactly what to do: complete() must not untick a hide the user tapped.
    literal: true,
    propose: async () => ({ actions: tile.actions.map((a) => ({ ...a })), notes: [] }),
  };
}
