import { describe, expect, it } from 'vitest';
import { ASK_DEFAULTS, extractiveAnswer, relevantFindings, tokenPieces } from '../../../../src/core/assistant/pipeline/index.ts';
import type { Finding } from '../../../../src/core/diagnosis/types.ts';

const scan: Finding = { code: 'QOS_RELIABILITY_MISMATCH', severity: 'error', subject: { kind: 'display', name: 'LaserScan', display: 'LaserScan', topic: '/scan' },
  summary: 'LaserScan "LaserScan" requests Reliable but /scan is published Best Effort', evidence: [], hint: 'set Topic/Reliability Policy to Best Effort' };
const frame: Finding = { code: 'FIXED_FRAME_NOT_IN_TF', severity: 'error', subject: { kind: 'frame', name: 'world' }, summary: 'the Fixed Frame world is not in TF', evidence: [] };

const pages = [
  { id: 'page-a', text: 'Zebras are striped. The scan topic carries ranges. Unrelated closing words.', query: 'what does the scan topic carry' },
  { id: 'page-b', text: 'Nothing shared here at all. Still nothing.', query: 'what does the scan topic carry' },
];

describe('relevantFindings', () => {
  it('keeps findings naming what the question names', () => {
    expect(relevantFindings('what QoS does /scan use?', [scan, frame])).toEqual([scan]);
    expect(relevantFindings('where is the world frame?', [scan, frame])).toEqual([frame]);
  });
  it('keeps all of them for a question about something going wrong, none for an unrelated one', () => {
    expect(relevantFindings('why does rviz show nothing?', [scan, frame])).toEqual([scan, frame]);
    expect(relevantFindings('what are actions?', [scan, frame])).toEqual([]);
  });
});

describe('extractiveAnswer', () => {
  it('states relevant findings, then the best sentence of each page with its [id]', () => {
    const answer = extractiveAnswer({ question: 'what does the scan topic carry', pages, findings: [scan, frame], noMatch: false }, ASK_DEFAULTS);
    expect(answer).toBe([
      'Found on this robot (computed by rules):',
      '- LaserScan "LaserScan" requests Reliable but /scan is published Best Effort. Fix: set Topic/Reliability Policy to Best Effort.',
      '',
      'From the documentation (best passages, no model):',
      'The scan topic carries ranges. [page-a]',
      '',
      'Nothing shared here at all. [page-b]',
    ].join('\n'));
  });

  it('says no documentation matched, and streams back to the same text', () => {
    const answer = extractiveAnswer({ question: 'what are actions?', pages: [], findings: [scan], noMatch: true }, ASK_DEFAULTS);
    expect(answer).toBe('no documentation matched: the knowledge base has no page on this question.');
    expect(tokenPieces(answer).join('')).toBe(answer);
  });
});
