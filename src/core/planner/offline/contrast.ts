// A value of a contrast: "from red to yellow", "replace its red with yellow", "yellow instead of red". The value left
// behind is taken out of the request, so the clause reads only the one asked for and never sets the one replaced.
import { namedColors } from '../../catalog/index.ts';

const COLOUR = `(?:${Object.keys(namedColors).filter((c) => /^[a-z]+$/.test(c)).sort((a, b) => b.length - a.length).join('|')})`;

const REPLACED: readonly RegExp[] = [
  // "from red to yellow", "from red into blue"
  new RegExp(`\\bfrom\\s+(?:the\\s+)?${COLOUR}\\s+(?=(?:to|into)\\s+(?:the\\s+)?${COLOUR}\\b)`, 'gi'),
  // "instead of red", "rather than red" ("…, not red" says it itself: a negated value changes nothing)
  new RegExp(`,?\\s*\\b(?:instead\\s+of|rather\\s+than)\\s+(?:the\\s+)?${COLOUR}\\b`, 'gi'),
];

/** "replace / swap / change … red with/for/by yellow": the first colour is the one replaced. */
const SWAPPED = new RegExp(`\\b(replace|swap|change|exchange|switch)\\b([^,;.]*?)\\b${COLOUR}\\s+(?=(?:with|for|by|to)\\s+(?:a\\s+|the\\s+)?${COLOUR}\\b)`, 'gi');

/** The request without the values a contrast replaces. */
export function dropReplacedValues(text: string): string {
  let out = text;
  for (const re of REPLACED) out = out.replace(re, ' ');
  return out.replace(SWAPPED, (_, verb: string, between: string) => `${verb}${between}`).replace(/\s{2,}/g, ' ');
}
