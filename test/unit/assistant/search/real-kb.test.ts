// Thresholds on the real knowledge base: unrelated questions find nothing, real ones find their page.
import { describe, expect, it } from 'vitest';
import { loadKbFiles } from '../../../../src/cli/kb-files.ts';
import { KbIndex } from '../../../../src/core/assistant/search/bm25-index.ts';
import { searchKb } from '../../../../src/core/assistant/search/retrieve.ts';
import { gateBm25 } from '../../../../src/core/assistant/search/thresholds.ts';

describe('search over the real knowledge base', async () => {
  const index = new KbIndex(await loadKbFiles());

  it.each([
    'best banana bread recipe',
    'how do I center a div with css flexbox',
    'what is the stock price of tesla today',
    '¿Cuál es la capital de Australia?',
    '今天天气怎么样',
    '',
    '*',
  ])('"%s" → no documentation matched', (q) => {
    expect(searchKb(index, q)).toEqual({ results: [], noMatch: true });
  });

  it('a question of only very common words has no distinctive term', () => {
    // Each of these words is on more than half of the pages.
    const q = 'publish a topic message to the robot';
    const gate = gateBm25(index, q, index.search(q));
    expect(gate).toEqual({ ok: false, reason: 'no_distinctive_term' });
  });

  it.each([
    ['amcl particle cloud', 'rviz-display-posearray'],
    ['Fixed Frame [map] does not exist', 'rviz-fixed-frame'],
    ['DOMAIN_MISMATCH', 'ros-domain-id'],
    ['sensor_msgs/msg/PointCloud2 point_step', 'pointcloud2-layout'],
    ['ros2 topic info -v', 'topic-debugging-cli'],
  ])('"%s" finds %s first', (q, id) => {
    expect(searchKb(index, q).results[0]?.id).toBe(id);
  });
});
