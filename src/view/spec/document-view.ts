/**
 * What the view needs from the open document, read from the document model (never by re-parsing YAML): enabled
 * displays as draw specs, the fixed frame, the current view's camera, the background colour and the frame rate.
 */
import type { Catalog } from '../../core/catalog/index.ts';
import type { RvizDocument } from '../../core/rviz/document.ts';
import { fixedFrame, globalOptions, listDisplays, vmMap } from '../../core/rviz/displays.ts';
import { cameraFromViews, type CameraSpec } from './camera.ts';
import { viewDisplays, type ViewDisplay } from './draw-spec.ts';
import { parseRgb, type Rgb } from './props.ts';

export interface DocumentView {
  displays: ViewDisplay[];
  /** The document's Fixed Frame, or RViz's own default `base_link` when it sets none. */
  fixedFrame: string;
  camera: CameraSpec;
  background: Rgb;
  /** Global Options/Frame Rate (RViz default 30). */
  frameRate: number;
}

export function documentView(doc: RvizDocument, catalog: Catalog): DocumentView {
  const fixed = (fixedFrame(doc) ?? 'base_link').replace(/^\/+/, '');
  const go = globalOptions(doc);
  const views = vmMap(doc)?.get('Views', true) as { toJSON?: () => unknown } | undefined;
  const rate = Number(go['Frame Rate']);
  return {
    displays: viewDisplays(listDisplays(doc, catalog), catalog, fixed),
    fixedFrame: fixed,
    camera: cameraFromViews(views?.toJSON?.()),
    background: parseRgb(go['Background Color']) ?? [48 / 255, 48 / 255, 48 / 255],
    frameRate: Number.isFinite(rate) && rate > 0 ? rate : 30,
  };
}
