import { describe, expect, it } from 'vitest';
import { KbIndex } from '../../../../src/core/assistant/search/bm25-index.ts';
import { searchKb, rankBm25 } from '../../../../src/core/assistant/search/retrieve.ts';
import { gateBm25 } from '../../../../src/core/assistant/search/thresholds.ts';
import { SEARCH_DEFAULTS } from '../../../../src/core/assistant/search/defaults.ts';
import { FIXTURE_ENTRIES } from './fixtures.ts';

const index = new KbIndex(FIXTURE_ENTRIES);
const top = (q: string): string | undefined => rankBm25(index, q)[0]?.id;

describe('KbIndex ranking', () => {
  it('finds pages through ROS names written differently from the text', () => {
    expect(top('DOMAIN_MISMATCH')).toBe('ros-domain-id');
    expect(top('how is sensor_msgs/msg/PointCloud2 laid out')).toBe('pointcloud2-layout');
    expect(top('pointcloud row step')).toBe('pointcloud2-layout');
    expect(top('use_sim_time')).toBe('ros2-time-sim-time');
    expect(top('Fixed Frame [map] does not exist')).toBe('rviz-fixed-frame');
  });

  it('forgives a typo in a word the index has never seen', () => {
    expect(index.search('quaterion')[0]?.id).toBe('quaternions');
    expect(index.search('quaterion')[0]?.queryTerms).toEqual(['quaterion']);
    expect(new KbIndex(FIXTURE_ENTRIES, { fuzzyEdits: 0 }).search('quaterion')).toEqual([]);
  });

  it('rejects duplicate ids with the culprit named', () => {
    expect(() => new KbIndex([FIXTURE_ENTRIES[0]!, FIXTURE_ENTRIES[0]!])).toThrow('search: duplicate entry id "ros-domain-id"');
  });
});

describe('user text is never query syntax', () => {
  it('reads -v, frame:odom, quotes and * as plain words', () => {
    expect(top('ros2 topic info -v')).toBe('topic-debugging-cli');
    expect(top('-v')).toBeUndefined();
    expect(rankBm25(index, 'frame:odom fixed').map((r) => r.id)).toEqual(rankBm25(index, 'frame odom fixed').map((r) => r.id));
    expect(rankBm25(index, '"fixed frame"').map((r) => r.id)).toEqual(rankBm25(index, 'fixed frame').map((r) => r.id));
    // `*` would be a wildcard (every page) in some engines; here it is nothing.
    expect(rankBm25(index, '*')).toEqual([]);
    expect(rankBm25(index, 'qua*')).toEqual([]);
    expect(rankBm25(index, 'NOT AND OR ( ) [ ] { } ^ ~ :')).toEqual([]);
  });
});

describe('thresholds', () => {
  it('an unrelated question matches nothing', () => {
    expect(searchKb(index, 'what is a good recipe for banana bread').noMatch).toBe(true);
    expect(searchKb(index, 'stock price of tesla today').noMatch).toBe(true);
    expect(searchKb(index, '').noMatch).toBe(true);
  });

  it('a question made only of common words has no distinctive term', () => {
    // "topic" is in half of the fixture pages: distinctive enough by default (≤ 50 %), not with a stricter limit.
    expect(gateBm25(index, 'topic', index.search('topic')).ok).toBe(true);
    const strict = new KbIndex(FIXTURE_ENTRIES, { maxDistinctiveDocFraction: 0.3 });
    expect(gateBm25(strict, 'topic', strict.search('topic'))).toEqual({ ok: false, reason: 'no_distinctive_term' });
  });

  it('one stray word matched in a longer question is below the evidence floor', () => {
    const q = 'which clock brand makes the nicest watches for a birthday gift';
    const hits = index.search(q);
    expect(hits[0]?.id).toBe('ros2-time-sim-time'); // "clock" matches...
    expect(gateBm25(index, q, hits)).toEqual({ ok: false, reason: 'below_evidence_floor' }); // ...but explains little of the question
    expect(index.coverage(q, hits[0]!)).toBeLessThan(0.3);
  });

  it('keeps other results only above the relative share of the best score', () => {
    const hits = index.search('use_sim_time clock replay bag');
    const gate = gateBm25(index, 'use_sim_time clock replay bag', hits);
    expect(gate.ok).toBe(true);
    if (!gate.ok) return;
    const best = gate.hits[0]!.score;
    for (const h of gate.hits) expect(h.score).toBeGreaterThanOrEqual(best * SEARCH_DEFAULTS.minRelativeScore);
    const dropped = hits.filter((h) => !gate.hits.includes(h));
    for (const h of dropped) expect(h.score).toBeLessThan(best * SEARCH_DEFAULTS.minRelativeScore);
  });

  it('a raised floor turns a match into no match (the floor is live)', () => {
    const strict = new KbIndex(FIXTURE_ENTRIES, { minBestScore: 1e9 });
    expect(searchKb(strict, 'use_sim_time').noMatch).toBe(true);
    expect(searchKb(index, 'use_sim_time').noMatch).toBe(false);
  });

  it('searchKb returns id, title, url and score, best first, within the limit', () => {
    const { results } = searchKb(index, 'ros2 bag play clock use_sim_time', 1);
    expect(results).toHaveLength(1);
    expect(Object.keys(results[0]!).sort()).toEqual(['id', 'score', 'title', 'url']);
  });
});

describe('long pasted input', () => {
  it('searches with a bounded number of distinct terms from the start of the text', () => {
    const line = "[WARN] Message Filter dropping message: frame 'laser_7' for reason 'queue is full' use_sim_time\n";
    const huge = line.repeat(5000);
    const terms = index.queryTerms(huge);
    expect(terms.length).toBeLessThanOrEqual(64);
    expect(new Set(terms).size).toBe(terms.length);
    expect(top(huge)).toBe('ros2-time-sim-time');
    const capped = new KbIndex(FIXTURE_ENTRIES, { maxQueryTerms: 2 });
    expect(capped.queryTerms('alpha beta gamma delta')).toEqual(['alpha', 'beta']);
  });
});
