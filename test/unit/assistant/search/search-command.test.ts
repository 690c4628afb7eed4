// `rviz-companion search` end to end through the CLI entry point (real kb files).
import { describe, expect, it } from 'vitest';
import { main } from '../../../../src/cli/main.ts';

async function cli(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(argv, { stdout: (t) => { out += `${t}\n`; }, stderr: (t) => { err += `${t}\n`; }, env: {} }, new AbortController().signal);
  return { code, out, err };
}

describe('search command', () => {
  it('prints the passing entries best first with id, title, url and score', async () => {
    const { code, out } = await cli('search', 'Fixed', 'Frame', '[map]', 'does', 'not', 'exist');
    expect(code).toBe(0);
    expect(out.split('\n')[0]).toMatch(/^1\. .*\[rviz-fixed-frame\]\s+score \d+(\.\d+)?$/);
    expect(out).toMatch(/https:\/\//);
  });

  it('--json gives machine-readable results and respects --limit', async () => {
    const { code, out } = await cli('search', 'ros2 topic info -v /scan', '--json', '--limit', '2');
    expect(code).toBe(0);
    const body = JSON.parse(out) as { query: string; noMatch: boolean; results: { id: string; title: string; url: string; score: number }[] };
    expect(body.query).toBe('ros2 topic info -v /scan');
    expect(body.noMatch).toBe(false);
    expect(body.results.length).toBeGreaterThan(0);
    expect(body.results.length).toBeLessThanOrEqual(2);
    expect(Object.keys(body.results[0]!).sort()).toEqual(['id', 'score', 'title', 'url']);
  });

  it('says "no documentation matched" with exit 0 when nothing passes', async () => {
    expect(await cli('search', 'banana bread recipe')).toMatchObject({ code: 0, out: 'no documentation matched\n' });
    const json = await cli('search', 'banana bread recipe', '--json');
    expect(JSON.parse(json.out)).toMatchObject({ noMatch: true, results: [] });
  });

  it('rejects a bad --limit with a clear error', async () => {
    const { code, err } = await cli('search', 'amcl', '--limit', 'lots');
    expect(code).toBe(1);
    expect(err).toMatch(/--limit must be a positive whole number \(got "lots"\)/);
  });
});
