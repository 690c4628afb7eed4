/**
 * Checks a value for one catalog property and writes it the way RViz2 does (`R; G; B`, canonical enum spelling, typed numbers).
 */
import type { PropertySpec } from './types.ts';
import { looseKey, wordTable } from './text.ts';

export type PropertyValue = string | number | boolean;

export type ValueCheck = { ok: true; normalized: PropertyValue } | { ok: false; reason: string };

/** Named colours a request may use instead of `R; G; B` (no prototype: "constructor" is no colour name). */
export const namedColors = wordTable<readonly [number, number, number]>({
  red: [255, 0, 0],
  green: [0, 255, 0],
  blue: [0, 0, 255],
  white: [255, 255, 255],
  black: [0, 0, 0],
  yellow: [255, 255, 0],
  cyan: [0, 255, 255],
  magenta: [255, 0, 255],
  orange: [255, 165, 0],
  purple: [128, 0, 128],
  pink: [255, 192, 203],
  brown: [165, 42, 42],
  gray: [128, 128, 128],
  grey: [128, 128, 128],
});

const TRUE_WORDS = new Set(['true', 'yes', 'on', '1', 'enabled', 'enable', 'show', 'visible']);
const FALSE_WORDS = new Set(['false', 'no', 'off', '0', 'disabled', 'disable', 'hide', 'hidden']);

/** ROS 2 topic name rules: `/a/b`, `a/b`, `~/a`; tokens start with a letter or `_`; no empty tokens. */
const TOPIC_NAME = /^(~\/|\/)?[A-Za-z_][A-Za-z0-9_]*(\/[A-Za-z_][A-Za-z0-9_]*)*$/;
/** tf2 frame ids: no spaces, no leading `/` (stripped before this check). */
const FRAME_ID = /^[A-Za-z0-9_][A-Za-z0-9_./-]*$/;
const FIXED_FRAME = '<Fixed Frame>';

function fail(prop: PropertySpec, why: string): ValueCheck {
  return { ok: false, reason: `"${prop.path}": ${why}` };
}

function checkRange(prop: PropertySpec, n: number): ValueCheck {
  if (prop.min !== undefined && n < prop.min) return fail(prop, `${n} is below the minimum ${prop.min}`);
  if (prop.max !== undefined && n > prop.max) return fail(prop, `${n} is above the maximum ${prop.max}`);
  return { ok: true, normalized: n };
}

function rangeText(prop: PropertySpec): string {
  if (prop.min !== undefined && prop.max !== undefined) return ` in ${prop.min}..${prop.max}`;
  if (prop.min !== undefined) return ` ≥ ${prop.min}`;
  if (prop.max !== undefined) return ` ≤ ${prop.max}`;
  return '';
}

function checkBool(prop: PropertySpec, text: string): ValueCheck {
  const key = text.trim().toLowerCase();
  if (TRUE_WORDS.has(key)) return { ok: true, normalized: true };
  if (FALSE_WORDS.has(key)) return { ok: true, normalized: false };
  return fail(prop, `"${text}" is not a boolean (use true or false)`);
}

function checkInt(prop: PropertySpec, text: string): ValueCheck {
  const n = Number(text.trim());
  if (text.trim() === '' || !Number.isInteger(n)) return fail(prop, `"${text}" is not an integer${rangeText(prop)}`);
  return checkRange(prop, n);
}

function checkFloat(prop: PropertySpec, text: string): ValueCheck {
  const trimmed = text.trim();
  const percent = trimmed.endsWith('%') && prop.max === 1;
  const n = Number(percent ? trimmed.slice(0, -1) : trimmed);
  if (trimmed === '' || !Number.isFinite(n)) return fail(prop, `"${text}" is not a number${rangeText(prop)}`);
  return checkRange(prop, percent ? n / 100 : n);
}

function checkEnum(prop: PropertySpec, text: string): ValueCheck {
  const values = prop.values ?? [];
  if (text.trim() === '' && prop.emptyAllowed) return { ok: true, normalized: '' };
  const key = looseKey(text);
  const byValue = values.find((v) => looseKey(v) === key);
  if (byValue !== undefined) return { ok: true, normalized: byValue };
  const phrase = text.trim().toLowerCase();
  const byWord = prop.valueWords?.find((vw) => vw.words.includes(phrase));
  if (byWord !== undefined) return { ok: true, normalized: byWord.value };
  // An editable list that is the data's own (a cloud's field names): any name can be typed in and may exist.
  if (prop.editable && prop.dynamicValues && text.trim() !== '') return { ok: true, normalized: text.trim() };
  const fallback = prop.editable ? ' (RViz2 would silently read it as its default)'
    : prop.dynamicValues ? ' (RViz2 offers only the values that fit the data and falls back to another)' : '';
  return fail(prop, `"${text}" is not one of ${values.join(', ')}${fallback}`);
}

function channel(n: number, scale: boolean): number {
  return Math.round(scale ? n * 255 : n);
}

/** `R; G; B` from `255; 0; 0`, `255,0,0`, `1.0 0 0` (0–1 floats), `#ff0000`, `#f00`, `rgb(255, 0, 0)` or a colour name. */
function checkColor(prop: PropertySpec, text: string): ValueCheck {
  const raw = text.trim().toLowerCase();
  const named = namedColors[raw];
  if (named) return { ok: true, normalized: named.join('; ') };
  const hex = /^#?([0-9a-f]{6}|[0-9a-f]{3})$/.exec(raw);
  if (hex && (raw.startsWith('#') || /[a-f]/.test(raw) || raw.length === 6)) {
    const h = hex[1]!.length === 3 ? [...hex[1]!].map((c) => c + c).join('') : hex[1]!;
    return { ok: true, normalized: [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)).join('; ') };
  }
  const parts = raw.replace(/^rgb\((.*)\)$/, '$1').split(/[;,\s]+/).filter((p) => p.length > 0);
  const nums = parts.map(Number);
  if (parts.length !== 3 || nums.some((n) => !Number.isFinite(n) || n < 0 || n > 255)) {
    return fail(prop, `"${text}" is not a colour (write R; G; B with 0–255 each, #rrggbb or a name such as red)`);
  }
  const unitFloats = nums.every((n) => n <= 1) && parts.some((p) => p.includes('.'));
  if (!unitFloats && parts.some((p) => p.includes('.'))) return fail(prop, `"${text}" mixes fractions with 0–255 channels`);
  return { ok: true, normalized: nums.map((n) => channel(n, unitFloats)).join('; ') };
}

function checkVector(prop: PropertySpec, text: string): ValueCheck {
  const parts = text.trim().replace(/^[([{](.*)[)\]}]$/, '$1').split(/[;,\s]+/).filter((p) => p.length > 0);
  const nums = parts.map(Number);
  if (parts.length !== 3 || nums.some((n) => !Number.isFinite(n))) return fail(prop, `"${text}" is not a vector (write x; y; z)`);
  return { ok: true, normalized: nums.join('; ') };
}

function checkTopic(prop: PropertySpec, text: string): ValueCheck {
  const name = text.trim();
  if (name === '') return fail(prop, 'a topic name is required');
  if (!TOPIC_NAME.test(name)) {
    return fail(prop, `"${text}" is not a valid ROS topic name (letters, digits and _ in /-separated parts, not starting with a digit)`);
  }
  return { ok: true, normalized: name };
}

function checkFrame(prop: PropertySpec, text: string): ValueCheck {
  const trimmed = text.trim();
  if (trimmed.toLowerCase() === FIXED_FRAME.toLowerCase()) return { ok: true, normalized: FIXED_FRAME };
  // tf2 rejects frame ids with a leading slash; RViz1-era configs still write them.
  const frame = trimmed.replace(/^\/+/, '');
  if (!FRAME_ID.test(frame)) return fail(prop, `"${text}" is not a valid TF frame id (no spaces; or use ${FIXED_FRAME})`);
  return { ok: true, normalized: frame };
}

/**
 * Checks `value` for `prop` and returns it as RViz2 writes it, or why it cannot be used.
 * @example checkValue(alphaSpec, '0.5') → { ok: true, normalized: 0.5 }
 * @example checkValue(styleSpec, 'dots') → { ok: false, reason: '"Style": "dots" is not one of Points, Squares, …' }
 */
export function checkValue(prop: PropertySpec, value: PropertyValue): ValueCheck {
  if (typeof value === 'boolean' && prop.kind !== 'bool' && prop.kind !== 'string') {
    return fail(prop, `a boolean does not fit a ${prop.kind} property`);
  }
  const text = String(value);
  switch (prop.kind) {
    case 'bool': return checkBool(prop, text);
    case 'int': return checkInt(prop, text);
    case 'float': return checkFloat(prop, text);
    case 'enum': return checkEnum(prop, text);
    case 'color': return checkColor(prop, text);
    case 'vector': return checkVector(prop, text);
    case 'topic': return checkTopic(prop, text);
    case 'frame': return checkFrame(prop, text);
    case 'string': return { ok: true, normalized: text };
  }
}
