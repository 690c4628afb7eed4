import { mkdtemp, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.ts';
import { corpusFiles, corpusPresent } from './corpus.ts';
import { SAMPLE } from './helpers.ts';

async function cli(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(argv, { stdout: (t) => { out += t; }, stderr: (t) => { err += t; }, env: {} }, new AbortController().signal);
  return { code, out, err };
}

let dir = '';
beforeAll(async () => { dir = await mkdtemp(join(tmpdir(), 'rviz-cli-')); });
afterAll(async () => { await rm(dir, { recursive: true, force: true }); });

describe('apply', () => {
  it.skipIf(!corpusPresent)('--actions \'[]\' writes a byte-identical file for every corpus file', async () => {
    for (const f of corpusFiles()) {
      const input = join(dir, f.name);
      await writeFile(input, f.text);
      const out = join(dir, `out-${f.name}`);
      const r = await cli('apply', input, '--actions', '[]', '--out', out);
      expect(r.code, r.err).toBe(0);
      expect(await readFile(out, 'utf8')).toBe(f.text);
    }
  });
  it('applies actions from a file (or a plan\'s checked actions) and reports them as JSON', async () => {
    const input = join(dir, 'sample.rviz');
    await writeFile(input, SAMPLE);
    const actionsFile = join(dir, 'plan.json');
    await writeFile(actionsFile, JSON.stringify({ actions: [
      { action: 'set_fixed_frame', frame: 'odom', origin: 'model', checked: true, note: '' },
      { action: 'set_enabled', display: 'grid', value: 'false', checked: false },
    ], rejected: [], notes: [] }));
    const out = join(dir, 'out.rviz');
    const r = await cli('apply', input, '--actions', actionsFile, '--out', out, '--json');
    expect(r.code, r.err).toBe(0);
    expect(JSON.parse(r.out)).toEqual({ ok: true, file: input, out, applied: ['set fixed frame to odom'] });
    const written = await readFile(out, 'utf8');
    expect(written).toBe(SAMPLE.replace('Fixed Frame: map', 'Fixed Frame: odom'));
  });
  it('without --out prints the document', async () => {
    const input = join(dir, 'sample2.rviz');
    await writeFile(input, SAMPLE);
    const r = await cli('apply', input, '--actions', '[{"action":"rename_display","display":"grid","value":"Floor"}]');
    expect(r.code).toBe(0);
    expect(r.out).toBe(SAMPLE.replace('Name: Grid', 'Name: Floor'));
  });
  it('all or nothing: a failing action writes nothing and names the action', async () => {
    const input = join(dir, 'sample3.rviz');
    await writeFile(input, SAMPLE);
    const out = join(dir, 'never.rviz');
    const r = await cli('apply', input, '--actions', '[{"action":"set_fixed_frame","frame":"odom"},{"action":"remove_display","display":"ghost"}]', '--out', out);
    expect(r.code).toBe(1);
    expect(r.err).toBe('rviz-companion apply: nothing was written: action 1 (remove_display): rviz: display "ghost" not found (displays: Grid, Laser_Scan, Sensors, Front Camera, Particles)');
    await expect(readFile(out)).rejects.toThrow();
    expect(await readFile(input, 'utf8')).toBe(SAMPLE);
  });
  it('usage and input errors', async () => {
    const input = join(dir, 'sample4.rviz');
    await writeFile(input, SAMPLE);
    expect((await cli('apply', input)).code).toBe(2);
    expect((await cli('apply')).code).toBe(2);
    const badJson = await cli('apply', input, '--actions', '[{');
    expect(badJson.code).toBe(1);
    expect(badJson.err).toMatch(/^rviz-companion apply: --actions \(inline JSON\) is not valid JSON/);
    const missing = await cli('apply', join(dir, 'nope.rviz'), '--actions', '[]');
    expect(missing).toMatchObject({ code: 1, err: `rviz-companion apply: cannot read ${join(dir, 'nope.rviz')}: no such file` });
    const noActionsFile = await cli('apply', input, '--actions', join(dir, 'nope.json'));
    expect(noActionsFile.err).toContain('cannot read actions file');
  });
});

describe('convert', () => {
  it('converts a ROS 1 file and lists what it could not convert', async () => {
    const input = join(dir, 'ros1.rviz');
    await writeFile(input, SAMPLE.replace('rviz_default_plugins/LaserScan', 'rviz/LaserScan').replace('Topic: /scan', 'Topic: /scan\n      Unreliable: true'));
    const out = join(dir, 'ros2.rviz');
    const r = await cli('convert', input, out, '--json');
    expect(r.code, r.err).toBe(0);
    const report = JSON.parse(r.out);
    expect(report.ros1).toBe(true);
    expect(report.unconverted).toEqual([expect.objectContaining({ subject: 'display "Particles" (nav2_rviz_plugins/ParticleCloud)' })]);
    const text = await readFile(out, 'utf8');
    expect(text).toContain('    - Class: rviz_default_plugins/LaserScan\n');
    expect(text).toContain('      Topic:\n        Reliability Policy: Best Effort\n        Value: /scan\n');
    const lint = await cli('lint', out);
    expect(lint.out).not.toContain('ROS1_CLASS');
  });
  it('an RViz2 file is written unchanged', async () => {
    const input = join(dir, 'ros2in.rviz');
    await writeFile(input, SAMPLE);
    const out = join(dir, 'ros2out.rviz');
    const r = await cli('convert', input, out);
    expect(r).toMatchObject({ code: 0, out: `${input} is already an RViz2 config; wrote ${out} unchanged` });
    expect(await readFile(out, 'utf8')).toBe(SAMPLE);
  });
});

// The lint command is shared with diagnosis (robot findings); these checks hold for its file-only part.
describe('lint (file part)', () => {
  it('reports unknown classes as info and invalid values', async () => {
    const good = join(dir, 'good.rviz');
    await writeFile(good, SAMPLE);
    const r = await cli('lint', good);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/info +UNKNOWN_CLASS/);
    expect(r.out).not.toMatch(/error +[A-Z_]+/);
    const bad = join(dir, 'bad.rviz');
    await writeFile(bad, SAMPLE.replace('Alpha: 0.5', 'Alpha: 2'));
    const b = await cli('lint', bad, '--json');
    expect(b.out).toContain('"code": "INVALID_VALUE"');
    expect(b.out).toContain('Grid \\"Grid\\": Alpha must be at most 1, has 2');
  });
  it('malformed, non-RViz, binary and oversized files are a clear error naming the file', async () => {
    const cases: [string, string | Uint8Array, RegExp][] = [
      ['malformed.rviz', 'Visualization Manager:\n  Displays: [\n', /is not valid YAML/],
      ['notrviz.rviz', 'hello: world\n', /is YAML but not an RViz config/],
      ['binary.rviz', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00]), /is not a text file/],
      ['latin1.rviz', new Uint8Array([...new TextEncoder().encode('Visualization Manager:\n  Name: '), 0xe9, 0x0a]), /is not a text file \(bytes that are not valid UTF-8/],
    ];
    for (const [name, content, why] of cases) {
      const p = join(dir, name);
      await writeFile(p, content);
      const r = await cli('lint', p);
      expect(r.code, name).toBe(1);
      expect(r.out + r.err, name).toMatch(why);
      expect(r.out + r.err, name).toContain(name);
    }
    const huge = join(dir, 'huge.rviz');
    await writeFile(huge, '');
    await truncate(huge, 50 * 1024 * 1024);
    const h = await cli('lint', huge);
    expect(h.code).toBe(1);
    expect(h.out + h.err).toMatch(/huge\.rviz is too large/);
    const a = await cli('apply', huge, '--actions', '[]');
    expect(a).toMatchObject({ code: 1, err: 'rviz-companion apply: rviz: huge.rviz is too large (50.0 MB; the limit is 5.0 MB)' });
  });
});
