// Sentence-level reading: the verb, clause splitting, coordinated qualifiers, and the fixed-frame phrasings.
import { escapeRegExp, singular, tokenize } from '../../catalog/text.ts';
import { BACK_POINTERS, BIGGER, FILLER, SMALLER, type Verb, VERB_PHRASES } from './lexicon.ts';
import { colourIn, hasPhrase, isPropertyWord, numbersIn, overlaps, slashNames, type Span } from './mentions.ts';
import { act, anyPhrase, cite, lastAppliedTurn, type Planner } from './shared.ts';
import { leaveSpan } from './intent.ts';
import { CONCEPTS } from './concepts.ts';

/** The words that open a verb phrase ("hide", "show", "set"…), once. */
const VERB_WORDS: ReadonlySet<string> = new Set(VERB_PHRASES.map(([w]) => w));
/** Words that keep what a clause names ("but keep the plan"): such a clause is no list item of the one before it. */
const KEEP_LEADS: ReadonlySet<string> = new Set(['keep', 'leave', 'stay', 'stays', 'remain', 'remains']);

/** The first verb of a clause outside the words already claimed (longer phrases win at the same place). */
export function findVerb(tokens: readonly string[], masked: readonly Span[]): { verb: Verb; span: Span } | undefined {
  let best: { verb: Verb; span: Span } | undefined;
  for (const [phrase, verb] of VERB_PHRASES) {
    const span = hasPhrase(tokens, phrase);
    if (!span || masked.some((m) => overlaps(m, span))) continue;
    // "passes too close to the shelves": "close" as a distance is no verb.
    if (phrase === 'close' && (tokens[span.start + 1] === 'to' || ['too', 'so', 'very', 'quite', 'really', 'get', 'gets', 'getting', 'comes', 'coming'].includes(tokens[span.start - 1] ?? ''))) continue;
    if (!best || span.start < best.span.start || (span.start === best.span.start && span.length > best.span.length)) best = { verb, span };
  }
  return best;
}

/**
 * Split a request into clauses at commas, semicolons, "and", "then", "but", "also" — not inside "black and white" — and
 * at a dash between words ("frame rate 12 — map 30 % opaque"), as a semicolon.
 */
export function clauses(text: string): string[] {
  // A hyphen between spaces ends a clause only before a verb ("leave it - just make the laser bigger"); otherwise it
  // sets off what qualifies the thing before it ("robot2's laser dots - not so big"). A negated thing of its own after
  // it is a clause too ("Big Picture to 0.5 alpha - not the local one").
  // (…and one led by "leave" or "keep": "drop its points to 1 cm - leave Perimeter alone".)
  // (…and one led by a correction: "flat green - no wait, flat magenta".)
  const ownClause = (part: string): boolean => findVerb(tokenize(part), []) !== undefined || /^(?:but\s+)?not\s+(?:the|that|this|these|those|my|its|their)\b/i.test(part)
    || /^(?:but\s+|and\s+)?(?:leave|keep)\b/i.test(part) || new RegExp(`^${CORRECTION}`, 'i').test(part)
    // (…and one that says what stays: "wider, 0.08 - robot1's stays thin".)
    || (anyPhrase(tokenize(part), CONCEPTS.leave.stays)?.start ?? 0) > 0;
  // A parenthesis that is a clause of its own ("hide Loading Bay (leave Dock Door on) and …") ends the clause before
  // it; one that qualifies ("chunkier (0.05)") stays in it.
  text = text.replace(/\s*\(([^()]+)\)\s*/g, (whole, inner: string) => (ownClause(inner.trim()) ? `; ${inner.trim()}; ` : whole));
  // ("hide the task markers -- not the interactive target": a doubled hyphen is one.)
  const parts = text.split(/(?<=[\p{L}\d.!'’)])\s+--?\s+(?=\p{L})/u);
  const joined = parts.slice(1).reduce((acc, part) => `${acc}${ownClause(part) ? ';' : ''} ${part}`, parts[0]!);
  return joined
    // …nor inside a range ("between 10 and 200"), nor before a "stay" that ends the clause ("Where Am I but stay", the
    // German "soll aber bleiben"): what it follows stays; nor before an "off" that does ("die Achsen aber weg").
    .split(/\s*(?:[;,]|\s[–—]\s|(?<=\p{L})[–—](?=\p{L})|\.\s|(?<=[?!])\s+(?=\p{L})|\bthen\b|\bbut\b(?!\s+(?:stay|stays|remain|remains|off|on|away|gone)\s*(?:[,.;!]|$))|\balso\b|(?<!\bbetween\s+-?\d*\.?\d+\s*(?:[a-z%]{1,6}\s*)?)\band\b(?!\s+white))\s*/iu)
    .map((c) => c.trim())
    // (A clause of punctuation alone, left where a fixed frame was taken out, "… on . ." asks for nothing.)
    .filter((c) => /[\p{L}\p{N}]/u.test(c))
    // "hide the cameras, except the loading bay": what is excepted belongs to the clause before it.
    .reduce<string[]>((out, c) => {
      if (out.length > 0 && /^(?:except|excepting|apart\s+from|other\s+than|save\s+for)\b/i.test(c)) out[out.length - 1] = `${out[out.length - 1]} ${c}`;
      else out.push(c);
      return out;
    }, []);
}

/** Words that take back the frame just named ("no wait", "actually", "sorry, I meant"): the concepts' correction markers, one or more. */
const CORRECTION = `(?:(?:${CONCEPTS.corrections.markers.map((m) => tokenize(m).map(escapeRegExp).join('\\s+')).join('|')})\\b[\\s,]*)+`;

/** A request about the fixed frame: it names it, or says a frame is missing ("no transform to world", "world isn't a frame"). */
const FRAME_TALK = /\bfixed\s+frame\b|\bno\s+transform\s+(?:to|from)\b|\b(?:isn'?t|is\s+not|not)\s+a\s+(?:valid\s+|known\s+)?frame\b|\bframe\s+['"`]?[\w/]+['"`]?\s+(?:does\s+not|doesn'?t)\s+exist\b/i;

/** "fixed frame odom", "use map as the fixed frame", "set the frame to base_link", "frame: odom". Removes what it used. */
export function takeFixedFrame(p: Planner, text: string): string {
  text = baseFrame(p, robotFrames(p, text));
  // ("set the fixed frame to the shared map": a word that only says which it is, before a frame TF has, is not a frame.)
  text = text.replace(/\b(to|on|at)\s+(?:the\s+)?(?:shared|common|main|usual|default|global)\s+([A-Za-z0-9_][A-Za-z0-9_./-]*)/gi,
    (match, lead: string, name: string) => (p.ctx.frames.some((f) => f.toLowerCase() === name.toLowerCase()) ? `${lead} ${name}` : match));
  const frameWord = '(fixed\\s+frame|global\\s+frame|reference\\s+frame|frame)';
  const name = '([A-Za-z0-9_][A-Za-z0-9_./-]*)';
  const patterns: { re: RegExp; connector: (m: RegExpExecArray) => boolean; nameAt: number; wordAt: number }[] = [
    { re: new RegExp(`(?:use|make|set|pick|choose)\\s+(?:the\\s+)?['"\`]?/?${name}['"\`]?\\s+(?:as\\s+|be\\s+)?(?:the\\s+)?(?:new\\s+)?${frameWord}`, 'i'), connector: () => true, nameAt: 1, wordAt: 2 },
    { re: new RegExp(`(?:view|see|show|watch)\\s+(?:it\\s+|everything\\s+|things\\s+)?(?:in|from|relative\\s+to)\\s+(?:the\\s+)?['"\`]?/?${name}['"\`]?\\s+${frameWord}`, 'i'), connector: () => true, nameAt: 1, wordAt: 2 },
    { re: new RegExp(`(?:(?:set|change|switch|make|put|use)\\s+)?(?:the\\s+)?${frameWord}(\\s*(?:(?:set|changed?|switch(?:ed)?|over|back)\\s+)?(?:to\\b|=|:|as\\b|is\\b|->)\\s*(?:the\\s+)?|\\s+(?:should|must|needs?\\s+to|has\\s+to|ought\\s+to)\\s+(?:probably\\s+|really\\s+|just\\s+)?be\\s+(?:the\\s+)?(?:shared\\s+|global\\s+|common\\s+)?|\\s+(?:in|on|at|for)\\s+|\\s+)(?:be\\s+)?['"\`]?/?${name}['"\`]?`, 'i'), connector: (m) => m[2]!.trim() !== '', nameAt: 3, wordAt: 1 },
  ];
  // "base_link as fixed frame; …": a request or clause that opens with the frame.
  patterns.push({ re: new RegExp(`(?:^|[;,.]\\s*|\\band\\s+|\\s[–—]\\s+)['"\`]?/?${name}['"\`]?\\s+as\\s+(?:the\\s+)?(?:new\\s+)?(fixed\\s+frame|global\\s+frame)\\b`, 'i'), connector: () => true, nameAt: 1, wordAt: 2 });
  // "the fixed frame warning says world doesn't exist, use map instead": in a request about the fixed frame, a frame TF
  // has that is to be used instead.
  if (FRAME_TALK.test(text)) patterns.push({ re: new RegExp(`\\b(?:use|try|pick|take)\\s+(?:the\\s+)?['"\`]?/?${name}['"\`]?\\s+(instead|then)\\b`, 'i'), connector: () => false, nameAt: 1, wordAt: 2 });
  // "the fixed frame is bogus, use map", "Fixed Frame 'world' doesn't exist, set it to map": after the fixed frame is
  // named, a frame TF has that is to be used (only a frame TF has: wordAt names the verb, never "frame").
  // ("set the fixed frame to odom" then "actually, back to base_link": a follow-up to a turn that set the fixed frame is
  // about it too.)
  const frameTurn = (lastAppliedTurn(p)?.actions ?? []).some((a) => a.action === 'set_fixed_frame');
  if (FRAME_TALK.test(text) || frameTurn) patterns.push({ re: new RegExp(`\\b(use|set\\s+it\\s+(?:back\\s+)?to|change\\s+it\\s+(?:back\\s+)?to|switch\\s+it\\s+(?:back\\s+)?to|switch\\s+(?:over\\s+|back\\s+)?to|make\\s+it|put\\s+it\\s+(?:on|to|at|back\\s+(?:on|to))|put|move\\s+it\\s+(?:back\\s+)?to|(?:go\\s+)?back\\s+to)\\s+(?:the\\s+)?['"\`]?/?${name}['"\`]?(?=\\s*(?:$|[.,;!?]|\\s+(?:instead|then|please)\\b))`, 'i'), connector: () => false, nameAt: 2, wordAt: 1 });
  // "actually odom", "no, map" after a turn that set the fixed frame: the frame named alone is the correction.
  if (frameTurn) patterns.push({ re: new RegExp(`^\\s*((?:(?:actually|no|nah|sorry|wait|oops|hmm|rather|make\\s+that|i\\s+meant?)\\b[\\s,.!—–-]*)+)(?:the\\s+)?['"\`]?/?${name}['"\`]?\\s*[.!]?\\s*$`, 'i'), connector: () => false, nameAt: 2, wordAt: 1 });
  // "I want everything relative to odom, not map": everything seen relative to a frame TF has is that frame as the fixed
  // frame (the frame it was, after "not", goes with it).
  patterns.push({ re: new RegExp(`\\b(everything|things|it\\s+all|all\\s+of\\s+it|the\\s+(?:whole\\s+)?(?:view|scene))\\s+(?:is\\s+|be\\s+|shown\\s+|drawn\\s+)?relative\\s+to\\s+(?:the\\s+)?['"\`]?/?${name}['"\`]?(?:\\s*,?\\s*(?:not|instead\\s+of|rather\\s+than)\\s+(?:the\\s+)?[A-Za-z0-9_/]+)?`, 'i'), connector: () => false, nameAt: 2, wordAt: 1 });
  // "show the scan in the odom frame": a frame TF has, named as the frame things are seen in.
  patterns.push({ re: new RegExp(`\\b(?:in|from|relative\\s+to)\\s+(?:the\\s+)?['"\`]?/?${name}['"\`]?\\s+(frame)\\b`, 'i'), connector: () => false, nameAt: 1, wordAt: 2 });
  // Every place a pattern matches, in order ("map isn't a frame on this robot. set the fixed frame to base_link": the
  // first "frame on …" names no frame, the second does).
  const matches = (re: RegExp): RegExpExecArray[] => [...text.matchAll(new RegExp(re.source, `${re.flags.replace('g', '')}g`))] as RegExpExecArray[];
  const knownAt = (i: number): boolean => patterns.slice(i).some((x) => matches(x.re).some((mm) => p.ctx.frames.some((f) => f.toLowerCase() === mm[x.nameAt]!.replace(/[.,;!?]+$/, '').toLowerCase())));
  // ("¿por qué desaparece el costmap local cuando pongo odom como frame fijo?": a frame in a question asking why is
  // what the user did, never a change to make.)
  const inWhyQuestion = (at: number): boolean => {
    const start = Math.max(text.lastIndexOf('.', at), text.lastIndexOf('!', at), text.lastIndexOf('?', at - 1)) + 1;
    const end = text.slice(at).search(/[.!?]/);
    return end >= 0 && text[at + end] === '?' && /^\s*[¿]?\s*(?:why|how\s+come|what\s+happens)\b/i.test(text.slice(start));
  };
  eachPattern: for (const [i, { re, connector, nameAt, wordAt }] of patterns.entries()) for (const m of matches(re)) {
    if (inWhyQuestion(m.index)) continue;
    const frame = m[nameAt]!.replace(/[.,;!?]+$/, '');
    const known = p.ctx.frames.find((f) => f.toLowerCase() === frame.toLowerCase());
    const plainFrameWord = /^frame$/i.test(m[wordAt]!.trim());
    const looksLikeFrame = /[_/0-9]/.test(frame) || ['map', 'odom', 'world', 'base'].includes(frame.toLowerCase());
    if (FILLER.has(frame.toLowerCase()) && !known) continue;
    // "the fixed frame is fine as it is": a word saying it is right names no frame; the frame is kept.
    if (!known && CONCEPTS.leave.fine.includes(frame.toLowerCase()) && p.state.fixedFrame !== undefined) {
      p.keepFixedFrame = text.slice(m.index, m.index + m[0].length).trim();
      p.notes.push(`kept the fixed frame ${p.state.fixedFrame} ("${p.keepFixedFrame}")`);
      return text.slice(0, m.index) + ' ' + text.slice(m.index + m[0].length).replace(/^\s*(?:as\s+it\s+is|the\s+way\s+it\s+is|as\s+is)\b/i, '');
    }
    // ("frame rate in 10 fps", a translated "em": a bare number TF does not have is a value, never a frame.)
    if (!known && /^\d+(?:\.\d+)?$/.test(frame)) continue;
    // "fixed frame in odom" (a translated "en", "auf", "sur"): only for a frame TF has.
    if (/^\s+(in|on|at)\s+$/i.test(m[2] ?? '') && !known) continue;
    // ("the fixed frame should be the lidar's own frame": a wish names a frame TF has, or says nothing sure.)
    if (/\b(?:should|must|needs?|has|ought)\b/i.test(m[2] ?? '') && !known) continue;
    // ("fixed frame for odom", a translated "para": only for a frame TF has.)
    if (/^\s+for\s+$/i.test(m[2] ?? '') && !known) continue;
    // "frame names", "frame rate": only a known frame, a frame-like id, or an explicit "to"/":" makes it a fixed frame.
    if (!known && !looksLikeFrame && (plainFrameWord || !connector(m))) continue;
    // A frame TF does not have, on a robot whose TF is known, would leave RViz drawing nothing: said, not set.
    if (!known && p.ctx.snapshot !== undefined && p.ctx.frames.length > 0) {
      // …unless the request goes on to name a frame TF has ("'world' doesn't exist on this robot, use map instead").
      if (knownAt(i + 1)) { text = text.slice(0, m.index) + ' ' + text.slice(m.index + m[0].length); continue eachPattern; }
      p.fixedFrameRefused = true;
      p.notes.push(`frame '${frame}' is not in the TF tree; the fixed frame was not changed (frames: ${p.ctx.frames.slice(0, 12).join(', ')}${p.ctx.frames.length > 12 ? ', …' : ''})`);
      return text.slice(0, m.index) + ' ' + text.slice(m.index + m[0].length);
    }
    let chosen = known ?? frame;
    let end = m.index + m[0].length;
    // "fixed frame to tool0 - no wait, base_link": a correction right after it, naming a frame TF has, is the frame.
    // ("…, no, make it world", "…, actually use base_link": the correction may say its verb again.)
    const corrected = new RegExp(`^\\s*[-–—,;.…]*\\s*${CORRECTION}[\\s,:-]*(?:(?:make|set|change|switch|put)\\s+it\\s+(?:to\\s+)?|use\\s+)?(?:the\\s+)?['"\`]?/?([A-Za-z0-9_][A-Za-z0-9_./-]*)['"\`]?`, 'i').exec(text.slice(end));
    const instead = corrected ? p.ctx.frames.find((f) => f.toLowerCase() === corrected[1]!.replace(/[.,;!?]+$/, '').toLowerCase()) : undefined;
    // "fixed frame odom — no wait, keep map": the correction keeps the frame there is; nothing is set.
    const kept = new RegExp(`^\\s*[-–—,;.…]*\\s*${CORRECTION}[\\s,:-]*(?:keep|leave|stay\\s+(?:on|with|at))\\s+(?:it\\s+)?(?:(?:at|on|as|to)\\s+)?(?:the\\s+)?['"\`]?/?([A-Za-z0-9_][A-Za-z0-9_./-]*)['"\`]?`, 'i').exec(text.slice(end));
    if (kept && p.state.fixedFrame !== undefined && kept[1]!.replace(/[.,;!?]+$/, '').toLowerCase() === p.state.fixedFrame.toLowerCase()) {
      p.keepFixedFrame = text.slice(m.index, end + kept[0].length).trim();
      p.notes.push(`kept the fixed frame ${p.state.fixedFrame} ("${p.keepFixedFrame}")`);
      return text.slice(0, m.index) + ' ' + text.slice(end + kept[0].length);
    }
    if (corrected && instead) { chosen = instead; end += corrected[0].length; }
    // "…robot 2's odometry frame rather than robot 1's": the frame it is instead of is part of it, not a display.
    else {
      // (…"instead of robot1's odom", read as robot1/odom: a frame's own name too.)
      const rather = /^\s*,?\s*(?:rather\s+than|instead\s+of|not)\s+(?:the\s+)?[\w/-]+(?:['’]s)?(?:\s+[\w/-]+)?(?:['’]s?)?(?:\s+(?:one|frame))?(?=\s*(?:$|[.,;!?]))/i.exec(text.slice(end));
      if (rather) end += rather[0].length;
    }
    p.actions.push(act({ action: 'set_fixed_frame', frame: chosen }));
    cite(p, p.actions.length - 1, text.slice(m.index, end));
    p.state.fixedFrame = chosen;
    return text.slice(0, m.index) + ' ' + text.slice(end);
  }
  // "put the fixed frame on the robot's odom" with two robots: a fixed frame asked for whose frame is none TF has is asked
  // about; its words never name a display's setting (an Odometry's covariance frame "Fixed").
  const asked = /\b(?:set|change|switch|put|move|make)\s+(?:the\s+)?fixed\s+frame\s+(?:to|on|onto|at|as|in)\s+([^.;,!?]+?)(?=\s+(?:and|then|but|plus)\b|\s*[.;,!?]|\s*$)/i.exec(text);
  if (asked && !inWhyQuestion(asked.index)) {
    p.fixedFrameRefused = true;
    p.notes.push(`which frame is "${asked[1]!.trim()}"? the fixed frame was not changed (frames: ${p.ctx.frames.slice(0, 12).join(', ')}${p.ctx.frames.length > 12 ? ', …' : ''})`);
    return text.slice(0, asked.index) + ' ' + text.slice(asked.index + asked[0].length);
  }
  return text;
}

/**
 * "set the fixed frame to the arm's base", "the robot base as fixed frame": the robot's base is base_link (REP 105), when
 * TF has it. Only in a request about the fixed frame.
 */
function baseFrame(p: Planner, text: string): string {
  if (!/\bfixed\s+frame\b/i.test(text) || !p.ctx.frames.includes('base_link')) return text;
  return text.replace(/\b(?:the\s+)?(?:(?:robot|arm|manipulator|mobile)(?:['’]s)?\s+)?base(?:\s+frame)?\b(?![_'’\w])/gi, 'base_link');
}

/**
 * "robot2's odom", "I want to follow robot2 - put the fixed frame on its odom frame": a robot's own frame, written as
 * the TF frame it is (`robot2/odom`) when TF has it. Only in a request about the fixed frame.
 */
function robotFrames(p: Planner, text: string): string {
  if (!/\b(?:fixed|global|reference)\s+frame\b|['’]s\s+[A-Za-z0-9_]+\s+frame\b/i.test(text) || p.ctx.namespaces.length === 0) return text;
  const has = (frame: string): boolean => p.ctx.frames.some((f) => f.toLowerCase() === frame.toLowerCase());
  // ("robot 2's odometry frame": its odom frame.)
  const frameOf = (ns: string, word: string): string | undefined => [word, word.toLowerCase() === 'odometry' ? 'odom' : ''].map((w) => `${ns}/${w}`).find((f) => !f.endsWith('/') && has(f));
  let out = text;
  for (const ns of p.ctx.namespaces) {
    out = out.replace(new RegExp(`\\b${escapeRegExp(ns)}['’]?s\\s+([A-Za-z0-9_]+)`, 'gi'), (whole, frame: string) => frameOf(ns, frame) ?? whole);
    // "the odom of robot 2" ("o odom do robô 2" read as Portuguese).
    out = out.replace(new RegExp(`\\b([A-Za-z0-9_]+)\\s+(?:of\\s+|from\\s+)?${escapeRegExp(ns)}\\b`, 'gi'), (whole, frame: string) => (has(`${ns}/${frame}`) ? `${ns}/${frame}` : whole));
  }
  // "its odom frame" after a robot the request names: the one named last before it.
  // ("follow robot 2: fixed frame on its odom, and hide robot1's plan": a robot's number may stand apart from its name.)
  const mentions = p.ctx.namespaces.flatMap((ns) => [...out.matchAll(new RegExp(`\\b${escapeRegExp(ns).replace(/(?<=[a-z])(?=\d)/i, '[\\s_-]?')}\\b`, 'gi'))].map((m) => ({ ns, at: m.index })));
  return out.replace(/\bits\s+([A-Za-z0-9_]+)(?=\s+frame\b|\s*$|\s*[.,;!?])/gi, (whole, frame: string, at: number) => {
    const ns = mentions.filter((m) => m.at < at).sort((a, b) => b.at - a.at)[0]?.ns;
    return ns !== undefined && has(`${ns}/${frame}`) ? `${ns}/${frame}` : whole;
  });
}

/**
 * "hide the global and local costmaps", "show robot1 and robot2 scans": a clause of only qualifiers borrows the noun
 * that ends the next clause.
 */
export function distribute(p: Planner, parts: string[], text = parts.join(', ')): string[] {
  const out = mergeOnlyLists(p, mergeKeptLists(p, mergeValueClauses(shareEachValue(p, parts)), text));
  // "hide robot2's model and scan": a clause of only a type word keeps the robot the clause before named.
  for (let i = 1; i < out.length; i++) {
    const before = tokenize(out[i - 1]!);
    const ns = p.ctx.namespaces.find((n) => before.includes(n.toLowerCase()));
    const tokens = tokenize(out[i]!);
    if (!ns || p.ctx.namespaces.some((n) => tokens.includes(n.toLowerCase())) || tokens.some((t) => VERB_WORDS.has(t) || KEEP_LEADS.has(t))) continue;
    const rest = tokens.filter((t) => !FILLER.has(t));
    if (rest.length === 0 || rest.length > 2 || p.ctx.catalog.typesForWords(out[i]!).length === 0) continue;
    out[i] = `${ns} ${out[i]}`;
  }
  const displayNames = p.ctx.displays.map((d) => tokenize(d.name)).filter((n) => n.length > 0);
  for (let i = 0; i + 1 < out.length; i++) {
    const tokens = tokenize(out[i]!);
    if (p.ctx.catalog.typesForWords(out[i]!).length > 0 || slashNames(out[i]!).length > 0) continue;
    const rest = tokens.filter((t) => !FILLER.has(t) && !VERB_WORDS.has(t));
    if (rest.length === 0 || rest.length > 2) continue;
    // ("hide the gps thing and the bumper sonar": a clause ending on a noun of its own qualifies nothing; nor does one
    // that a semicolon or a full stop ends.)
    // ("force colour green, torque colour white": nor one that gives a value of its own.)
    if (HEAD_NOUNS.has(tokens[tokens.length - 1]!) || endsBefore(out[i]!, text, /[;.]/) || gives(out[i]!)) continue;
    // "…, leave it; the depth cloud 2 s decay": a clause that keeps what it names, or only points back ("it"), qualifies
    // no noun of the next.
    // ("put it back on. the Stops markers I don't want": a clause with "it" in it points back, whatever else it says.)
    if (rest.every((t) => BACK_POINTERS.has(t)) || tokens.some((t) => ['it', 'them'].includes(t)) || leaveSpan(tokens)) continue;
    // ("…. Actually, do the same on the depth cloud": a correction word alone qualifies nothing.)
    if (rest.every((t) => CONCEPTS.corrections.markers.includes(t))) continue;
    // "…, labels on, no axes": a setting word is no qualifier of the next noun.
    if (rest.some((t) => p.ctx.catalog.displays.some((spec) => isPropertyWord(spec, t)))) continue;
    // "hide the bits; the arm 50 %", "make the bin view red and hide the cone": a clause that names a display of the
    // document, or a next clause with a verb of its own, is no qualifier list.
    // (A verb leads that clause; "see" in "50 % see-through" is no verb of its own.)
    const nextTokens = tokenize(out[i + 1]!);
    const nextVerb = findVerb(nextTokens, []);
    const leadingVerb = nextVerb !== undefined && nextTokens.slice(0, nextVerb.span.start).every((t) => FILLER.has(t));
    if (displayNames.some((name) => name.every((w) => tokens.includes(w))) || leadingVerb) continue;
    // "hide the obstacles, not the odometry": a contrast names what is left out, never the noun of the clause before;
    // nor does "…, leave the map alone" or "keep the map" ("fix it but leave the map alone" fixed the map).
    if (/^(?:but\s+)?(?:not|no|never|leave|keep|don\W?t)\b/i.test(out[i + 1]!.trim()) || leaveSpan(tokenize(out[i + 1]!))) continue;
    // The noun and what follows it, as written ("the global and local plans red": "plans red"; "… scans 50 % see-through").
    const next = out[i + 1]!.trim().split(/\s+/);
    const isType = (w: string): boolean => { const t = tokenize(w)[0]; return t !== undefined && p.ctx.catalog.typesForWords(t).length > 0; };
    let at = next.length - 1;
    while (at > 0 && !isType(next[at]!)) at--;
    if (!isType(next[at] ?? '')) continue;
    out[i] = `${out[i]} ${next.slice(at).join(' ')}`;
  }
  return shareTrailingPredicate(p, shareTrailingValue(p, out, text), text);
}

/**
 * What a list's last name is said to be that wishes it away: "… are not needed", "… can go" (the Italian "… non
 * servono", read "… don't need").
 */
const WISHED_AWAY = /^(?:(?:are|is)\s+(?:not|no\s+longer)|aren'?t|isn'?t)\s+(?:needed|necessary|required|wanted|useful)\b|^(?:can|could)\s+go\b|^(?:don\s*'?\s*t|do\s+not)\s+need\b/i;

/**
 * "the compass and the sonar are not needed": a clause of only names before one whose names are said to be unneeded
 * shares that; it is said of both (the compass had stayed).
 */
function shareTrailingPredicate(p: Planner, parts: string[], text: string): string[] {
  const out = [...parts];
  const { isType } = nameWordsOf(p);
  for (let i = out.length - 2; i >= 0; i--) {
    if (!onlyNames(p, out[i]!) || endsBefore(out[i]!, text, /[;.]/)) continue;
    const after = saidOfLastName(out[i + 1]!, isType);
    if (after && WISHED_AWAY.test(after.said)) out[i] = `${out[i]} ${after.said}`;
  }
  return out;
}

/** The words of the document's display names, and whether a word is one of them or a type's word. */
function nameWordsOf(p: Planner): { named: ReadonlySet<string>; isType: (w: string) => boolean } {
  const named = new Set(p.ctx.displays.flatMap((d) => tokenize(d.name)));
  return { named, isType: (w) => { const t = tokenize(w)[0]; return t !== undefined && (p.ctx.catalog.typesForWords(t).length > 0 || named.has(t)); } };
}

/** The last name or type word of a clause, as written, and what is said after it ("the grid red": "grid", "red"). */
function saidOfLastName(clause: string, isType: (w: string) => boolean): { name: string; said: string } | undefined {
  const words = clause.trim().split(/\s+/);
  let at = words.length - 1;
  while (at > 0 && !isType(words[at]!)) at--;
  return isType(words[at] ?? '') ? { name: words[at]!, said: words.slice(at + 1).join(' ') } : undefined;
}

/** Whether, in the request, a clause is followed by one of these marks ("…Joints; only the Arm…"). */
function endsBefore(part: string, text: string, marks: RegExp): boolean {
  return new RegExp(`${escapeRegExp(part.trim())}\\s*${marks.source}`, 'i').test(text);
}

/** Nouns that stand for a thing without naming its type ("the gps thing", "that camera one"). */
const HEAD_NOUNS: ReadonlySet<string> = new Set(['thing', 'things', 'thingy', 'stuff', 'display', 'displays', 'widget', 'widgets']);

/** "the lift and the charger axes, both 0.2 long": a value led by "both" or "each" goes to every name listed before it. */
function shareEachValue(p: Planner, parts: readonly string[]): string[] {
  const out = [...parts];
  for (let i = 1; i < out.length; i++) {
    const m = /^(?:both|each|all\s+of\s+them|both\s+of\s+them|each\s+of\s+them)\b[\s,:]*(.+)$/i.exec(out[i]!.trim());
    if (!m || !gives(m[1]!) || findVerb(tokenize(m[1]!), []) !== undefined || namesAny(p, m[1]!)) continue;
    let j = i - 1;
    while (j >= 0 && onlyNames(p, out[j]!)) j--;
    if (i - 1 - j < 2) continue;
    for (let k = j + 1; k < i; k++) out[k] = `${out[k]} ${m[1]}`;
    out.splice(i, 1);
  }
  return out;
}

/** Whether a clause gives a value: a number, a colour or a comparative. */
function gives(clause: string): boolean {
  const tokens = tokenize(clause);
  return numbersIn(clause).length > 0 || colourIn(clause) !== undefined || [...BIGGER, ...SMALLER].some((w) => hasPhrase(tokens, w) !== undefined);
}

/**
 * "make the laser and the global plan red", "the laser and the grid in blue": a clause that only names a target (with a
 * change verb or none) before a verbless clause that ends in a value shares that value — the value is both targets',
 * never the second one's alone.
 */
function shareTrailingValue(p: Planner, parts: string[], text: string): string[] {
  const out = [...parts];
  const { named, isType } = nameWordsOf(p);
  for (let i = out.length - 2; i >= 0; i--) {
    const tokens = tokenize(out[i]!);
    const verb = findVerb(tokens, []);
    if (gives(out[i]!) || (verb && verb.verb !== 'set')) continue;
    const rest = tokens.filter((t, k) => !FILLER.has(t) && !(verb && k >= verb.span.start && k < verb.span.start + verb.span.length));
    if (rest.length === 0 || !rest.every((t) => isType(t))) continue;
    if (findVerb(tokenize(out[i + 1]!), []) !== undefined || !gives(out[i + 1]!)) continue;
    // ("Joints too; only the Arm 50 % transparent": a semicolon or a full stop ends what the names share.)
    if (endsBefore(out[i]!, text, /[;.]/)) continue;
    const after = saidOfLastName(out[i + 1]!, isType);
    if (!after || after.said === '' || !gives(after.said)) continue;
    // ("FT sensor on, torque in blue": a word that starts a setting of the display named before is a part of it, whose
    // value that display's other parts do not share.)
    if (partOfNamed(p, out[i]!, after.name, named)) continue;
    out[i] = `${out[i]} ${after.said}`;
  }
  return out;
}

/** Whether `word` names no display here and starts a setting's words on the type of a display `clause` names. */
function partOfNamed(p: Planner, clause: string, word: string, named: ReadonlySet<string>): boolean {
  const t = tokenize(word)[0];
  if (t === undefined || named.has(t)) return false;
  const tokens = tokenize(clause);
  const classes = new Set(p.ctx.displays.filter((d) => { const n = tokenize(d.name); return n.length > 0 && n.every((w) => tokens.includes(w)); }).map((d) => d.classId));
  return p.ctx.catalog.displays.some((spec) => classes.has(spec.classId)
    && spec.properties.some((x) => (x.words ?? []).some((w) => { const ws = tokenize(w); return ws.length > 1 && ws[0] === t; })));
}

/** Words a clause of only a value may hold besides numbers: units, range joins, "each", filler. */
const VALUE_ONLY = new Set(['to', 'from', 'between', 'and', 'min', 'max', 'minimum', 'maximum', 'fixed', 'range', 'each', 'per', 'up', 'about', 'around', 'roughly',
  'cm', 'mm', 'm', 'px', 's', 'ms', 'sec', 'secs', 'second', 'seconds', 'percent', 'pct', 'deg', 'degree', 'degrees', 'pixel', 'pixels', 'meter', 'meters', 'metre',
  'metres', 'centimeter', 'centimeters', 'centimetre', 'centimetres', 'millimeter', 'millimeters', 'millimetre', 'millimetres', 'rad', 'radians', 'minute', 'minutes']);

/** A share of the current value said alone: "half of what they are now", "a third of the current size", "twice that". */
/** "10 % of that", "a tenth of that" as the rewrites leave it: a share of what was named. */
export const SHARE_OF_THAT = /^(?:(?:to|about|roughly|maybe)\s+)?\d+(?:\.\d+)?\s*%\s+of\s+(?:that|it|them|what\b.*)[.!]?$/i;
export const SHARE_ONLY = /^(?:(?:to|about|roughly|maybe)\s+)?(?:half|a\s+third|a\s+quarter|a\s+fifth|a\s+tenth|twice|double|triple)\s+(?:of\s+)?(?:what\s+(?:it\s+is|they\s+are|it's|they're)|(?:the\s+|its\s+|their\s+)?(?:current|present)\s+(?:value|size|width|length)|that|as\s+much|the\s+size)(?:\s+(?:now|currently|at\s+the\s+moment))?[.!]?$/i;

/**
 * "the local plan thinner, 2 cm", "colour it by height, from 0 to 2": a clause of only a value (numbers with units or a
 * range, nothing named) finishes the clause before it, so the value goes to what that clause named.
 */
export function mergeValueClauses(parts: readonly string[]): string[] {
  const out: string[] = [];
  for (const part of parts) {
    const tokens = tokenize(part);
    const valueOnly = /\d/.test(part) && tokens.length > 0 && tokens.every((t) => /^-?\d+(?:[a-z]{1,3})?$/.test(t) || VALUE_ONLY.has(t) || FILLER.has(t));
    // ("the wrist load arrows thinner, half of what they are now": a share of the current value alone finishes it too.)
    // (…but not after a statement, "the force arrows are huge, a tenth of that": the share is the fix, of what it says.)
    const share = SHARE_ONLY.test(part.trim()) || SHARE_OF_THAT.test(part.trim());
    const stated = share && out.length > 0 && /\b(?:is|are|looks?|seems?)\b/i.test(out[out.length - 1]!);
    if ((valueOnly || share) && !stated && out.length > 0) out[out.length - 1] = `${out[out.length - 1]} ${part}`;
    else out.push(part);
  }
  return out;
}

/**
 * "only show the frame names and axes on the tf", "show only the map and the scan": a clause of only switch, type or
 * display words after a clause with "only" or "just" continues its list, so "only" covers both ("and" had split them).
 */
function mergeOnlyLists(p: Planner, parts: readonly string[]): string[] {
  const out: string[] = [];
  for (const part of parts) {
    const prev = out[out.length - 1];
    // …and the list after "except" ("hide everything except the map and the laser": the laser is kept too, not hidden).
    const listed = prev !== undefined && /\b(?:only|just|except|besides|apart from|other than|save for)\b/i.test(prev) && onlyNames(p, part, true);
    if (listed) out[out.length - 1] = `${sharedNoun(p, prev!, part)} and ${part}`;
    else out.push(part);
  }
  return out;
}

/**
 * "just hide the global and the local plan": a list's first item that ends on a word several display names share
 * ("global": Global Costmap, Global Plan) takes the noun the next item ends on, when the two name a display together.
 */
function sharedNoun(p: Planner, prev: string, part: string): string {
  const before = tokenize(prev).at(-1);
  const noun = tokenize(part).at(-1);
  if (!before || !noun || before === noun) return prev;
  const names = p.ctx.displays.map((d) => tokenize(d.name));
  const holding = names.filter((n) => n.includes(before));
  const together = names.some((n) => { const at = n.indexOf(before); return at >= 0 && singular(n[at + 1] ?? '') === singular(noun); });
  return holding.length > 1 && together ? `${prev.trimEnd()} ${noun}` : prev;
}

/** Whether a clause names any display of the document, any display type, a robot or the fixed frame. */
function namesAny(p: Planner, part: string): boolean {
  const named = new Set(p.ctx.displays.flatMap((d) => tokenize(d.name)));
  const tokens = tokenize(part);
  const robots = new Set(p.ctx.namespaces.map((n) => n.toLowerCase()));
  return hasPhrase(tokens, 'fixed frame') !== undefined || tokens.some((t) => !FILLER.has(t) && (named.has(t) || robots.has(t) || p.ctx.catalog.typesForWords(t).length > 0));
}

/** Whether a clause only names displays or types (or, with `switches`, a display's switches): no verb, no value. */
function onlyNames(p: Planner, part: string, switches = false): boolean {
  const tokens = tokenize(part).filter((t) => !FILLER.has(t));
  const switchWord = (t: string): boolean => p.ctx.catalog.displays.some((spec) => spec.properties.some((x) => x.kind === 'bool' && (x.words ?? []).includes(t)));
  const named = new Set(p.ctx.displays.flatMap((d) => tokenize(d.name)));
  return tokens.length > 0 && tokens.every((t) => (switches && switchWord(t)) || named.has(t) || p.ctx.catalog.typesForWords(t).length > 0) && !tokens.some((t) => VERB_WORDS.has(t));
}

/**
 * "Front Lidar and Burger stay as they are": the names before a clause that keeps them are kept with it ("Hide Lift and
 * Charger; Sonar stays on": not across a semicolon, a full stop or ", but", which end what the names belong to).
 */
function mergeKeptLists(p: Planner, parts: readonly string[], text: string): string[] {
  const out = [...parts];
  // (…nor across ", but": "turn off Eyes and Fog, but Window stays" keeps only Window; "the UR Arm model but visible
  // stays", the German "soll aber bleiben", is one clause.)
  const endsSentence = (part: string): boolean => new RegExp(`${escapeRegExp(part)}\\s*(?:[;.]|,\\s*but\\b)`, 'i').test(text);
  // The names are the kept clause's subject only when "and" joins them to it ("Front Lidar and Burger stay"), or a comma
  // to a list already joined so ("Eyes, Fog and Window stay"): "hide the camera and the waypoints, the compass can stay"
  // keeps the compass alone. A clause led by its own leave verb with an object ("…, leave the depth cloud alone") has
  // no subject to take.
  // ("das UR Arm Modell soll aber sichtbar bleiben", read as "UR arm model but visible stay": a kept clause that names
  // nothing of its own keeps what came before it.)
  const joinedByAnd = (a: string, b: string): boolean => new RegExp(`${escapeRegExp(a)}\\s*(?:and|&|but)\\s+${escapeRegExp(b)}`, 'i').test(text) || !namesAny(p, b);
  const ownObject = (part: string): boolean => /^(?:and\s+)?(?:leave|keep|don\W?t\s+(?:touch|change)|do\s+not\s+(?:touch|change))\b/i.test(part.trim())
    && !tokenize(part).some((t) => BACK_POINTERS.has(t));
  // "leave Fleet and robot 1 alone": a leave clause whose list "and" split ends in the clause after it.
  for (let i = out.length - 2; i >= 0; i--) {
    const end = /\s+(?:alone|as\s+(?:it|they)\s+(?:is|are)|as\s+is|be|untouched|unchanged)\s*[.!]?$/i.exec(out[i + 1]!);
    if (end && /^(?:and\s+|but\s+|just\s+)?(?:leave|keep|don\W?t\s+touch|do\s+not\s+touch)\b/i.test(out[i]!.trim()) && !/\b(?:alone|as\s+is|as\s+(?:it|they)\s+(?:is|are)|untouched|unchanged|be)\b/i.test(out[i]!)
      && findVerb(tokenize(out[i + 1]!), []) === undefined && namesAny(p, out[i + 1]!.slice(0, end.index)) && new RegExp(`${escapeRegExp(out[i]!)}\\s*(?:and|&)\\s+${escapeRegExp(out[i + 1]!)}`, 'i').test(text)) {
      out.splice(i, 2, `${out[i]} and ${out[i + 1]}`);
    }
  }
  const merged = new Set<number>();
  for (let i = out.length - 1; i > 0; i--) {
    if (leaveSpan(tokenize(out[i]!)) && onlyNames(p, out[i - 1]!) && !endsSentence(out[i - 1]!) && !ownObject(out[i]!)
      && (joinedByAnd(out[i - 1]!, out[i]!) || merged.has(i))) {
      out.splice(i - 1, 2, `${out[i - 1]} and ${out[i]}`);
      merged.add(i - 1);
    }
  }
  return out;
}
