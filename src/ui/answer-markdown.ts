import { html, type TemplateResult } from 'lit';
import type { SourceRef } from '../core/assistant/events.ts';
import { splitCitations } from '../core/assistant/pipeline/citations.ts';

/**
 * Renders model text as a small safe markdown subset: paragraphs, `- ` lists, fenced and inline code, **bold**, and
 * `[id]` citations. Everything is built from Lit templates with text bindings, never innerHTML, so HTML or script in a
 * model's answer stays inert text. A citation becomes a link only when its id is among the answer's sources.
 */
export function renderAnswer(text: string, sources: readonly SourceRef[]): TemplateResult {
  const blocks = splitBlocks(text);
  return html`${blocks.map((b) => {
    if (b.kind === 'code') return html`<pre class="code"><code>${b.text}</code></pre>`;
    if (b.kind === 'list') return html`<ul>${b.items.map((i) => html`<li>${inline(i, sources)}</li>`)}</ul>`;
    return html`<p>${inline(b.text, sources)}</p>`;
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

/** Inline code first (brackets inside code are not citations), then citations (core decides which link), then bold. */
function inline(text: string, sources: readonly SourceRef[]): TemplateResult[] {
  const parts: TemplateResult[] = [];
  text.split(/(`[^`]+`)/).forEach((piece, i) => {
    if (i % 2 === 1) { parts.push(html`<code>${piece.slice(1, -1)}</code>`); return; }
    for (const seg of splitCitations(piece, sources)) {
      if (seg.kind === 'text') parts.push(...bold(seg.text));
      else if (seg.source) {
        parts.push(html`<a class="cite" href=${safeUrl(seg.source.url)} target="_blank" rel="noopener noreferrer" title=${seg.source.title}>${seg.text}</a>`);
      } else parts.push(html`<span class="cite-unknown">${seg.text}</span>`);
    }
  });
  return parts;
}

function bold(text: string): TemplateResult[] {
  return text.split(/\*\*([^*]+)\*\*/).map((piece, i) => (i % 2 === 1 ? html`<strong>${piece}</strong>` : html`${piece}`));
}

/** Only https links leave the page; anything else (javascript:, data:) is dropped. */
export function safeUrl(url: string): string {
  return /^https:\/\//i.test(url) ? url : '#';
}
