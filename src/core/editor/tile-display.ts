/**
 * Which display a kiosk tile stands for, so a long press can open its sheet: the display the tile would show or hide,
 * else the first one on one of the tile's topics. Undefined when the document has none yet (a tap adds it).
 */
import type { KioskTile } from '../kiosk/tiles.ts';
import { findDisplay, type DisplayInfo } from '../rviz/displays.ts';
import type { RvizDocument } from '../rviz/document.ts';

export function displayForTile(doc: RvizDocument, displays: readonly DisplayInfo[], tile: KioskTile): DisplayInfo | undefined {
  if (tile.kind !== 'toggle') return undefined;
  for (const a of tile.actions) {
    if (a.action !== 'set_enabled') continue;
    const found = findDisplay(doc, a.display);
    const d = found.ok ? displays.find((x) => x.path === found.ref.path) : undefined;
    if (d) return d;
  }
  return displays.find((d) => !d.isGroup && d.topics.some((t) => tile.topics.includes(t.value)));
}
