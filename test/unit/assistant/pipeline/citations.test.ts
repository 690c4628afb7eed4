import { describe, expect, it } from 'vitest';
import { citedIds, splitCitations } from '../../../../src/core/assistant/pipeline/index.ts';

const sources = [{ id: 'ros-qos', title: 'QoS settings', url: 'https://docs.ros.org/qos' }];

describe('splitCitations', () => {
  it('links a known id and leaves an unknown id as plain, unlinked text', () => {
    expect(splitCitations('Match QoS [ros-qos], see [made-up-page].', sources)).toEqual([
      { kind: 'text', text: 'Match QoS ' },
      { kind: 'citation', id: 'ros-qos', text: '[ros-qos]', source: sources[0] },
      { kind: 'text', text: ', see ' },
      { kind: 'citation', id: 'made-up-page', text: '[made-up-page]' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('does not take brackets that are not ids for citations, and keeps every character', () => {
    const text = 'Array [1, 2], Frame [world] and [Some Title] and [ros-qos](https://x)';
    const segments = splitCitations(text, sources);
    expect(segments.map((s) => s.text).join('')).toBe(text);
    expect(segments.filter((s) => s.kind === 'citation').map((s) => s.kind === 'citation' && s.id)).toEqual(['world', 'ros-qos']);
    expect(segments.find((s) => s.kind === 'citation' && s.id === 'world')).toEqual({ kind: 'citation', id: 'world', text: '[world]' });
  });

  it('citedIds lists each id once, in order', () => {
    expect(citedIds('[b] [a] [b]')).toEqual(['b', 'a']);
  });
});
