/**
 * What the companion says after sending a config: the bridge's answer in one short sentence (with took_ms), or why
 * there was none, and what to do. A refusal always says the document stays as applied.
 */
import { isReadOnlyRefusal, type BridgeStatus } from './status.ts';

export type SendOutcome =
  | { kind: 'status'; status: BridgeStatus }
  /** No status within the wait. */
  | { kind: 'timeout'; waitedMs: number }
  /** Another config was sent before this one was answered (the bridge reloads only the last). */
  | { kind: 'superseded' }
  /** It never left: not connected, too large for rosbridge, the link closed… */
  | { kind: 'not-sent'; reason: string }
  /** Sent, then the connection went away before an answer. */
  | { kind: 'lost'; reason: string };

/** "40 ms", "0.3 s", "1.9 s", "12 s". */
export function formatDuration(ms: number): string {
  if (ms < 100) return `${Math.round(ms)} ms`;
  if (ms < 10_000) return `${(ms / 1000).toFixed(1)} s`;
  return `${Math.round(ms / 1000)} s`;
}

function refusalTip(status: BridgeStatus): string {
  const r = status.reason;
  if (isReadOnlyRefusal(status)) return 'The bridge is read-only: Save the document and open it in RViz2, or restart the bridge with read_only:=false.';
  if (/too large|5 ?MB|bytes/i.test(r)) return 'Remove large embedded data (long inline text, huge marker lists) and Apply again, or Save and open it in RViz2.';
  if (/YAML|Visualization Manager|RViz config/i.test(r)) return 'Check the document with `rviz-companion lint FILE.rviz`, fix it, and Apply again.';
  if (/UTF-8/i.test(r)) return 'Remove the characters that are not text and Apply again.';
  return 'Save the document and open it in RViz2 by hand.';
}

export interface SendMessage {
  ok: boolean;
  text: string;
}

/**
 * @example describeSendOutcome({ kind: 'status', status }).text  // "RViz loaded it in 1.9 s"
 */
export function describeSendOutcome(outcome: SendOutcome): SendMessage {
  switch (outcome.kind) {
    case 'status': {
      const s = outcome.status;
      switch (s.action) {
        case 'loaded': return { ok: true, text: `RViz loaded it in ${formatDuration(s.took_ms)}` };
        case 'written': return { ok: true, text: `The bridge wrote it${s.file ? ` to ${s.file}` : ''} (version ${s.version}); no supervised RViz loads it` };
        case 'rviz_exited': return { ok: false, text: `RViz exited${s.reason ? ` (${s.reason})` : ''}; your document is as applied, and the next Apply starts RViz again` };
        case 'refused': return { ok: false, text: `The robot refused it: ${s.reason || 'no reason given'}. Your document is as applied; nothing was lost. ${refusalTip(s)}` };
      }
      break;
    }
    case 'timeout':
      return { ok: false, text: `No answer from the bridge within ${formatDuration(outcome.waitedMs)}; your document is as applied. Check that rviz_companion_bridge runs, then Apply again.` };
    case 'superseded':
      return { ok: true, text: 'A newer change was sent; the bridge loads only the latest' };
    case 'lost':
      return { ok: false, text: `No answer: ${outcome.reason}. Your document is as applied; Apply again once the robot is back.` };
    case 'not-sent':
      return { ok: false, text: `Not sent to RViz: ${outcome.reason}. Your document is as applied.` };
  }
  return { ok: false, text: 'unknown outcome' };
}

/**
 * Whether a config on rviz_config_current is news for the document: text equal to the document or to what the
 * companion itself sent is its own config echoing back, and must not become an undo step or a reload loop.
 */
export function isOwnConfigEcho(current: string, known: { documentText: string; sentTexts: readonly string[] }): boolean {
  return current === known.documentText || known.sentTexts.includes(current);
}
