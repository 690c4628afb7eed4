/**
 * Restores tokens in a streamed reply where a token may be split across chunks ("<HO" + "ST_1>"):
 * a tail that could still become a token is held back until the next chunk or the end.
 */
import type { Redactor } from './redactor.ts';

export interface StreamRestorer {
  /** Feed one chunk; returns the text that is safe to show now. */
  push(chunk: string): string;
  /** End of stream: returns whatever was held back, restored. */
  flush(): string;
}

const MAX_TOKEN_LENGTH = 16; // "<SECRET_99999>" fits; longer tails cannot be tokens
const PARTIAL_TOKEN = /^<[A-Za-z]*(?:_\d*)?$/;

export function createStreamRestorer(redactor: Pick<Redactor, 'restore'>): StreamRestorer {
  let pending = '';
  return {
    push(chunk: string): string {
      const text = pending + chunk;
      const lt = text.lastIndexOf('<');
      if (lt >= 0 && text.length - lt <= MAX_TOKEN_LENGTH && PARTIAL_TOKEN.test(text.slice(lt))) {
        pending = text.slice(lt);
        return redactor.restore(text.slice(0, lt));
      }
      pending = '';
      return redactor.restore(text);
    },
    flush(): string {
      const rest = pending;
      pending = '';
      return redactor.restore(rest);
    },
  };
}
