/**
 * A point cloud display's colour properties, as the .rviz file writes them, with RViz's defaults (the transformers'
 * createProperties in rviz_default_plugins) for anything missing or unreadable.
 */
import { parseRvizColor } from './colors.ts';
import type { PointColorOptions, Rgb } from './types.ts';

export const defaultPointColorOptions: Readonly<PointColorOptions> = Object.freeze({
  transformer: '',
  channelName: 'intensity',
  useRainbow: true,
  invertRainbow: false,
  minColor: { r: 0, g: 0, b: 0 },
  maxColor: { r: 1, g: 1, b: 1 },
  autocomputeIntensityBounds: true,
  minIntensity: 0,
  maxIntensity: 4096,
  axis: 'Z',
  autocomputeValueBounds: true,
  minValue: -10,
  maxValue: 10,
  useFixedFrame: true,
  flatColor: { r: 1, g: 1, b: 1 },
});

function bool(v: unknown, fallback: boolean): boolean {
  if (typeof v === 'boolean') return v;
  if (v === 'true') return true;
  if (v === 'false') return false;
  return fallback;
}

function num(v: unknown, fallback: number): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : fallback;
}

function color(v: unknown, fallback: Rgb): Rgb {
  return parseRvizColor(v) ?? { ...fallback };
}

/** A property that RViz nests (`Autocompute Value Bounds: {Value: true, Min Value: -10, Max Value: 10}`) or writes flat. */
function nested(props: Record<string, unknown>, key: string): { value: unknown; children: Record<string, unknown> } {
  const v = props[key];
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    const m = v as Record<string, unknown>;
    return { value: m.Value, children: m };
  }
  return { value: v, children: {} };
}

export function pointColorOptionsFromProperties(props: Record<string, unknown>): PointColorOptions {
  const d = defaultPointColorOptions;
  const bounds = nested(props, 'Autocompute Value Bounds');
  const axis = String(props.Axis ?? d.axis).trim().toUpperCase();
  return {
    transformer: typeof props['Color Transformer'] === 'string' ? props['Color Transformer'] : '',
    channelName: typeof props['Channel Name'] === 'string' && props['Channel Name'] !== '' ? props['Channel Name'] : d.channelName,
    useRainbow: bool(props['Use rainbow'], d.useRainbow),
    invertRainbow: bool(props['Invert Rainbow'], d.invertRainbow),
    minColor: color(props['Min Color'], d.minColor),
    maxColor: color(props['Max Color'], d.maxColor),
    autocomputeIntensityBounds: bool(props['Autocompute Intensity Bounds'], d.autocomputeIntensityBounds),
    minIntensity: num(props['Min Intensity'], d.minIntensity),
    maxIntensity: num(props['Max Intensity'], d.maxIntensity),
    axis: axis === 'X' || axis === 'Y' ? axis : 'Z',
    autocomputeValueBounds: bool(bounds.value, d.autocomputeValueBounds),
    minValue: num(bounds.children['Min Value'] ?? props['Min Value'], d.minValue),
    maxValue: num(bounds.children['Max Value'] ?? props['Max Value'], d.maxValue),
    useFixedFrame: bool(props['Use Fixed Frame'], d.useFixedFrame),
    flatColor: color(props.Color, d.flatColor),
  };
}
