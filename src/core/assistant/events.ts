import type { Finding } from '../diagnosis/types.ts';

/** A knowledge entry used as a source, as the assistant shows and cites it. */
export interface SourceRef {
  id: string;
  title: string;
  url: string;
  score?: number;
  /** Which search found it: the question, or the current findings. */
  via?: 'question' | 'findings';
}

export interface CheckedCommand {
  line: string;
  valid: boolean;
  /** Why it is not valid: "unknown option --qos-bogus for ros2 topic echo: invented or mistyped, do not run". */
  problem?: string;
}

/** The assistant's event stream (NDJSON in the CLI, one object a line). Order: context, meta, thinking/token*, then done or error. */
export type AssistantEvent =
  | { type: 'context'; sources: SourceRef[]; findings: Finding[]; noMatch: boolean }
  | { type: 'meta'; provider: string; model: string; timings: Record<string, number>; notes?: string[] }
  | { type: 'thinking'; text: string }
  | { type: 'token'; text: string }
  | { type: 'done'; answer: string; sources: SourceRef[]; commands: CheckedCommand[] }
  | { type: 'error'; message: string; kind?: string; hint?: string };
