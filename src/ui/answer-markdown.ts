import { html, nothing, type TemplateResult } from 'lit';
import type { SourceRef } from '../core/assistant/events.ts';

/**
 * Renders model text as a small safe markdown subset: paragraphs, `- ` lists, fenced and inline code, **bold**, and
 * `[id]` citations. Everything is built from Lit templates with text bindings, never innerHTML, so HTML or script in a
 * model's answer stays inert text. A citation becomes a link only when its id is among the answer's sources.
 */
export function renderAnswer(text: string, sources: readonly SourceRef[]): TemplateResult {
  const byId = new Map(sources.map((s) => [s.id, s]));
  const blocks = splitBlocks(text);
  return html`${blocks.map((b) => {
    if (b.kind === 'code') return html`<pre class="code"><code>${b.text}</code></pre>`;
    if (b.kind === 'list') return html`<ul>${b.items.map((i) => html`<li>${inline(i, byId)}</li>`)}</ul>`;
    return html`<p>${inline(b.text, byId)}</p>`;
  })}`;
}

type Block = { kind: 'code'; text: string } | { kind: 'list'; items: string[] } | { kind: 'para'; text: string };

function splitBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  let para: string[] = [];
  let list: string[] | undefined;
  let code: string[] | undefined;
  const flushPara = () => { if (para.length) blocks.push({ kind: 'para', text: para.join(' ') }); para = []; };
  const flushList = () => { if (list) blocks.push({ kind: 'list', items: list }); list = undefined; };
  for (const line of lines) {
    if (code) {
      if (/^\s*```/.test(line)) { blocks.push({ kind: 'code', text: code.join('\n') }); code = undefined; } else code.push(line);
      continue;
    }
    if (/^\s*```/.test(line)) { flushPara(); flushList(); code = []; continue; }
    const item = /^\s*(?:[-*]|\d+[.)])\s+(.*)$/.exec(line);
    if (item) { flushPara(); (list ??= []).push(item[1]!); continue; }
    if (!line.trim()) { flushPara(); flushList(); continue; }
    flushList();
    para.push(line.trim());
  }
  if (code) blocks.push({ kind: 'code', text: code.join('\n') }); // an unfinished fence while streaming
  flushPara();
  flushList();
  return blocks;
}

/** Inline code, bold and citations; the rest is plain text. */
function inline(text: string, byId: Map<string, SourceRef>): TemplateResult[] {
  const parts: TemplateResult[] = [];
  const pattern = /`([^`]+)`|\*\*([^*]+)\*\*|\[([a-z0-9]+(?:-[a-z0-9]+)*)\]/g;
  let last = 0;
  for (const m of text.matchAll(pattern)) {
    if (m.index > last) parts.push(html`${text.slice(last, m.index)}`);
    if (m[1] !== undefined) parts.push(html`<code>${m[1]}</code>`);
    else if (m[2] !== undefined) parts.push(html`<strong>${m[2]}</strong>`);
    else {
      const source = byId.get(m[3]!);
      parts.push(source
        ? html`<a class="cite" href=${safeUrl(source.url)} target="_blank" rel="noopener noreferrer" title=${source.title}>[${m[3]}]</a>`
        : html`<span class="cite-unknown">[${m[3]}]</span>`);
    }
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push(html`${text.slice(last)}`);
  return parts.length ? parts : [html`${nothing}`];
}

/** Only https links leave the page; anything else (javascript:, data:) is dropped. */
export function safeUrl(url: string): string {
  return /^https:\/\//i.test(url) ? url : '#';
}
