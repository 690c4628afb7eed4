// Property settings a clause asks for on one display: by catalog words and values, colours, numbers with units,
// relative sizes and alpha phrases, durations.
import type { DisplayTypeSpec, PropertyMatch, PropertySpec } from '../../catalog/index.ts';
import { escapeRegExp, singular, tokenize } from '../../catalog/text.ts';
import type { VirtualDisplay } from '../state.ts';
import type { RvizAction } from '../../rviz/action-types.ts';
import { BACK_POINTERS, BIGGER, LEVEL_DOWN, LEVEL_UP, NEGATIONS, SMALLER } from './lexicon.ts';
import { colourIn, hasPhrase, numbersIn, plainColourOf, rgbOutOfRange, type Span } from './mentions.ts';
import { anyPhrase, lastAppliedTurn, oneWordSiblings, topicTokens, type Planner } from './shared.ts';
import { CONCEPTS } from './concepts.ts';
import { countLike, countsNoun, describeDimension, describeQuantity, dimensionOf, fits, quantitiesOf, type Quantity } from './quantities.ts';

/** The properties a clause sets on one display type, with values; relative sizes and alpha read the current value. */
export function propertySettings(p: Planner, d: VirtualDisplay | undefined, spec: DisplayTypeSpec, text: string, masked: readonly Span[], tokens: readonly string[]):
  { settings: { path: string; value: string }[]; unclear: string[]; questions: string[] } {
  const settings: { path: string; value: string }[] = [];
  const unclear: string[] = [];
  const questions: string[] = [];
  // Named things and articles leave the text, so "colour the depth points by height" reads "colour by height".
  const visible = tokens.filter((t, i) => !masked.some((m) => i >= m.start && i < m.start + m.length) && !ARTICLES.has(t)).join(' ');
  const numbers = numbersIn(text);
  const colour = colourIn(text);
  const current = (path: string): number | undefined => {
    const v = d ? p.state.valueOf(d, path) : spec.properties.find((x) => x.path === path)?.default?.toString();
    const n = v === undefined ? NaN : Number(v);
    return Number.isFinite(n) ? n : undefined;
  };
  // "the line is too thin, double it", "the head is huge, shrink it to half": a multiple or share of what the user sees,
  // not of what an earlier clause of this request already made of it ("twice that" is of the number just set).
  const base = (path: string): number | undefined => {
    if (!d || /\b(?:that|this)\b/i.test(text)) return current(path);
    const n = Number(p.state.valueBefore(d, path));
    return Number.isFinite(n) ? n : current(path);
  };
  const negated = Boolean(anyPhrase(tokens, NEGATIONS)) || Boolean(anyPhrase(tokens, MORE_NEGATIONS));
  const bigger = anyPhrase(tokens, BIGGER);
  const smaller = anyPhrase(tokens, SMALLER);
  const used = new Set<string>();
  // "halve the number of cells" changed the count by the comparative: no size is changed by it as well.
  let comparativeUsed = false;
  const quantities = quantitiesOf(numbers, text);
  // Several values in one request ("30 cells across with 25 cm squares"): each finds its own property by its kind.
  const usedQ = new Set<Quantity>();
  const free = (): Quantity[] => quantities.filter((q) => !usedQ.has(q));
  const take = (q: Quantity | undefined): Quantity | undefined => { if (q) usedQ.add(q); return q; };
  /** Whether the last number read was written as a share ("40 %"), not as the setting's own value ("0.4"). */
  let writtenAsShare = false;
  const numberFor = (prop: PropertySpec): number | undefined => {
    const n = take(free().find((q) => fits(dimensionOf(prop), q)));
    if (!n) return undefined;
    writtenAsShare = n.percent === true;
    // "three times as many", "twice as big": relative to the current value (or the default).
    if (n.kind === 'factor') {
      const cur = base(prop.path);
      if (cur === undefined) return undefined;
      // ("zoom in to 250000x": a factor past the setting's range is refused with it, never clamped.)
      const v = cur * n.value;
      if ((prop.min !== undefined && v < prop.min) || (prop.max !== undefined && v > prop.max)) {
        refused.add(prop.path);
        questions.push(`${label}: ${prop.path} takes ${prop.min ?? '-∞'}–${prop.max ?? '∞'}; ${n.value}× its ${cur} is ${Math.round(v * 1e6) / 1e6}, out of range; nothing was changed`);
        return undefined;
      }
      return clampTo(prop, v);
    }
    // ("5 more cells" on a count named: the count now, and 5 more.)
    if (n.delta !== undefined) return withDifference(prop, n, current(prop.path));
    // A share of an alpha (also one the catalog gives no range: Range's Alpha) is a value from 0 to 1.
    const value = n.percent && (prop.max === 1 || dimensionOf(prop) === 'fraction') ? n.value / 100 : n.value;
    return takesValue(prop, n, value) ? value : undefined;
  };
  /** A value the setting cannot take is refused with its range, never rescaled or clamped ("alpha 7" is not 0.07). */
  const takesValue = (prop: PropertySpec, n: Quantity, value: number, shareReading = true): boolean => {
    const { fraction, low, high } = rangeOf(prop);
    if (value >= low && value <= high) return true;
    refused.add(prop.path);
    const range = fraction ? '0–1 or 0–100 %' : Number.isFinite(high) ? `${low}–${high}` : `${low} or more`;
    questions.push(`${label}: ${prop.path} takes ${range}; ${numberText(n)} is ${fraction && !n.percent && n.value > 1 && n.value <= 100 ? 'out of range as a fraction (say "%" for a share)' : 'out of range'}; nothing was changed`);
    // "alpha 7" may mean 7 %: offered as a choice, never applied.
    if (shareReading && fraction && !n.percent && n.value > 1 && n.value <= 100) (p.percentReadings ??= []).push(numberText(n));
    return false;
  };
  /** "0.05 m smaller", "down by 0.6", "two fewer": the value now and the difference; refused with both when out of range. */
  const withDifference = (prop: PropertySpec, n: Quantity, cur: number | undefined): number | undefined => {
    if (cur === undefined || n.delta === undefined) return undefined;
    const v = Number(round(cur + n.delta * n.value));
    const { low, high } = rangeOf(prop);
    if (v >= low && v <= high) return v;
    refused.add(prop.path);
    questions.push(`${label}: ${prop.path} is ${cur}; ${numberText(n)} ${n.delta > 0 ? 'more' : 'less'} would be ${v}, out of its range (${low}${Number.isFinite(high) ? `–${high}` : ' or more'}); nothing was changed`);
    return undefined;
  };
  /** Settings whose value was refused as out of range: nothing else is read into them. */
  const refused = new Set<string>();
  // Settings this clause makes hold, so a setting that needs them applies ("a billboard line of 4 cm" → Line Width).
  const holdsWith = (prop: PropertySpec): boolean => (prop.requires ?? []).every((r) => {
    const planned = settings.find((x) => x.path === r.path)?.value;
    // A value this clause sets itself decides (Color Transformer AxisColor).
    if (planned !== undefined) return planned.toLowerCase() === r.value.toLowerCase();
    // A mode with no value and no default on a display this plan adds (a new Illuminance display): the catalog's first
    // value, the one RViz starts with (Intensity). On a display of the document the question below stays.
    const v = (d ? p.state.valueOf(d, r.path) : spec.properties.find((x) => x.path === r.path)?.default?.toString())
      ?? (d?.added ? spec.properties.find((x) => x.path === r.path && x.kind === 'enum')?.values?.[0] : undefined);
    // A setting planned on the display needs a value of it (Axis needs AxisColor): complete() will set that one, so it
    // decides, not the value the display has now.
    const plannedPaths = [...settings.map((x) => x.path), ...(d ? [...d.planProps.keys()] : [])];
    const needed = plannedPaths.flatMap((path) => (spec.properties.find((y) => y.path === path)?.requires ?? []).filter((q) => q.path === r.path));
    if (needed.length > 0) return needed.some((q) => q.value.toLowerCase() === r.value.toLowerCase());
    return v !== undefined && v.toLowerCase() === r.value.toLowerCase();
  });
  const toggled = TOGGLE_WORDS.some((w) => tokens.includes(w));
  const inverted = INVERT_WORDS.some((w) => tokens.includes(w));
  const currentBool = (path: string): boolean => (d ? p.state.valueOf(d, path) : spec.properties.find((x) => x.path === path)?.default?.toString())?.toLowerCase() === 'true';
  const insteadAt = anyPhrase(tokens, INSTEAD_OF);
  // "swap the squares for spheres", "replace the arrows with axes": what comes between the verb and "for" goes.
  const swapAt = tokens.findIndex((t) => ['swap', 'change', 'replace', 'exchange', 'trade'].includes(t));
  const forAt = swapAt < 0 ? -1 : tokens.findIndex((t, i) => i > swapAt && (t === 'for' || t === 'with'));
  const swappedOut = (x: Span): boolean => forAt > 0 && x.start > swapAt && x.start < forAt;
  // A marker after the thing not wanted (Japanese "四角の代わりに球", "名前ではなく軸", read as "squares excluded spheres").
  const excludedAt = hasPhrase(tokens, EXCLUDED);
  const excludedBy = (x: Span): boolean => excludedAt !== undefined && x.start + x.length <= excludedAt.start && x.start + x.length >= excludedAt.start - 1;
  const label = d?.name ?? spec.name;
  const numberForFactor = (prop: PropertySpec, q: Quantity): number | undefined => {
    const cur = base(prop.path);
    return cur === undefined ? undefined : Number(round(clampTo(prop, cur * q.value)));
  };
  // "halve the number of grid cells": with a count named, a size matched only by the counted noun ("cells") is not meant.
  const countNamed = ['number', 'many', 'fewer', 'count'].some((w) => tokens.includes(w));
  const matched = fittingMatches(spec, p.ctx.catalog.propertyForWords(spec, visible), quantities, tokens);
  // "twice as many of them": with no setting named, "many" is the display's one count that has something to multiply.
  if (countNamed && matched.length === 0 && quantities.some((q) => q.kind === 'factor')) {
    const counts = spec.properties.filter((x) => x.kind === 'int' && !isUnderTopic(x) && (current(x.path) ?? 0) > 0);
    if (counts.length === 1) matched.push({ property: counts[0]!, matched: 'many', via: 'words' });
  }
  const counting = countNamed ? matched.filter((m) => m.property.kind === 'int' && !isUnderTopic(m.property)) : [];
  const meant = counting.length === 0 ? matched : matched.filter((m) => m.property.kind === 'int' || m.property.kind === 'bool' || m.property.kind === 'enum' || m.property.kind === 'color'
    || !counting.some((c) => (c.property.words ?? []).some((w) => tokenize(w).map(singular).some((t) => tokenize(m.matched).map(singular).includes(t)))));
  for (const m of underNamedParent(spec, meant, tokens)) {
    let prop = m.property;
    // "bigger points" names a size; the one that applies in the display's current style is meant.
    if (isSizeLike(prop) && m.value === undefined) {
      const applies = sizeProperty(p, d, spec);
      // …unless the number's unit says which ("point size 2 cm" on Points is the metric size; complete() sets the style).
      const q = free().find((x) => x.to === undefined && (x.kind === 'length' || x.kind === 'pixels'));
      const unitSays = q !== undefined && applies !== undefined && fits(dimensionOf(prop), q) && !fits(dimensionOf(applies), q);
      // …or a bare number the applying size cannot take but the named one can ("depth cloud size 0.05" on Points is not
      // 0.05 pixels: it is the metric size, whose style complete() sets).
      const bare = free().find((x) => x.to === undefined && x.kind === 'bare');
      const onlyNamed = bare !== undefined && applies?.min !== undefined && bare.value < applies.min && bare.value >= (prop.min ?? 0) && bare.value <= (prop.max ?? Infinity);
      // (Only a size of the same thing drawn another way, both ruled by one mode: the covariance ellipse's Scale is no
      // other style of the arrow's Shaft Radius.)
      const sameThing = (prop.requires ?? []).every((r) => (applies?.requires ?? []).some((x) => x.path === r.path));
      if (applies && applies !== prop && (applies.requires ?? []).length > 0 && sameThing && !unitSays && !onlyNamed) prop = applies;
      // "bigger, 5 pixels" on a style sized in metres: the one size the unit fits is meant (complete() sets its style).
      const sized = q && !fits(dimensionOf(prop), q) ? spec.properties.filter((x) => isSizeLike(x) && fits(dimensionOf(x), q)) : [];
      if (sized.length === 1 && !used.has(sized[0]!.path)) prop = sized[0]!;
    }
    if (prop.kind === 'topic' || used.has(prop.path)) continue;
    if (m.via === 'requires') continue; // complete() adds dependencies, with reasons
    // "intensity range 100 to 3000": a Min/Max setting named with a range takes its end from the range below.
    if (free().some((q) => q.to !== undefined) && /^(min|max)/i.test(prop.path.split('/').pop()!)) continue;
    // "cubes instead of flat squares", "points, not squares": an enum value after "instead of" or right after a negation
    // is the one not wanted.
    let wanted: string | undefined;
    if (prop.kind === 'enum' && m.value !== undefined) {
      const phrases = [...(prop.values ?? []).map((v) => [v, v] as const), ...(prop.valueWords ?? []).flatMap((vw) => vw.words.map((w) => [w, vw.value] as const))];
      // (Where the value itself stands, when the setting was named by its words: "points … to spheres style".)
      const at = (m.via === 'words' ? phrases.filter(([, v]) => v === m.value).map(([w]) => hasPhrase(tokens, w)).find((x) => x !== undefined) : undefined) ?? hasPhrase(tokens, m.matched);
      // "Front Lidar points set to spheres style": with another of its values after "to", one before it is not asked.
      const toAt = tokens.findIndex((t) => t === 'to' || t === 'into');
      const valueAfterTo = toAt >= 0 && phrases.some(([w]) => hasPhrase(tokens.slice(toAt + 1), w) !== undefined);
      const unwanted = (x: Span): boolean => (insteadAt !== undefined && x.start > insteadAt.start) || excludedBy(x) || swappedOut(x) || (valueAfterTo && x.start < toAt)
        || NOT_BEFORE.has(tokens[x.start - 1] ?? '') || (NOT_BEFORE.has(tokens[x.start - 2] ?? '') && ARTICLES.has(tokens[x.start - 1] ?? ''));
      // "make the dots chunkier", "bigger squares, 0.3 m", "the arrow is too long, halve it": a drawing style's value
      // said as the noun a size change is made to names what is drawn, not a style to draw; only a style cue before it
      // ("as spheres", "to points", "use squares", "spheres style") asks for the style, as does one on a display this plan
      // adds ("add a thermometer display with big spheres").
      if (at && m.via !== 'words' && d !== undefined && !d.added && sizeChangeNamesDrawn(tokens, at, meant, prop, Boolean(bigger || smaller) || quantities.some((q) => q.kind === 'factor'))) { used.add(prop.path); continue; }
      if (at && m.via !== 'words' && namesOtherSetting(tokens, at, meant, prop)) { used.add(prop.path); continue; }
      if (at && unwanted(at)) {
        // The value named on the wanted side, if any ("boxes instead of flat squares").
        wanted = phrases.map(([w, v]) => ({ at: hasPhrase(tokens, w), v })).find((x) => x.at !== undefined && !unwanted(x.at) && !(x.at.start <= at.start && x.at.start + x.at.length > at.start))?.v;
        // "spheres instead of that arrow" on a display whose shapes are Arrow and Axes: what is wanted is none of its
        // values, so the plan asks which of them.
        if (wanted === undefined) {
          if (!used.has(prop.path)) unclear.push(`${prop.path} (one of ${(prop.values ?? []).join(', ')})`);
          used.add(prop.path);
          continue;
        }
      }
    }
    let value: string | undefined = wanted ?? m.value;
    if (value === undefined) {
      switch (prop.kind) {
        case 'color': {
          // "the grid colour to 300, 40, 40": a colour part past 255 is refused with the range, never clamped.
          const over = colour === undefined ? rgbOutOfRange(text) : undefined;
          if (over !== undefined) {
            questions.push(`${label}: ${prop.path} takes R; G; B from 0 to 255 each; "${over}" is out of range; nothing was changed`);
            used.add(prop.path);
            continue;
          }
          value = colour;
          break;
        }
        case 'bool': {
          // "flip the rainbow", "toggle the names": the opposite of what it is now.
          if (toggled) { value = String(!currentBool(prop.path)); break; }
          // "names instead of axes": what follows "instead of" is switched off, what comes before on.
          const at = hasPhrase(tokens, m.matched);
          if (insteadAt && at) { value = String(at.start < insteadAt.start); break; }
          // "swap the visual meshes for the collision geometry": what is swapped out goes off, what comes in on.
          if (forAt > 0 && at && at.start > swapAt) { value = String(!swappedOut(at)); break; }
          if (excludedAt && at) { value = String(!excludedBy(at)); break; }
          // "the TF axes are huge": a switch already on, named as the thing another setting of the clause changes,
          // is what is drawn; setting it again is no change asked.
          if (!negated && currentBool(prop.path) && (prop.requires ?? []).length === 0 && meant.some((x) => x.property !== prop && x.property.kind !== 'bool')) { used.add(prop.path); continue; }
          value = String(!negated);
          break;
        }
        case 'int':
        case 'float': {
          const fitting = free().find((x) => fits(dimensionOf(prop), x));
          const share = free().find((x) => x.kind === 'fraction');
          // "half the size", "50 % smaller": a share of the current value, for a property that is not itself a share.
          if (!fitting && share && dimensionOf(prop) !== 'fraction' && current(prop.path) !== undefined) {
            take(share);
            value = round(clampTo(prop, base(prop.path)! * shareFactor(share, text, bigger, smaller)));
            break;
          }
          // "half as opaque": a factor of an alpha said by its opacity (never by its transparency, which goes the other way).
          const factor = free().find((x) => x.kind === 'factor');
          if (!fitting && factor && dimensionOf(prop) === 'fraction' && current(prop.path) !== undefined && ['opaque', 'opacity', 'alpha'].some((w) => tokens.includes(w))
            && !tokens.some((t) => /^(transparen|translucen)/.test(t))) {
            take(factor);
            const v = current(prop.path)! * factor.value;
            if (v > (prop.max ?? 1)) {
              questions.push(`${label}: ${prop.path} takes 0–1; ${factor.value}× its ${current(prop.path)} is ${round(v)}, out of range; nothing was changed`);
              used.add(prop.path);
              continue;
            }
            value = round(v);
            break;
          }
          const q = free().find((x) => x.to === undefined);
          // A number whose kind the property cannot take ("20 cells" for a size in metres) is a question, not a guess.
          if (q && !fitting) {
            take(q);
            questions.push(`${label}: ${prop.path} is ${describeDimension(dimensionOf(prop))}, but "${numberText(q)}" is ${describeQuantity(q)}; which setting did you mean?`);
            used.add(prop.path);
            continue;
          }
          // Queue settings under a topic (`Topic/Depth`) take only a number written out, never "bigger".
          const underTopic = isUnderTopic(prop);
          const written = numberFor(prop);
          if (refused.has(prop.path)) { used.add(prop.path); continue; }
          value = numericValue(prop, written, current(prop.path), m.matched, tokens, underTopic ? undefined : bigger, underTopic ? undefined : smaller, written !== undefined && !writtenAsShare);
          if (written === undefined && value !== undefined && (bigger || smaller)) comparativeUsed = true;
          break;
        }
        case 'vector': value = vectorValue(prop, d ? p.state.valueOf(d, prop.path) : prop.default?.toString(), tokens, free(), take); break;
        default: break;
      }
    }
    if (value === undefined && prop.kind === 'enum') {
      const dep = dependantValue(spec, prop, tokenize(visible));
      if (dep && !used.has(dep.path)) { used.add(dep.path); settings.push(dep); continue; }
    }
    if (value === undefined) {
      unclear.push(`${prop.path}${prop.kind === 'enum' ? ` (one of ${(prop.values ?? []).join(', ')})` : ''}`);
      continue;
    }
    used.add(prop.path);
    settings.push({ path: prop.path, value });
  }
  // Two settings that need different values of one setting ("along x" needs AxisColor, "colour scale" read as Use rainbow
  // needs Intensity): a switch read from a noun yields to a value setting or a switch named before it, with a note.
  const needs = (path: string) => spec.properties.find((y) => y.path === path)?.requires ?? [];
  // …also to one an earlier clause planned on the display ("paint the laser along x and keep the colour scale fixed").
  const plannedBefore = d ? [...d.planProps.keys()].map((path) => ({ path })) : [];
  for (let i = settings.length - 1; i >= 0; i--) {
    const later = settings[i]!;
    if (spec.properties.find((y) => y.path === later.path)?.kind !== 'bool' || later.value !== 'true') continue;
    // …and to any setting of a value named in the clause ("rainbow by height": Axis needs AxisColor, Use rainbow Intensity).
    const others = [...plannedBefore, ...settings.filter((st, k) => k < i || spec.properties.find((y) => y.path === st.path)?.kind !== 'bool')].filter((st) => st !== later);
    const clash = others.flatMap((a) => needs(a.path).flatMap((ra) => needs(later.path).filter((rb) => rb.path === ra.path && rb.value.toLowerCase() !== ra.value.toLowerCase()).map((rb) => ({ a, ra, rb }))))[0];
    if (!clash) continue;
    settings.splice(i, 1);
    used.delete(later.path);
    questions.push(`${label}: left ${later.path} out: it needs ${clash.rb.path} ${clash.rb.value}, and ${clash.a.path} needs ${clash.ra.value}`);
  }
  // "flip the rainbow", "reverse the colour map": an Invert/Reverse switch whose object (its own words or the setting
  // it depends on) the clause names, set to the opposite of what it is now.
  if (inverted) {
    for (const x of spec.properties) {
      if (x.kind !== 'bool' || used.has(x.path) || !/^(invert|reverse|flip)\b/i.test(x.path.split('/').pop()!)) continue;
      const objects = [tokenize(x.path.split('/').pop()!).slice(1).join(' '),
        ...(x.requires ?? []).flatMap((r) => spec.properties.find((y) => y.path === r.path && y.kind === 'bool')?.words ?? [])].filter((w) => w.length > 0);
      if (!objects.some((w) => hasPhrase(tokens, w))) continue;
      for (const w of objects) { const at = hasPhrase(tokens, w); if (at) { const i = settings.findIndex((st) => st.path !== x.path && spec.properties.find((y) => y.path === st.path)?.words?.includes(w)); if (i >= 0) { used.delete(settings[i]!.path); settings.splice(i, 1); } } }
      settings.push({ path: x.path, value: String(!currentBool(x.path)) });
      used.add(x.path);
    }
  }
  // "only the frame names", "just the edges", "collision only": the one switch turned on, and its siblings (same parent,
  // names that differ in one word: Show Axes and Show Arrows beside Show Names, Visual Enabled beside Collision
  // Enabled) off. "only the last 10" limits a count instead.
  // (Not with "as well" or "too", which add to what is on: "just switch on its collision geometry as well".)
  // (Nor "just" before a verb of switching on: "just turn on the frame names" is simply that, the rest as it is.)
  const onlyWord = anyPhrase(tokens, ['as well', 'too', 'also', 'in addition', 'additionally']) ? undefined : anyPhrase(tokens, ['only', 'just']);
  const simply = onlyWord !== undefined && tokens[onlyWord.start] === 'just' && ['turn', 'switch', 'enable', 'flip', 'toggle', 'activate'].includes(tokens[onlyWord.start + 1] ?? '');
  const onlyAt = simply ? undefined : onlyWord;
  const onSwitches = settings.filter((st) => st.value === 'true' && spec.properties.find((y) => y.path === st.path)?.kind === 'bool');
  // "only the frame names and axes": several switches of one family on, the rest of it off.
  const parent = (path: string): string => path.split('/').slice(0, -1).join('/');
  const family = onSwitches.length > 0 && onSwitches.every((st) => parent(st.path) === parent(onSwitches[0]!.path) && (st === onSwitches[0] || siblingSwitches(st.path, onSwitches[0]!.path)));
  if (onlyAt && family && !/^\d|^last$/.test(tokens[onlyAt.start + 1] ?? '')) {
    const on = onSwitches[0]!.path;
    for (const y of spec.properties) {
      if (y.kind !== 'bool' || onSwitches.some((st) => st.path === y.path) || used.has(y.path) || parent(y.path) !== parent(on) || !siblingSwitches(y.path, on)) continue;
      if (!currentBool(y.path)) continue;
      settings.push({ path: y.path, value: 'false' });
      used.add(y.path);
    }
  }
  // "in front of the map" is the opposite of "behind": that switch off.
  for (const [phrase, opposite] of OPPOSITES) {
    if (!hasPhrase(tokens, phrase)) continue;
    const x = spec.properties.find((y) => y.kind === 'bool' && !used.has(y.path) && (y.words ?? []).includes(opposite));
    if (x) { settings.push({ path: x.path, value: String(negated) }); used.add(x.path); }
  }
  // A range ("10 to 200", "a fixed scale of 0 to 2 m"): a Min/Max pair of the display, picked by the words the clause
  // uses, else by the one that applies now (or with what this clause sets), else the only one; complete() switches
  // off the automatic bounds the pair depends on.
  for (const range of free().filter((q) => q.to !== undefined)) {
    take(range);
    // "take its alpha from 0.3 up to 0.5": the one number setting named goes from the first number to the second (what
    // it is now, when not the first, is said).
    const fromTo = /\bfrom\s+(-?\d+(?:\.\d+)?)\s*(?:[a-z%]+\s+)?(?:up\s+|down\s+)?to\s+(-?\d+(?:\.\d+)?)/i.exec(text);
    const named = fromTo ? meant.map((m) => m.property).filter((x) => (x.kind === 'float' || x.kind === 'int') && !used.has(x.path)) : [];
    const moved = named.length === 1 ? named[0] : undefined;
    if (fromTo && moved) {
      used.add(moved.path);
      unclear.splice(0, unclear.length, ...unclear.filter((u) => u !== moved.path));
      const to: Quantity = { ...range, value: Number(fromTo[2]), to: undefined };
      if (!takesValue(moved, to, to.value, false)) continue;
      settings.push({ path: moved.path, value: round(to.value) });
      const was = current(moved.path);
      if (was !== undefined && was !== Number(fromTo[1])) p.notes.push(`${label}: ${moved.path} was ${was}, not ${fromTo[1]}; it is now ${round(to.value)}`);
      continue;
    }
    const pair = rangePair(spec, tokens, holdsWith);
    if ('question' in pair) { questions.push(`${label}: ${pair.question} for ${numberText(range)}?`); continue; }
    // Degrees on a pair that is no angle (a temperature's intensity) are the numbers as written, never radians.
    const asWritten = range.degrees === true && dimensionOf(pair.min) !== 'angle' ? 180 / Math.PI : 1;
    for (const [x, raw] of [[pair.min, range.value], [pair.max, range.to!]] as const) {
      if (used.has(x.path)) continue;
      const v = raw * asWritten;
      settings.push({ path: x.path, value: valueText(x, v) });
      used.add(x.path);
    }
  }
  // A count with no property named ("50 arrows", "20 cells", "three times as many cells"): the count whose words name
  // what is counted.
  const count = free().find((q) => countLike(q));
  if (count) {
    const counts = spec.properties.filter((x) => x.kind === 'int' && !isUnderTopic(x) && !used.has(x.path) && (count.nouns ?? []).some((n) => countsNoun(x, n, tokens)));
    if (counts.length === 1) {
      const v = count.kind === 'factor' ? numberForFactor(counts[0]!, count) : count.delta !== undefined ? withDifference(counts[0]!, count, current(counts[0]!.path)) : count.value;
      if (v !== undefined) { settings.push({ path: counts[0]!.path, value: String(v) }); used.add(counts[0]!.path); take(count); }
    }
  }
  // A duration with no property named ("for 2 seconds"): the display's time setting (Decay Time, …).
  const duration = free().find((n) => n.kind === 'seconds');
  if (duration) {
    const timed = spec.properties.find((x) => (x.kind === 'float' || x.kind === 'int') && /time/i.test(x.path) && !used.has(x.path));
    if (timed) { settings.push({ path: timed.path, value: round(duration.value) }); used.add(timed.path); take(duration); }
  }
  // An angle with no property named ("every 20 degrees"): the display's one angle setting.
  const angle = free().find((n) => n.kind === 'angle');
  if (angle) {
    const angles = spec.properties.filter((x) => (x.kind === 'float' || x.kind === 'int') && dimensionOf(x) === 'angle' && !used.has(x.path));
    if (angles.length === 1) { settings.push({ path: angles[0]!.path, value: round(angle.value) }); used.add(angles[0]!.path); take(angle); }
  }
  // "an arrow every 0.5 m", "spaced 2 m apart": the length between things (Position Tolerance's "distance between").
  const spaced = ['every', 'apart', 'spaced', 'spacing'].some((w) => tokens.includes(w)) ? free().find((n) => n.kind === 'length') : undefined;
  if (spaced) {
    const between = spec.properties.filter((x) => (x.kind === 'float' || x.kind === 'int') && dimensionOf(x) === 'length' && !used.has(x.path)
      && (x.words ?? []).some((w) => /\b(between|spacing|apart|distance)\b/.test(w)));
    if (between.length === 1) { settings.push({ path: between[0]!.path, value: round(spaced.value) }); used.add(between[0]!.path); take(spaced); }
  }
  // A length with no property named ("5 cm"): the size that applies now.
  const length = free().find((n) => n.kind === 'length' || n.kind === 'pixels');
  if (length) {
    // Pixels name the pixel size (valid once the style is Points, which complete() adds); lengths the metric one.
    const size = length.unit === 'px'
      ? spec.properties.find((x) => isSizeLike(x) && /pixel/i.test(x.path))
      // ("as axes, w/ 0.5 m axes": a part with a length and a radius, sized with no shape word, is as long as that.)
      : shapeProperty(p, d, spec, tokens) ?? partLength(p, d, spec, tokens, settings) ?? sizeProperty(p, d, spec, true, settings);
    if (size && !used.has(size.path)) { settings.push({ path: size.path, value: round(length.value) }); take(length); used.add(size.path); }
  }
  // "the plan line 0.05 thick", "arrows 0.3 long": a number with no unit beside a shape adjective is that length in the
  // setting's own unit.
  const plain = free().find((n) => n.kind === 'bare' && n.to === undefined);
  if (plain && SHAPE_WORDS.some(([word]) => tokens.some((t) => word.test(t)))) {
    const shaped = shapeProperty(p, d, spec, tokens);
    if (shaped && !used.has(shaped.path)) {
      take(plain);
      used.add(shaped.path);
      if (takesValue(shaped, plain, plain.value)) settings.push({ path: shaped.path, value: valueText(shaped, plain.value) });
    }
  }
  // A TF frame named for a display that has a frame setting ("axes at tool0"): its Reference Frame.
  const frameProp = spec.properties.find((x) => x.kind === 'frame');
  if (frameProp && !used.has(frameProp.path)) {
    // …not a word that names a display here ("behind the map" is the Map display, not the map frame).
    const maskedWords = new Set(tokens.filter((_, i) => masked.some((m) => i >= m.start && i < m.start + m.length)));
    const frame = p.ctx.frames.find((f) => text.split(/[\s,;:!?'"]+/).some((w) => w.replace(/\.$/, '') === f) && !tokenize(f).every((t) => maskedWords.has(t)));
    if (frame) { settings.push({ path: frameProp.path, value: frame }); used.add(frameProp.path); }
  }
  // A colour for a setting that takes a number ("set the grid cell size to blue") is refused with what it takes; it
  // never lands on the display's colour instead.
  const numericNamed = unclear.map((u) => spec.properties.find((x) => x.path === u)).filter((x): x is PropertySpec => x !== undefined && (x.kind === 'int' || x.kind === 'float'));
  // ("force arrows in green": "force" names the Force Color too, so the colour has a setting of its own.)
  const colourNamed = tokens.some((t) => /^colou?r/.test(t)) || spec.properties.some((x) => x.kind === 'color'
    && tokenize(x.path).some((w) => !COLOUR_WORDS.has(w) && (tokens.includes(w) || tokens.map(singular).includes(w))));
  if (colour && numericNamed.length > 0 && quantities.length === 0 && !colourNamed) {
    for (const x of numericNamed) questions.push(`${label}: ${x.path} is ${describeDimension(dimensionOf(x))}; a colour is not one; nothing was changed`);
    unclear.splice(0, unclear.length, ...unclear.filter((u) => !numericNamed.some((x) => x.path === u)));
    settings.splice(0, settings.length, ...settings.filter((x) => !(spec.properties.find((y) => y.path === x.path)?.kind === 'color' && x.value === colour)));
  } else if (colour && !settings.some((s) => spec.properties.find((x) => x.path === s.path)?.kind === 'color')) {
    // A colour with no colour property named: the display's main colour.
    // "torque arrows in blue": the colour whose own qualifier the clause uses (Torque Color), else the main one.
    const colours = spec.properties.filter((x) => x.kind === 'color');
    const qualified = colours.filter((x) => {
      const own = tokenize(x.path).filter((w) => !COLOUR_WORDS.has(w));
      return own.length > 0 && own.every((w) => tokens.includes(w) || tokens.map(singular).includes(w));
    });
    const main = (qualified.length === 1 ? qualified[0] : undefined) ?? colours.find((x) => x.path === 'Color') ?? colours[0];
    if (main) settings.push({ path: main.path, value: colour });
  }
  // "half as long", "to 40 percent" with no size named: a share of the length a shape word names, else of the size.
  const share = free().find((q) => q.kind === 'fraction');
  // "both costmaps at 0.4 opacity and the map at twice that", "actually, half of that": a multiple of the number set
  // last (in this request, else in the turn before) is of that same setting, here.
  const multiple = free().find((q) => q.kind === 'factor' && !countLike(q)) ?? (share?.word !== undefined ? share : undefined);
  const relative = multiple && /\b(?:that|this)\b/i.test(text) ? lastNumberSet(p, d, spec) : undefined;
  if (multiple && relative && !used.has(relative.path)) {
    const prop = spec.properties.find((x) => x.path === relative.path)!;
    const v = relative.value * (multiple.kind === 'factor' ? multiple.value : multiple.value / 100);
    // (…and the share the same word is read as: "half" is both.)
    for (const q of free().filter((x) => x.index === multiple.index)) take(q);
    used.add(prop.path);
    if (takesValue(prop, multiple, v)) settings.push({ path: prop.path, value: valueText(prop, v) });
  }
  const partFactor = free().find((q) => q.kind === 'factor' && !countLike(q));
  const sized = (): boolean => settings.some((s) => { const x = spec.properties.find((y) => y.path === s.path); return isSizeLike(x) || (x !== undefined && dimensionOf(x) === 'length'); });
  // (A part switched on by name — "the covariance ellipse" — is what a size word is about: its Scale.)
  // (…and "make it a bit smaller" after it: the part's Scale this request already changes.)
  // (…or the part the clause before said something of: "the AMCL covariance ellipse is huge, make it a bit smaller".)
  const stated = p.statedBefore !== undefined && tokens.some((t) => BACK_POINTERS.has(t)) ? p.statedBefore : '';
  const switched = (): string[] => [...settings.filter((st) => spec.properties.find((x) => x.path === st.path)?.kind === 'bool' && st.value === 'true').map((st) => st.path),
    ...[...(d?.planProps.keys() ?? [])].filter((k) => k.endsWith('/Scale')).map((k) => k.slice(0, k.lastIndexOf('/'))),
    // ("turn on the covariance …, but make the ellipse half size": a part an earlier clause switched on.)
    ...[...(d?.planProps.entries() ?? [])].filter(([k, v]) => v === 'true' && spec.properties.find((x) => x.path === k)?.kind === 'bool').map(([k]) => k),
    ...(stated ? p.ctx.catalog.propertyForWords(spec, stated).filter((m) => m.via === 'words' && m.property.kind === 'bool').map((m) => m.property.path) : [])];
  const partTokens = [...tokens, ...tokenize(stated)];
  // "the arrow heads are huge, halve them", "the axes are tiny, double them": a part with a length and a radius of its
  // own, named with no shape word, is sized as a whole; the arrow's shaft, or a pose's other parts, are not.
  const dims = (bigger || smaller || partFactor || (share && free().includes(share))) && !sized() && !comparativeUsed && !quantities.some((q) => q.kind === 'factor' && usedQ.has(q))
    && !partTokens.some((t) => SHAPE_WORDS.some(([word]) => word.test(t))) ? namedPartDims(p, d, spec, partTokens) : [];
  if (dims.length > 1 && dims.every((x) => !used.has(x.path) && current(x.path) !== undefined)) {
    for (const x of dims) {
      const cur = (partFactor || share ? base(x.path) : undefined) ?? current(x.path)!;
      const v = partFactor ? cur * partFactor.value : share && free().includes(share) ? cur * shareFactor(share, text, bigger, smaller) : Number(numericValue(x, undefined, cur, '', tokens, bigger, smaller));
      used.add(x.path);
      settings.push({ path: x.path, value: round(clampTo(x, v)) });
    }
    take(partFactor);
    if (!partFactor) take(share);
  }
  if (share && free().includes(share) && !sized()) {
    const size = partScale(spec, switched(), partTokens) ?? shapeProperty(p, d, spec, partTokens) ?? sizeProperty(p, d, spec) ?? growable(p, d, spec);
    const cur = size ? base(size.path) : undefined;
    if (size && cur !== undefined && dimensionOf(size) !== 'fraction' && !used.has(size.path)) {
      take(share);
      used.add(size.path);
      settings.push({ path: size.path, value: round(clampTo(size, cur * shareFactor(share, text, bigger, smaller))) });
    }
  }
  // "bigger" / "smaller" with no size named: the length a shape word names ("twice as long"), else the size that
  // applies in the display's current style.
  const factor = free().find((q) => q.kind === 'factor' && !countLike(q));
  const factorTaken = quantities.some((q) => q.kind === 'factor' && usedQ.has(q));
  // "increase the grid to 50 cells": a number written out already says how much; "bigger" adds no second change.
  const valueTaken = quantities.some((q) => usedQ.has(q)) && settings.some((st) => { const k = spec.properties.find((x) => x.path === st.path)?.kind; return k === 'int' || k === 'float'; });
  if ((bigger || smaller || factor) && !sized() && !factorTaken && !(valueTaken && !factor) && !comparativeUsed) {
    const part = partScale(spec, switched(), partTokens);
    const lengths = part ? [] : unnamedLengths(p, d, spec, partTokens);
    if (lengths.length > 1) questions.push(`${label}: which length — ${lengths.map((x) => x.path).join(' or ')}? nothing was changed`);
    const size = lengths.length > 1 ? undefined : part ?? statedNumber(p, spec, stated) ?? shapeProperty(p, d, spec, partTokens) ?? sizeProperty(p, d, spec);
    // "enlarge the laser points to 0.05", "a bit chunkier (0.06)": a value written beside the comparative is the size;
    // one that goes the other way than the comparative says is asked about, never applied.
    const written = size && !factor ? free().find((q) => q.kind !== 'fraction' && fits(dimensionOf(size), q)) : undefined;
    const cur = size ? current(size.path) : undefined;
    if (size && written && !used.has(size.path) && written.delta !== undefined) {
      // ("make the lidar dots 0.05 m smaller": the size now less that much, refused below nothing.)
      take(written);
      used.add(size.path);
      const v = withDifference(size, written, cur);
      if (v !== undefined) settings.push({ path: size.path, value: valueText(size, v) });
    } else if (size && written && !used.has(size.path)) {
      take(written);
      used.add(size.path);
      if (cur !== undefined && bigger !== undefined && smaller === undefined && written.value < cur) questions.push(`${label}: "bigger" but ${numberText(written)} is below its ${size.path} ${cur}; nothing was changed`);
      else if (cur !== undefined && smaller !== undefined && bigger === undefined && written.value > cur) questions.push(`${label}: "smaller" but ${numberText(written)} is above its ${size.path} ${cur}; nothing was changed`);
      else if (takesValue(size, written, written.value)) settings.push({ path: size.path, value: valueText(size, written.value) });
    } else if (size && !used.has(size.path)) {
      const v = factor ? numberForFactor(size, factor)?.toString() : numericValue(size, undefined, current(size.path), '', tokens, bigger, smaller);
      if (v !== undefined) { settings.push({ path: size.path, value: v }); used.add(size.path); take(factor); }
    }
  }
  // "min intensity 20, max 45": a number left over right after a word that, swapped into a setting this clause sets,
  // names its sibling (Max Intensity), is that setting's.
  for (const q of free()) {
    const word = new RegExp(`\\b([a-z]+)\\s+(?:to\\s+|at\\s+)?${escapeRegExp(String(q.value))}(?![\\d.])`, 'i').exec(visible)?.[1]?.toLowerCase();
    const siblings = word === undefined ? [] : settings.flatMap((st) => oneWordSiblings(spec, st.path)).filter((x) => x.word === word && (x.property.kind === 'float' || x.property.kind === 'int') && !used.has(x.property.path));
    if (siblings.length !== 1) continue;
    const prop = siblings[0]!.property;
    if (!takesValue(prop, q, q.value)) continue;
    take(q);
    used.add(prop.path);
    settings.push({ path: prop.path, value: valueText(prop, q.value) });
  }
  // A number left over with nothing named to take it ("set the grid to 5"): ask which setting, never guess.
  const left = free()[0];
  // "hide 2 costmaps", "the 2 cameras": a number counting displays is how many are meant, never a setting's value.
  if (left && countsDisplays(p, spec, left, tokens)) take(left);
  // ("make the global costmap twice as thick": a multiple is of a value the display has; with no setting it sizes, it is
  // never a number of its own, 2.)
  else if (left && left.kind === 'factor' && settings.length === 0 && unclear.length === 0 && questions.length === 0) {
    questions.push(`${label}: "${numberText(left)}" of which setting? no ${spec.name} setting fits the words; nothing was changed`);
  }
  else if (left && settings.length === 0 && unclear.length === 0 && questions.length === 0) {
    // ("map 50 %": a share is read against a 0–1 setting as its fraction.)
    const inRange = (x: PropertySpec): boolean => {
      const v = left.percent && dimensionOf(x) === 'fraction' ? left.value / 100 : left.value;
      return v >= (x.min ?? -Infinity) && v <= (x.max ?? Infinity);
    };
    const fitting = spec.properties.filter((x) => (x.kind === 'int' || x.kind === 'float') && !isUnderTopic(x) && fits(dimensionOf(x), left) && inRange(x));
    const numeric = fitting.map((x) => x.path);
    // "anything above 70 counts as occupied": the one setting that takes it and whose words share a word of the clause
    // ("occupied threshold").
    const worded = fitting.filter((x) => (x.words ?? []).some((w) => tokenize(w).some((t) => !GENERIC_WORDS.has(t) && t.length > 3 && tokens.includes(t))));
    // "…make it less transparent — 0.6 or so": the one number setting the request already changes on this display;
    // "Static Map at 0.5": the one setting that can take the number at all.
    const planned = d ? fitting.filter((x) => d.planProps.has(x.path)) : [];
    // "Bin View alpha 0.6, Cone 0.2": the setting the clause before set on its display, when this one has it too.
    // (Only a clause of the name and the number: "Depth stays at 0.02" keeps, it does not set.)
    const bareClause = tokenize(visible).every((t) => /^\d/.test(t));
    const echoed = !bareClause ? [] : fitting.filter((x) => (p.previousActions ?? []).some((a) => a.action === 'set_property' && a.property === x.path && a.display !== (d ? p.state.handle(d) : '')));
    const only = planned.length === 1 ? planned : fitting.length === 1 ? fitting : worded.length === 1 && fitting.length <= 3 ? worded : echoed.length === 1 ? echoed : [];
    if (only.length === 1) {
      // A share is never written raw into a 0–1 setting ("see 40 % through" is Alpha 0.6).
      const x = only[0]!;
      // ("keep two fewer poses": the count now, less two.)
      const written = left.delta !== undefined ? withDifference(x, left, current(x.path)) : left.percent && dimensionOf(x) === 'fraction' ? left.value / 100 : left.value;
      const value = written === undefined ? undefined : left.delta !== undefined ? valueText(x, written)
        : dimensionOf(x) === 'fraction' ? numericValue(x, written, current(x.path), tokens.join(' '), tokens, undefined, undefined) : valueText(x, written);
      take(left);
      if (value !== undefined) settings.push({ path: x.path, value });
    }
    else if (numeric.length > 0) questions.push(`${label}: which setting should be ${numberText(left)}? (${numeric.slice(0, 6).join(', ')}${numeric.length > 6 ? ', …' : ''})`);
    else questions.push(`${label}: no ${spec.name} setting takes "${numberText(left)}"; nothing was changed`);
  }
  // "in spheres of 0.2", "squares, 0.05": a number beside the style the clause sets is the size that style draws with
  // (Size (Pixels) for Points, else Size (m)).
  else if (left && unclear.length === 0 && questions.length === 0) {
    const style = settings.find((st) => st.path === 'Style');
    const pixels = (x: PropertySpec): boolean => (x.requires ?? []).some((r) => r.path === 'Style' && r.value === 'Points');
    // (Right after the style's word: "probe 33 as squares" names a probe, not a size.)
    const beside = style !== undefined && new RegExp(`\\b${escapeRegExp(style.value.toLowerCase().replace(/s$/, ''))}s?\\b[\\s,:]*(?:(?:of|at|with|size)\\s+)*-?\\.?\\d`, 'i').test(text);
    const size = style && beside ? spec.properties.find((x) => /^Size\b/.test(x.path) && (x.kind === 'float' || x.kind === 'int') && pixels(x) === (style.value === 'Points')) : undefined;
    if (size && !used.has(size.path) && fits(dimensionOf(size), left) && takesValue(size, left, left.value)) {
      settings.push({ path: size.path, value: valueText(size, left.value) });
      used.add(size.path);
      take(left);
    }
  }
  // A colour setting found by its plain colour word ("light blue" matched "blue") takes the shade the clause gives.
  const unshaded = plainColourOf(text);
  if (colour !== undefined && unshaded !== undefined && unshaded !== colour) {
    for (const x of settings) if (x.value === unshaded && spec.properties.find((y) => y.path === x.path)?.kind === 'color') x.value = colour;
  }
  // "set the covariance ellipse scale to -2": the switches and modes a refused value needs (Covariance on, Shape Arrow)
  // are not made for it either.
  const servesRefused = (path: string): boolean => [...refused].some((r) => r.startsWith(`${path}/`)
    || (spec.properties.find((y) => y.path === r)?.requires ?? []).some((q) => q.path === path));
  if (refused.size > 0) settings.splice(0, settings.length, ...settings.filter((x) => !servesRefused(x.path)));
  // A setting before the ones under it ("Shape" before "Shape/Color"): RViz keeps a setting with settings under it as
  // its `Value`, which the document only gets when the setting is written first.
  settings.sort((a, b) => Number(a.path.startsWith(`${b.path}/`)) - Number(b.path.startsWith(`${a.path}/`)));
  return { settings, unclear, questions };
}

/** Directions along the fixed frame's axes (REP 103: x forward, y left, z up). */
const DIRECTIONS: Record<string, [number, number]> = { up: [2, 1], upward: [2, 1], upwards: [2, 1], higher: [2, 1], raise: [2, 1], down: [2, -1], downward: [2, -1], downwards: [2, -1], lower: [2, -1],
  forward: [0, 1], forwards: [0, 1], ahead: [0, 1], back: [0, -1], backward: [0, -1], backwards: [0, -1], left: [1, 1], right: [1, -1] };

/**
 * An X; Y; Z value: three numbers ("offset 0 0 1"), an axis and a number ("z 0.5": that component), or a direction and
 * a length ("up by 0.5 m": added to the current value).
 */
function vectorValue(prop: PropertySpec, current: string | undefined, tokens: readonly string[], free: readonly Quantity[], take: (q: Quantity | undefined) => Quantity | undefined): string | undefined {
  const nums = free.filter((q) => q.kind === 'length' || q.kind === 'bare');
  const cur = (current ?? '0; 0; 0').split(/[;,\s]+/).map(Number);
  const base = cur.length === 3 && cur.every(Number.isFinite) ? cur : [0, 0, 0];
  if (nums.length >= 3) { nums.slice(0, 3).forEach(take); return nums.slice(0, 3).map((q) => round(q.value)).join('; '); }
  const q = nums[0];
  if (!q) return undefined;
  const dir = tokens.map((t) => DIRECTIONS[t]).find((x) => x !== undefined);
  const axis = ['x', 'y', 'z'].findIndex((a) => tokens.includes(a));
  const out = [...base];
  if (dir) out[dir[0]] = base[dir[0]]! + dir[1] * q.value;
  else if (axis >= 0) out[axis] = q.value;
  else return undefined;
  take(q);
  return out.map((n) => round(n)).join('; ');
}

/**
 * Whether a count's noun names displays (a display type's word or a device noun), no count setting of `spec`, and no
 * more of them than the document holds ("the last 20 poses" of one particle cloud counts poses, not displays).
 */
function countsDisplays(p: Planner, spec: DisplayTypeSpec, q: Quantity, tokens: readonly string[]): boolean {
  if (q.kind !== 'count' || q.noun === undefined || q.value < 2) return false;
  const noun = singular(q.noun);
  if (spec.properties.some((x) => x.kind === 'int' && countsNoun(x, q.noun!, tokens))) return false;
  const names = (w: string): boolean => { const t = tokenize(w); return t.length === 1 && singular(t[0]!) === noun; };
  // (For a device noun, a type whose words hold it counts too: "the 2 cameras" are Image displays, "camera image".)
  const device = CONCEPTS.deviceNouns.nouns.some(names);
  const holds = (w: string): boolean => names(w) || (device && tokenize(w).some((t) => singular(t) === noun));
  const classes = new Set([...p.ctx.catalog.displays.filter((d) => d.words.some(holds)).map((d) => d.classId),
    ...CONCEPTS.devices.filter((dev) => dev.nouns.some(names)).flatMap((dev) => Object.keys(dev.types))]);
  // (A device noun counts the displays on its topics: "the 2 cameras", two images on /camera/….)
  return p.state.live().filter((d) => classes.has(d.classId) || (device && [...d.topics.values()].some((t) => topicTokens(t).map(singular).includes(noun)))).length >= q.value;
}

/** A number as the user wrote it, for a question back. */
function numberText(q: Quantity): string {
  if (q.word) return q.word;
  switch (q.kind) {
    case 'count': return `${q.value} ${(q.nouns ?? [q.noun]).join(' ')}`;
    case 'fraction': return `${q.value} %`;
    case 'length': return `${round(q.value)} m`;
    case 'seconds': return `${q.value} s`;
    case 'pixels': return `${q.value} px`;
    case 'bare': return q.to !== undefined ? `${q.value} to ${q.to}` : String(q.value);
    case 'factor': return q.word ?? `${q.value} times`;
    case 'angle': return `${round(q.value)} rad`;
  }
}

export function isUnderTopic(prop: PropertySpec): boolean {
  return prop.path.includes('/') && /Topic$/.test(prop.path.split('/')[0]!);
}

/** Words that name the topic's QoS, so a QoS value word ("keep last") means QoS and not a display setting. */
const QOS_WORDS = ['qos', 'policy', 'quality of service', 'queue', 'history depth', 'subscription', 'subscriber'];

/**
 * The catalog's matches, judged by the value too. A QoS value phrase that holds a display setting's word ("keep last"
 * holds Odometry's "keep") means that setting when a count follows and the request does not talk about QoS; a count
 * that names its noun ("50 arrows") is not also a value ("arrows" → Shape).
 */
export function fittingMatches(spec: DisplayTypeSpec, matches: PropertyMatch[], quantities: readonly Quantity[], tokens: readonly string[]): PropertyMatch[] {
  const q = quantities[0];
  const qosNamed = QOS_WORDS.some((w) => hasPhrase(tokens, w));
  const out: PropertyMatch[] = [];
  // "2.5 cells per plane": a fraction written before what a count of this display counts asks for that count (which
  // then says 2.5 is no whole number), not for a size its noun also names (Cell Size).
  const counted = q?.kind === 'bare' && (q.nouns ?? []).length > 0
    ? spec.properties.find((x) => x.kind === 'int' && !isUnderTopic(x) && (q.nouns ?? []).some((n) => countsNoun(x, n, tokens))) : undefined;
  for (const m of matches) {
    if (counted && m.property !== counted && m.via === 'words' && m.property.kind === 'float'
      && tokenize(m.matched).map(singular).some((t) => (q!.nouns ?? []).map(singular).includes(t))) {
      if (!out.some((o) => o.property === counted)) out.push({ property: counted, matched: m.matched, via: 'words' });
      continue;
    }
    // (A fraction too: "keep the last 2.5 arrows" names the count, which says below that 2.5 is no whole number.)
    if (q && (q.kind === 'bare' || q.kind === 'count') && (Number.isInteger(q.value) || (q.nouns ?? []).length > 0) && isUnderTopic(m.property) && m.via === 'value' && !qosNamed) {
      const words = tokenize(m.matched);
      const own = spec.properties.find((x) => x.kind === 'int' && !isUnderTopic(x) && (x.words ?? []).some((w) => words.includes(w)));
      if (own && !out.some((o) => o.property === own)) out.push({ property: own, matched: m.matched, via: 'words' });
      // With no such setting the count is still not QoS: the question below says nothing takes it.
      continue;
    }
    // A named setting whose kind does not fit the number ("20 cells" names Cell Size, a size in metres): the one
    // setting of the right kind that the same words name (Plane Cell Count), else the question below. (Named by words
    // only it has — "cell count 7.5" — it is meant, and the question below says 7.5 is no count.)
    if (q && m.via === 'words' && (m.property.kind === 'int' || m.property.kind === 'float') && !fits(dimensionOf(m.property), q)) {
      const words = tokenize(m.matched).map(singular);
      const alts = spec.properties.filter((x) => x !== m.property && (x.kind === 'int' || x.kind === 'float') && !isUnderTopic(x) && fits(dimensionOf(x), q)
        && (x.words ?? []).some((w) => tokenize(w).map(singular).some((t) => words.includes(t)))
        && words.every((t) => (x.words ?? []).some((w) => tokenize(w).map(singular).includes(t)))
        && (!countLike(q) || (q.nouns ?? []).some((n) => countsNoun(x, n, tokens))));
      if (alts.length === 1) {
        if (!out.some((o) => o.property === alts[0])) out.push({ property: alts[0]!, matched: m.matched, via: 'words' });
        continue;
      }
    }
    // "the cone's edges white": a colour beside a part named by its words is the colour setting of that part (Edge color),
    // not the display's own Color.
    if (m.via === 'value' && m.property.kind === 'color') {
      const partWords = (path: string): string[] => tokenize(path).filter((w) => !['color', 'colour'].includes(w)).map(singular);
      const named = matches.filter((x) => x.via === 'words' && x !== m).flatMap((x) => tokenize(x.matched).map(singular));
      const parts = spec.properties.filter((y) => y !== m.property && y.kind === 'color' && partWords(y.path).length > 0 && partWords(y.path).every((w) => named.includes(w)));
      if (parts.length === 1) {
        if (!out.some((o) => o.property === parts[0])) out.push({ property: parts[0]!, value: m.value, matched: m.matched, via: 'words' });
        continue;
      }
    }
    // "front view overlay 30%": a value word of a choice, with a number beside it and no number setting named, names the
    // one number setting whose own name holds that word (Overlay Alpha); the number is never dropped.
    if (q && m.via === 'value' && m.property.kind === 'enum' && !matches.some((x) => x.property.kind === 'int' || x.property.kind === 'float')) {
      const words = tokenize(m.matched);
      const own = spec.properties.filter((x) => (x.kind === 'int' || x.kind === 'float') && !isUnderTopic(x) && fits(dimensionOf(x), q) && words.every((w) => tokenize(x.path).includes(w)));
      if (own.length === 1) {
        if (!out.some((o) => o.property === own[0])) out.push({ property: own[0]!, matched: m.matched, via: 'words' });
        continue;
      }
    }
    // "50 odometry arrows": the noun belongs to the count when a count of this display names it.
    if ((q?.kind === 'count' || q?.kind === 'bare') && m.via === 'value' && (q.nouns ?? []).some((n) => tokenize(m.matched).every((t) => singular(t) === singular(n)))
      && spec.properties.some((x) => x.kind === 'int' && (q.nouns ?? []).some((n) => countsNoun(x, n, tokens)))) continue;
    out.push(m);
  }
  return out;
}

const COLOUR_WORDS = new Set(['color', 'colour', 'shape']);

/** Words that turn a switch to its opposite ("flip the rainbow", "toggle the names"). */
export const TOGGLE_WORDS = ['flip', 'reverse', 'invert', 'toggle', 'inverse', 'swap', 'flipped', 'reversed', 'inverted'];
/** Of those, the words that name an Invert/Reverse switch's action ("flip the rainbow" is Invert Rainbow; "toggle" is not). */
const INVERT_WORDS = ['flip', 'reverse', 'invert', 'inverse', 'flipped', 'reversed', 'inverted'];
/** Words that introduce a value, a threshold or a range ("treat cells above 65 as occupied", "between 10 and 20"). */
export const VALUE_WORDS = ['excluded', 'apart', 'spaced', 'spacing', 'finer', 'coarser', 'denser', 'treat', 'treated', 'consider', 'considered', 'regard', 'counts', 'count', 'range', 'between', 'above', 'over', 'below',
  'under', 'beyond', 'upto', 'scale', 'limit', 'limits', 'bound', 'bounds', 'threshold', 'cutoff', 'quarter', 'third', 'thirds', 'quarters'];
/** Negations the general list lacks: contractions of modal verbs ("shouldn't", "mustn't"), "no longer". */
export const MORE_NEGATIONS = ['shouldn t', 'should not', 'mustn t', 'must not', 'isn t', 'is not', 'aren t', 'are not', 'won t', 'will not', 'never', 'no longer', 'wouldn t', 'can t', 'cannot',
  'haven t', 'hasn t', 'hadn t', 'wasn t', 'weren t', 'didn t'];
/** Words right before an enum value that say it is not wanted ("not squares", "no boxes"). */
const NOT_BEFORE = new Set(['not', 'no', 'without', 'never']);
/** The English a lexicon gives a marker that follows what is not wanted (ja の代わりに, ではなく, じゃなくて). */
export const EXCLUDED = 'excluded';
/** "X instead of Y", "X rather than Y": what follows is not wanted. */
const INSTEAD_OF = ['instead of', 'rather than', 'in place of'];
/** Phrases meaning the opposite of a switch's word: "in front of" is not "behind". */
const OPPOSITES: readonly [string, string][] = [['in front', 'behind'], ['on top', 'behind'], ['in the foreground', 'behind']];
/** Words too general to tie a number to a setting by themselves. */
const GENERIC_WORDS = new Set(['value', 'values', 'size', 'number', 'count', 'time', 'length', 'width', 'scale', 'level', 'amount', 'minimum', 'maximum', 'color', 'colour', 'frame', 'show', 'with', 'from', 'that', 'this', 'than']);

/**
 * "odometry covariance 50 % see-through", "covariance red": a setting named next to a switch that has settings of its
 * own (Covariance → Covariance/Position/Alpha, Covariance/Orientation/Alpha) is the one of that name under it.
 */
function underNamedParent(spec: DisplayTypeSpec, matches: readonly PropertyMatch[], tokens: readonly string[]): PropertyMatch[] {
  const parents = matches.filter((x) => x.via === 'words' && x.property.kind === 'bool' && spec.properties.some((y) => y.path.startsWith(`${x.property.path}/`)));
  if (parents.length === 0) return [...matches];
  const last = (path: string): string => path.split('/').pop()!;
  return matches.flatMap((m) => {
    if (m.via === 'requires' || parents.includes(m) || parents.some((pr) => m.property.path.startsWith(`${pr.property.path}/`))) return [m];
    const under = ownWordOf(parents.flatMap((pr) => spec.properties.filter((y) => y.path.startsWith(`${pr.property.path}/`) && last(y.path) === last(m.property.path) && y.kind === m.property.kind)), tokens);
    return under.length > 0 ? under.map((property) => ({ ...m, property })) : [m];
  });
}

/**
 * Of several settings, the one a word of the clause names and no other of them does ("ellipse": the position
 * covariance's, not the orientation's); all of them when none is.
 */
function ownWordOf(props: readonly PropertySpec[], tokens: readonly string[]): PropertySpec[] {
  if (props.length < 2) return [...props];
  const wordsOf = (x: PropertySpec): Set<string> => new Set((x.words ?? []).flatMap((w) => tokenize(w)));
  const own = props.filter((x) => [...wordsOf(x)].some((t) => tokens.includes(t) && props.every((y) => y === x || !wordsOf(y).has(t))));
  return own.length === 1 ? own : [...props];
}

/** The number setting `spec` has that this request set last, else the turn before on `d`, with its value. */
function lastNumberSet(p: Planner, d: VirtualDisplay | undefined, spec: DisplayTypeSpec): { path: string; value: number } | undefined {
  const numeric = (path: string | undefined): boolean => { const x = spec.properties.find((y) => y.path === path); return x !== undefined && (x.kind === 'float' || x.kind === 'int') && !isUnderTopic(x); };
  const here = [...p.actions].reverse().find((a) => a.action === 'set_property' && numeric(a.property) && Number.isFinite(Number(a.value)));
  const turned = (a: RvizAction): boolean => { const f = a.display ? p.state.find(a.display) : undefined; return f?.ok === true && f.display === d; };
  const before = here ?? (d ? [...(lastAppliedTurn(p)?.actions ?? [])].reverse().find((a) => a.action === 'set_property' && turned(a) && numeric(a.property) && Number.isFinite(Number(a.value))) : undefined);
  return before ? { path: before.property!, value: Number(before.value) } : undefined;
}

/** "the torque arrows are too long, halve them": the one number setting the statement before named by its words. */
function statedNumber(p: Planner, spec: DisplayTypeSpec, stated: string): PropertySpec | undefined {
  if (stated === '') return undefined;
  const found = p.ctx.catalog.propertyForWords(spec, stated).filter((m) => m.via === 'words' && (m.property.kind === 'float' || m.property.kind === 'int') && !isUnderTopic(m.property));
  return found.length === 1 ? found[0]!.property : undefined;
}

/** "make the covariance ellipse smaller": the scale of a part the clause switches on or names, when one is meant. */
function partScale(spec: DisplayTypeSpec, named: readonly string[], tokens: readonly string[]): PropertySpec | undefined {
  const scales = spec.properties.filter((x) => x.kind === 'float' && x.path.split('/').pop() === 'Scale' && named.some((n) => x.path === `${n}/Scale` || x.path.startsWith(`${n}/`)));
  const meant = ownWordOf(scales, tokens);
  return meant.length === 1 ? meant[0] : undefined;
}

/** Words of a Min/Max pair that do not tell pairs apart. */
const PAIR_GENERIC = new Set(['min', 'max', 'minimum', 'maximum', 'value', 'values', 'lowest', 'highest', 'the', 'of', 'level', 'bounds', 'range']);

/**
 * The Min/Max pair a range is for: pairs are settings whose last segment starts with Min and Max and are otherwise the
 * same ("Min Intensity"/"Max Intensity", "Autocompute Value Bounds/Min Value"/"…/Max Value").
 */
function rangePair(spec: DisplayTypeSpec, tokens: readonly string[], holds: (prop: PropertySpec) => boolean): { min: PropertySpec; max: PropertySpec } | { question: string } {
  const pairs: { min: PropertySpec; max: PropertySpec }[] = [];
  for (const x of spec.properties) {
    if ((x.kind !== 'float' && x.kind !== 'int') || isUnderTopic(x)) continue;
    const segs = x.path.split('/');
    const last = segs.pop()!;
    if (!/^min(imum)?\b/i.test(last)) continue;
    const partner = [...segs, last.replace(/^min(imum)?/i, (m) => (m.length > 3 ? 'Maximum' : 'Max'))].join('/');
    const max = spec.properties.find((y) => y.path === partner);
    if (max) pairs.push({ min: x, max });
  }
  if (pairs.length === 0) return { question: `no ${spec.name} setting takes a range; which values` };
  if (pairs.length === 1) return pairs[0]!;
  const have = new Set(tokens.map(singular));
  const words = (pr: { min: PropertySpec; max: PropertySpec }): number => {
    const own = new Set([pr.min, pr.max].flatMap((x) => [...(x.words ?? []), ...x.path.split('/')]).flatMap((w) => tokenize(w)).map(singular).filter((t) => !PAIR_GENERIC.has(t)));
    return [...own].filter((t) => have.has(t)).length;
  };
  const best = Math.max(...pairs.map(words));
  const named = best > 0 ? pairs.filter((pr) => words(pr) === best) : pairs;
  if (named.length === 1) return named[0]!;
  // The automatic-bounds switch a pair needs is what complete() turns off for it, so only the other requirements
  // (the colour mode) tell which pair applies.
  const kindOf = (path: string): string | undefined => spec.properties.find((y) => y.path === path)?.kind;
  const applying = named.filter((pr) => holds({ ...pr.min, requires: (pr.min.requires ?? []).filter((r) => kindOf(r.path) !== 'bool') }));
  if (applying.length === 1) return applying[0]!;
  return { question: `which range is meant (${named.map((pr) => `${pr.min.path} … ${pr.max.path}`).join(' or ')})` };
}

/** Switches named alike but for one word ("Show Names"/"Show Axes", "Visual Enabled"/"Collision Enabled"). */
export function siblingSwitches(a: string, b: string): boolean {
  const x = tokenize(a.split('/').pop()!);
  const y = tokenize(b.split('/').pop()!);
  return x.length === y.length && x.length > 1 && x.filter((w, i) => w !== y[i]).length === 1;
}

export const ARTICLES = new Set(['the', 'a', 'an', 'it', 'its', 'them', 'their', 'this', 'that', 'these', 'those', 'please', 'pls']);

/** "colour by z": an enum named without a value, whose dependant names a value (Axis = Z needs AxisColor). */
export function dependantValue(spec: DisplayTypeSpec, prop: PropertySpec, tokens: readonly string[]): { path: string; value: string } | undefined {
  for (const q of spec.properties) {
    if (!(q.requires ?? []).some((r) => r.path === prop.path)) continue;
    for (const vw of q.valueWords ?? []) {
      if (vw.words.some((w) => hasPhrase(tokens, w))) return { path: q.path, value: vw.value };
    }
  }
  return undefined;
}

/** Words before a drawing style's value that ask for the style ("as spheres", "to points", "use squares"). */
const STYLE_CUES = new Set(['as', 'to', 'into', 'use', 'using', 'with', 'in', 'for', 'like', 'style', 'shape']);

/**
 * Whether a drawing style's value in a clause is the noun a size change is made to ("the dots chunkier", "bigger
 * squares", "the arrow is too long, halve it"): the clause changes a size or length of the same display, by a
 * comparative or a factor, names no other setting but a size, and no style cue stands before the value or names the
 * setting after it.
 */
function sizeChangeNamesDrawn(tokens: readonly string[], at: Span, meant: readonly PropertyMatch[], prop: PropertySpec, comparative: boolean): boolean {
  if (!comparative || !/\b(style|shape)\b/i.test(prop.path)) return false;
  // (The size may be named, or left to the comparative: "make the arrows shorter" is the Shaft Length.)
  const others = meant.filter((x) => x.property !== prop);
  if (others.length > 0 && !others.some((x) => isSizeLike(x.property) || /length/i.test(x.property.path))) return false;
  return !cuedAsValue(tokens, at) && !tokens.some((t) => t === 'style' || t === 'shape' || t === 'styles' || t === 'shapes');
}

/**
 * Whether a value word is the first word of another setting the clause changes ("the overlay more see-through" beside
 * Overlay Alpha): it names that setting, not a value, unless a cue asks for the value ("as overlay, 50 % transparent").
 */
function namesOtherSetting(tokens: readonly string[], at: Span, meant: readonly PropertyMatch[], prop: PropertySpec): boolean {
  const word = tokens.slice(at.start, at.start + at.length).join(' ');
  return meant.some((x) => x.property !== prop && tokenize(x.property.path.split('/').pop()!).join(' ').startsWith(`${word} `)) && !cuedAsValue(tokens, at);
}

/** Whether a style cue stands before a value ("as spheres", "to points", "with big spheres"). */
function cuedAsValue(tokens: readonly string[], at: Span): boolean {
  let i = at.start - 1;
  // ("with big spheres": the size word and articles between the cue and the value.)
  while (i >= 0 && (ARTICLES.has(tokens[i]!) || BIGGER.includes(tokens[i]!) || SMALLER.includes(tokens[i]!))) i--;
  return i >= 0 && STYLE_CUES.has(tokens[i]!);
}

export function isSizeLike(prop: PropertySpec | undefined): boolean {
  if (!prop || (prop.kind !== 'float' && prop.kind !== 'int') || !/size|width|scale|radius|diameter/i.test(prop.path)) return false;
  // Queue sizes under a topic (`Topic/Filter size`) are not drawing sizes.
  const segs = prop.path.split('/');
  return segs.length === 1 || !/Topic$/.test(segs[0]!);
}

/** Among size-like properties, those whose `requires` hold now; one with requirements (more specific) first. */
export function sizeProperty(p: Planner, d: VirtualDisplay | undefined, spec: DisplayTypeSpec, metres = false, planned: readonly { path: string; value: string }[] = []): PropertySpec | undefined {
  const holds = (prop: PropertySpec): boolean => (prop.requires ?? []).every((r) => {
    const v = planned.find((x) => x.path === r.path)?.value ?? (d ? p.state.valueOf(d, r.path) : spec.properties.find((x) => x.path === r.path)?.default?.toString());
    return v !== undefined && v.toLowerCase() === r.value.toLowerCase();
  });
  // (A number the catalog calls the display's size counts, whatever its path: an Axes display's Length.)
  const sized = (x: PropertySpec): boolean => isSizeLike(x) || ((x.kind === 'float' || x.kind === 'int') && !isUnderTopic(x) && (x.words ?? []).includes('size'));
  const worded = spec.properties.filter((x) => sized(x) && (x.words ?? []).some((w) => /size|width|thick/.test(w)) && (!metres || !/pixel/i.test(x.path)));
  const sizes = worded.filter(holds);
  // None applies in the current style ("global plan 1.5 cm" on Lines): the one size there is, whose style complete() sets.
  if (sizes.length === 0 && worded.length === 1) return worded[0];
  return sizes.find((x) => (x.requires ?? []).length > 0) ?? sizes[0];
}

/** The one number that applies now whose own words say it grows and shrinks (PoseArray's Arrow Length: "bigger"). */
function growable(p: Planner, d: VirtualDisplay | undefined, spec: DisplayTypeSpec): PropertySpec | undefined {
  const found = spec.properties.filter((x) => (x.kind === 'float' || x.kind === 'int') && !isUnderTopic(x)
    && (x.words ?? []).some((w) => w === 'bigger' || w === 'smaller')
    && appliesNow(p, d, spec, x));
  return found.length === 1 ? found[0] : undefined;
}

/**
 * The values a setting takes: the catalog's range; a share from 0 to 1; a size the catalog gives no minimum is still no
 * less than nothing ("a scale of -2", "radius -0.1").
 */
function rangeOf(prop: PropertySpec): { fraction: boolean; low: number; high: number } {
  const fraction = dimensionOf(prop) === 'fraction' || (prop.min === 0 && prop.max === 1);
  const size = !fraction && /(?:length|radius|width|size|scale|diameter|thickness)$/i.test(prop.path.split('/').pop() ?? '');
  return { fraction, low: prop.min ?? (fraction || size ? 0 : -Infinity), high: prop.max ?? (fraction ? 1 : Infinity) };
}

/**
 * The numbers of a part the words name as a whole: a word X with both an "X length" and an "X radius" among the
 * display's setting words, applying now ("head" of an arrow: Head Length and Head Radius; "axes" of a pose drawn as
 * axes). Of several such parts, the one named last ("arrow heads": the head).
 */
function namedPartDims(p: Planner, d: VirtualDisplay | undefined, spec: DisplayTypeSpec, tokens: readonly string[], setHere: (x: PropertySpec) => boolean = () => false): PropertySpec[] {
  const said = tokens.map(singular);
  const numbers = spec.properties.filter((x) => (x.kind === 'float' || x.kind === 'int') && !isUnderTopic(x) && (appliesNow(p, d, spec, x) || setHere(x)));
  const ofPart = (part: string, dim: string): PropertySpec[] => numbers.filter((x) => (x.words ?? []).some((w) => tokenize(w).map(singular).join(' ') === `${part} ${dim}`));
  for (let i = said.length - 1; i >= 0; i--) {
    const lengths = ofPart(said[i]!, 'length');
    const radii = ofPart(said[i]!, 'radius');
    if (lengths.length === 1 && radii.length === 1 && lengths[0] !== radii[0]) return [lengths[0]!, radii[0]!];
  }
  return [];
}

const DIMENSION_WORDS = new Set(['length', 'radius', 'size', 'width', 'thickness', 'scale', 'diameter']);

/** Whether a word names a part of a display by its numbers' words ("head": Head Length, Head Radius; "shaft", "axes"). */
export function namesPart(spec: DisplayTypeSpec, word: string): boolean {
  const w = singular(word);
  return spec.properties.some((x) => (x.kind === 'float' || x.kind === 'int') && !isUnderTopic(x) && (x.words ?? []).some((phrase) => {
    const ts = tokenize(phrase).map(singular);
    return ts.length > 1 && DIMENSION_WORDS.has(ts[ts.length - 1]!) && ts.slice(0, -1).includes(w);
  }));
}

/** The length of a part the words name as a whole (namedPartDims), with a style this clause sets taken as set. */
function partLength(p: Planner, d: VirtualDisplay | undefined, spec: DisplayTypeSpec, tokens: readonly string[], planned: readonly { path: string; value: string }[]): PropertySpec | undefined {
  if (tokens.some((t) => SHAPE_WORDS.some(([word]) => word.test(t)))) return undefined;
  const holds = (x: PropertySpec): boolean => (x.requires ?? []).every((r) => planned.some((s) => s.path === r.path && s.value.toLowerCase() === r.value.toLowerCase()));
  const dims = namedPartDims(p, d, spec, tokens, holds);
  return dims.length === 2 ? dims[0] : undefined;
}

/** Adjectives that name which length is meant: "0.5 m long" is a length, "2 cm thick" a width or radius. */
const SHAPE_WORDS: readonly [RegExp, RegExp][] = [
  [/^(long|longer|length|short|shorter)$/, /length/i], [/^(wide|wider|width)$/, /width/i], [/^(thick|thicker|thickness|thin|thinner|slim|slimmer|fat|fatter|skinny|skinnier)$/, /width|radius|thickness/i],
  [/^(radius)$/, /radius/i], [/^(diameter)$/, /diameter/i],
];

/**
 * "make it shorter" of a Pose arrow: the lengths a shape word names when shapeProperty cannot tell which one is meant
 * (Shaft Length, Head Length); empty when it can or when no shape word is there. Those get a question, never another
 * dimension's size (the Shaft Radius).
 */
function unnamedLengths(p: Planner, d: VirtualDisplay | undefined, spec: DisplayTypeSpec, tokens: readonly string[]): PropertySpec[] {
  const stems = SHAPE_WORDS.filter(([word]) => tokens.some((t) => word.test(t))).map(([, stem]) => stem);
  if (stems.length === 0 || shapeProperty(p, d, spec, tokens)) return [];
  return spec.properties.filter((x) => (x.kind === 'float' || x.kind === 'int') && dimensionOf(x) === 'length' && !isUnderTopic(x)
    && stems.some((st) => st.test(x.path.split('/').pop()!)) && appliesNow(p, d, spec, x));
}

/** Whether what a setting requires holds now (on the display, else by the type's defaults): Shaft Length needs Shape Arrow. */
function appliesNow(p: Planner, d: VirtualDisplay | undefined, spec: DisplayTypeSpec, prop: PropertySpec): boolean {
  return (prop.requires ?? []).every((r) => {
    const v = d ? p.state.valueOf(d, r.path) : spec.properties.find((x) => x.path === r.path)?.default?.toString();
    return v !== undefined && v.toLowerCase() === r.value.toLowerCase();
  });
}

/** The length a shape adjective names, among the lengths that apply in the display's current style (one, or none). */
function shapeProperty(p: Planner, d: VirtualDisplay | undefined, spec: DisplayTypeSpec, tokens: readonly string[]): PropertySpec | undefined {
  const stems = SHAPE_WORDS.filter(([word]) => tokens.some((t) => word.test(t))).map(([, stem]) => stem);
  if (stems.length === 0) return undefined;
  const holds = (prop: PropertySpec): boolean => appliesNow(p, d, spec, prop);
  const fitting = spec.properties.filter((x) => (x.kind === 'float' || x.kind === 'int') && dimensionOf(x) === 'length' && !isUnderTopic(x)
    && stems.some((st) => st.test(x.path.split('/').pop()!)));
  const now = fitting.filter(holds);
  if (now.length === 1) return now[0];
  // Several apply: the one with a phrase whose other words the clause holds, most of them ("the arrow half as long" →
  // "arrow length"; "the arrow head twice as long" → "arrow head length").
  const clauseWords = new Set(tokens.map(singular));
  const score = (x: PropertySpec): number => Math.max(0, ...(x.words ?? []).map((w) => {
    const own = tokenize(w).map(singular).filter((t) => !SHAPE_WORDS.some(([re]) => re.test(t)));
    return own.length > 0 && own.every((t) => clauseWords.has(t)) ? own.length : 0;
  }));
  const best = Math.max(0, ...now.map(score));
  const named = best > 0 ? now.filter((x) => score(x) === best) : [];
  if (named.length === 1) return named[0];
  if (fitting.length === 1) return fitting[0];
  // Several lengths of that shape: the one whose own words use the adjective ("thick" → Line Width's "thickness").
  const adjectives = tokens.filter((t) => SHAPE_WORDS.some(([word]) => word.test(t)));
  const worded = fitting.filter((x) => (x.words ?? []).some((w) => tokenize(w).some((wt) => adjectives.some((a) => wt.startsWith(a.replace(/er$/, ''))))));
  return worded.length === 1 ? worded[0] : undefined;
}

/**
 * What a share multiplies the current value by: "by 20 %" / "by half" changes it by that much (up with a bigger word,
 * down with a smaller one: "shrink by 25 %" is 0.75, "increase by half" 1.5); "25 % smaller" is 0.75, "20 % bigger" 1.2;
 * "half the size", "a third", "to 40 %" are that share.
 */
export function shareFactor(share: Quantity, text: string, bigger: Span | undefined, smaller: Span | undefined): number {
  const x = share.value / 100;
  const before = wordBeforeShare(share, text);
  if (before === 'by') return bigger ? 1 + x : smaller ? 1 - x : x;
  if (share.word !== undefined || before === 'to' || before === 'at' || before === 'of') return x;
  return bigger ? 1 + x : smaller ? 1 - x : x;
}

/** The word before a share, past an article: "to" in "to a third", "by" in "by 10 %". */
export function wordBeforeShare(share: Quantity, text: string): string | undefined {
  const words = text.toLowerCase().split(/[\s,;:()]+/).filter((w) => w.length > 0);
  return ['a', 'an', 'one'].includes(words[share.index - 1] ?? '') ? words[share.index - 2] : words[share.index - 1];
}

/** A value kept inside the setting's range ("25 %" of a 3 px size is its 1 px minimum). */
function clampTo(prop: PropertySpec, n: number): number {
  return Math.min(prop.max ?? Infinity, Math.max(prop.min ?? -Infinity, prop.kind === 'int' ? Math.round(n) : n));
}

/** A number as the setting stores it: whole for an int, else rounded to 4 places. */
function valueText(prop: PropertySpec, n: number): string {
  return round(prop.kind === 'int' ? Math.round(n) : n);
}

export function round(n: number): string {
  return String(Math.round(n * 10000) / 10000);
}

/** A numeric value: the number written, or a relative change of the current one, or an alpha phrase. */
export function numericValue(prop: PropertySpec, written: number | undefined, current: number | undefined, matched: string, tokens: readonly string[],
  bigger: Span | undefined, smaller: Span | undefined, asWritten = false): string | undefined {
  const isAlpha = (prop.max === 1 && prop.min === 0) || /^alpha$/i.test(prop.path.split('/').pop()!);
  const clamp = (n: number): number => Math.min(prop.max ?? Infinity, Math.max(prop.min ?? -Infinity, n));
  if (isAlpha) {
    const transparentWord = /transparen|translucent|see through/.test(matched) || tokens.some((t) => /^transparen|^translucent/.test(t));
    // ("more transparent, like 0.3", "see-through, 0.4": a value written as the setting's own, not as a share, is where
    // the alpha goes; "40 % see-through" is a transparency.)
    // ("more see-through: 40 % transparent": a share said with its own transparency word is a transparency.)
    const shareOfTransparency = written !== undefined && !asWritten && /\d\s+(?:transparent|see\s+through|translucent)\b/.test(tokens.join(' '));
    const comparative = ['more', 'less', 'bit', 'little'].some((w) => tokens.includes(w)) && !shareOfTransparency;
    if (written !== undefined) return round(clamp(transparentWord && !comparative && !asWritten && !/alpha|opacity|opaque/.test(matched) ? 1 - written : written));
    const cur = current ?? 1;
    // "fully opaque", "completely see-through": the end of the range, whatever else the clause says.
    const fully = (word: string): boolean => ['fully', 'completely', 'totally', 'entirely'].some((f) => hasPhrase(tokens, `${f} ${word}`) !== undefined);
    if (fully('opaque') || fully('solid')) return '1';
    if (fully('transparent') || fully('see through') || fully('invisible')) return '0';
    if (hasPhrase(tokens, 'more transparent') || hasPhrase(tokens, 'less opaque')) return round(clamp(cur * 0.5));
    if (hasPhrase(tokens, 'less transparent') || hasPhrase(tokens, 'more opaque')) return round(clamp(cur + (1 - cur) / 2));
    // "lower the opacity", "turn the alpha up", "decrease the transparency": the direction is the verb's, on what is named.
    const up = bigger !== undefined || tokens.some((t) => LEVEL_UP.has(t));
    const down = smaller !== undefined || tokens.some((t) => LEVEL_DOWN.has(t));
    if (up !== down) return round(clamp(up !== transparentWord ? cur + (1 - cur) / 2 : cur * 0.5));
    if (/opaque|opacity/.test(matched) && !transparentWord) return '1';
    if (hasPhrase(tokens, 'fully transparent') || hasPhrase(tokens, 'invisible')) return '0';
    if (transparentWord) return round(clamp(Math.min(cur, 0.5)));
    return undefined;
  }
  if (written !== undefined) return round(clamp(written));
  if (current === undefined) return undefined;
  const factor = hasPhrase(tokens, 'triple') ? 3 : hasPhrase(tokens, 'much') || hasPhrase(tokens, 'lot') ? 4 : 2;
  if (bigger) return round(clamp(current * factor));
  if (smaller) return round(clamp(current / factor));
  return undefined;
}
