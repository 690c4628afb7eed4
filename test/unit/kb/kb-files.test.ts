// The real knowledge base: every file valid, ids equal file names, official https URLs, 80–250 words, ≥ 90 entries.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readKbSources, loadKbFiles } from '../../../src/cli/kb-files.ts';
import { checkKbEntry, loadKbEntries, type KbEntry } from '../../../src/core/assistant/kb.ts';

/**
 * Official documentation hosts; GitHub only for these organisations. REPs moved to reps.openrobotics.org (the
 * ros-infrastructure/rep README points to openrobotics/reps, whose CNAME and README name that host); docs.ollama.com
 * is Ollama's own documentation (the providers entry cites its FAQ).
 */
const ALLOWED_HOSTS = ['docs.ros.org', 'design.ros2.org', 'www.ros.org', 'reps.openrobotics.org', 'docs.nav2.org', 'control.ros.org',
  'fast-dds.docs.eprosima.com', 'cyclonedds.io', 'zenoh.io', 'docs.ollama.com'];
const ALLOWED_GITHUB_ORGS = ['ros2', 'ros-controls', 'ros-navigation', 'RobotWebTools', 'ros', 'eclipse-zenoh'];

function urlProblem(url: string): string | undefined {
  let u: URL;
  try { u = new URL(url); } catch { return 'not a URL'; }
  if (u.protocol !== 'https:') return 'not https';
  if (ALLOWED_HOSTS.includes(u.hostname)) return undefined;
  if (u.hostname === 'github.com') {
    const org = u.pathname.split('/')[1] ?? '';
    return ALLOWED_GITHUB_ORGS.includes(org) ? undefined : `GitHub organisation "${org}" is not an official one`;
  }
  return `host ${u.hostname} is not an allowed official domain`;
}

const words = (text: string): number => text.trim().split(/\s+/).filter(Boolean).length;

describe('knowledge base files', async () => {
  const { sources, problems } = await readKbSources();

  it('every file is JSON and passes the schema (each failure names its path and reason)', () => {
    const all = [...problems, ...sources.flatMap((s) => checkKbEntry(s))];
    expect(all.map((p) => `${p.path}: ${p.reason}`)).toEqual([]);
  });

  it('ids are unique and equal to the file names', () => {
    const loaded = loadKbEntries(sources);
    expect(loaded.ok ? [] : loaded.problems.map((p) => `${p.path}: ${p.reason}`)).toEqual([]);
    for (const s of sources) expect(s.path.endsWith(`${(s.value as KbEntry).id}.json`), s.path).toBe(true);
  });

  it('every URL is https on an allowed official domain', () => {
    const bad = sources.map((s) => ({ path: s.path, why: urlProblem(String((s.value as KbEntry).url)) })).filter((b) => b.why);
    expect(bad.map((b) => `${b.path}: ${b.why}`)).toEqual([]);
  });

  it('every text has 80–250 words', () => {
    const bad = sources.map((s) => ({ path: s.path, n: words(String((s.value as KbEntry).text)) })).filter((b) => b.n < 80 || b.n > 250);
    expect(bad.map((b) => `${b.path}: ${b.n} words`)).toEqual([]);
  });

  it('cites REPs on their current host and the providers entry on a page about providers, not rosbridge', () => {
    const byId = new Map(sources.map((s) => [(s.value as KbEntry).id, s.value as KbEntry]));
    for (const id of ['rep-103-units-axes', 'rep-105-frames', 'imu-rep-145']) expect(byId.get(id)!.url, id).toMatch(/^https:\/\/reps\.openrobotics\.org\/rep-0\d{3}\/$/);
    const providers = byId.get('companion-providers-privacy')!;
    expect(providers.localDoc).toBe('README.md#providers');
    expect(providers.url).not.toMatch(/rosbridge/);
  });

  it('holds at least 90 entries', () => {
    expect(sources.length).toBeGreaterThanOrEqual(90);
  });
});

describe('URL rule', () => {
  it('accepts official pages and rejects others', () => {
    expect(urlProblem('https://docs.ros.org/en/jazzy/Concepts.html')).toBeUndefined();
    expect(urlProblem('https://github.com/ros2/rviz/blob/rolling/README.md')).toBeUndefined();
    expect(urlProblem('https://reps.openrobotics.org/rep-0105/')).toBeUndefined();
    expect(urlProblem('http://docs.ros.org/en/jazzy/')).toBe('not https');
    expect(urlProblem('https://github.com/someone/fork')).toMatch(/someone/);
    expect(urlProblem('https://answers.ros.org/question/1')).toMatch(/answers\.ros\.org/);
    expect(urlProblem('https://docs.ros.org.evil.example/')).toMatch(/not an allowed/);
  });
});

describe('a bad file fails with its path and the reason', () => {
  const good: KbEntry = {
    schemaVersion: 1, id: 'good-entry', title: 'A good entry', url: 'https://docs.ros.org/en/jazzy/',
    keywords: ['one', 'two', 'three'], topic: 'concepts', text: 'word '.repeat(100).trim(),
  };

  async function withDir(files: Record<string, string>, body: (dir: string) => Promise<void>): Promise<void> {
    const dir = await mkdtemp(join(tmpdir(), 'kb-test-'));
    try {
      for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
      await body(dir);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  it('a schema violation names the file and the field', async () => {
    await withDir({ 'good-entry.json': JSON.stringify(good), 'bad-entry.json': JSON.stringify({ ...good, id: 'bad-entry', url: 'ftp://x' }) }, async (dir) => {
      await expect(loadKbFiles(dir)).rejects.toThrow(/bad-entry\.json: \/url must match pattern/);
    });
  });

  it('invalid JSON names the file', async () => {
    await withDir({ 'broken.json': '{"id": ' }, async (dir) => {
      await expect(loadKbFiles(dir)).rejects.toThrow(/broken\.json: not valid JSON/);
    });
  });

  it('an id that differs from the file name, an unknown field and a duplicate are each reported', () => {
    expect(checkKbEntry({ path: 'kb/other.json', value: good })[0]!.reason).toBe('id "good-entry" does not match the file name "other.json"');
    expect(checkKbEntry({ path: 'kb/good-entry.json', value: { ...good, extra: 1 } })[0]!.reason).toMatch(/must NOT have additional properties "extra"/);
    const dup = loadKbEntries([{ path: 'a/good-entry.json', value: good }, { path: 'b/good-entry.json', value: good }]);
    expect(dup.ok).toBe(false);
    if (!dup.ok) expect(dup.problems[0]).toEqual({ path: 'b/good-entry.json', reason: 'duplicate id "good-entry" (also in a/good-entry.json)' });
  });

  it('good files load', async () => {
    await withDir({ 'good-entry.json': JSON.stringify(good), 'schema.json': '{}' }, async (dir) => {
      expect((await loadKbFiles(dir)).map((e) => e.id)).toEqual(['good-entry']);
    });
  });
});
