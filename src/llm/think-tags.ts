/**
 * Some servers (llama.cpp without a reasoning parser, LM Studio, older Ollama builds) put a model's
 * reasoning inline as <think>…</think> at the start of the answer. This moves it to thinking, for
 * whole answers and for streams where a tag may be split across chunks. Only a block at the very
 * start counts, so an answer that mentions the tag is left alone.
 */
import type { StreamChunk } from '../core/model.ts';

const OPEN = '<think>';
const CLOSE = '</think>';

export function splitThinkTags(text: string): { thinking: string; content: string } {
  const lead = text.length - text.trimStart().length;
  if (!text.startsWith(OPEN, lead)) return { thinking: '', content: text };
  const end = text.indexOf(CLOSE, lead + OPEN.length);
  if (end < 0) return { thinking: text.slice(lead + OPEN.length), content: '' };
  return { thinking: text.slice(lead + OPEN.length, end), content: text.slice(end + CLOSE.length).trimStart() };
}

/** Longest suffix of `text` that is a proper prefix of `tag` (it may complete in the next chunk). */
function heldSuffix(text: string, tag: string): number {
  for (let n = Math.min(tag.length - 1, text.length); n > 0; n--) if (tag.startsWith(text.slice(-n))) return n;
  return 0;
}

export interface ThinkSplitter {
  push(content: string): StreamChunk[];
  flush(): StreamChunk[];
}

export function createThinkSplitter(): ThinkSplitter {
  let state: 'start' | 'thinking' | 'answer' | 'answer-start' = 'start';
  let buf = '';
  const out = (kind: StreamChunk['kind'], text: string): StreamChunk[] => (text ? [{ kind, text }] : []);

  const step = (): StreamChunk[] => {
    if (state === 'start') {
      const trimmed = buf.trimStart();
      if (trimmed.startsWith(OPEN)) {
        buf = trimmed.slice(OPEN.length);
        state = 'thinking';
        return step();
      }
      if (OPEN.startsWith(trimmed)) return []; // still could become the tag (or is only whitespace)
      state = 'answer';
      const text = buf;
      buf = '';
      return out('token', text);
    }
    if (state === 'thinking') {
      const end = buf.indexOf(CLOSE);
      if (end >= 0) {
        const thinking = buf.slice(0, end);
        buf = buf.slice(end + CLOSE.length);
        state = 'answer-start';
        return [...out('thinking', thinking), ...step()];
      }
      const hold = heldSuffix(buf, CLOSE);
      const text = buf.slice(0, buf.length - hold);
      buf = buf.slice(buf.length - hold);
      return out('thinking', text);
    }
    if (state === 'answer-start') {
      // Drop the blank lines between the thinking block and the answer.
      buf = buf.trimStart();
      if (!buf) return [];
      state = 'answer';
    }
    const text = buf;
    buf = '';
    return out('token', text);
  };

  return {
    push(content: string): StreamChunk[] {
      buf += content;
      return step();
    },
    flush(): StreamChunk[] {
      const text = buf;
      buf = '';
      if (state === 'thinking') return out('thinking', text);
      if (state === 'answer-start') return out('token', text.trimStart());
      return out('token', text);
    },
  };
}
