import { describe, expect, it } from 'vitest';
import { parse, parseBytes, serialize } from '../../../src/core/rviz/index.ts';
import { corpusFiles, corpusPresent } from './corpus.ts';

const MINIMAL = 'Visualization Manager:\n  Class: ""\n  Displays:\n    - Class: rviz_default_plugins/Grid\n      Name: Grid\n      Enabled: true\n  Global Options:\n    Fixed Frame: map\n';

describe.skipIf(!corpusPresent)('parse/serialize over the corpus', () => {
  const files = corpusFiles();
  it('has the 49 corpus files', () => {
    expect(files.length).toBe(49);
  });
  it.each(files.map((f) => [f.name, f.text] as const))('%s: serialize(parse(text)) is byte-identical and reparses to the same tree', (_name, text) => {
    const r = parse(text);
    if (!r.ok) throw new Error(r.reason);
    const out = serialize(r.doc);
    expect(out).toBe(text);
    const again = parse(out);
    if (!again.ok) throw new Error(again.reason);
    expect(again.doc.yaml.toJSON()).toEqual(r.doc.yaml.toJSON());
  });
});

describe('parse failures name the problem', () => {
  it('malformed YAML gives the line', () => {
    const r = parse('Visualization Manager:\n  Displays:\n    - Class: x\n   bad: [\n', { name: 'bad.rviz' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.code).toBe('yaml-syntax');
    expect(r.reason).toMatch(/^rviz: bad\.rviz is not valid YAML \(line \d+\)/);
    expect(r.line).toBeGreaterThan(0);
  });
  it('YAML that is not an RViz config', () => {
    const r = parse('name: demo\nversion: 2\n', { name: 'x.yaml' });
    expect(r).toMatchObject({ ok: false, code: 'not-rviz', path: 'Visualization Manager' });
    if (!r.ok) expect(r.reason).toBe('rviz: x.yaml is YAML but not an RViz config: it has no "Visualization Manager" key (top-level keys: name, version)');
    expect(parse('- a\n- b\n')).toMatchObject({ ok: false, code: 'not-rviz' });
    expect(parse('Visualization Manager: 3\n')).toMatchObject({ ok: false, code: 'not-rviz' });
    expect(parse('Visualization Manager:\n  Displays: 5\n')).toMatchObject({ ok: false, code: 'not-rviz', path: 'Visualization Manager/Displays' });
  });
  it('a 50 MB text is refused before parsing, with sizes', () => {
    const big = MINIMAL + `# ${'x'.repeat(50 * 1024 * 1024)}\n`;
    const r = parse(big, { name: 'huge.rviz' });
    expect(r).toMatchObject({ ok: false, code: 'too-large' });
    if (!r.ok) expect(r.reason).toMatch(/^rviz: huge\.rviz is too large \(at least 50\.0 MB; the limit is 5\.0 MB\)$/);
  });
  it('the size limit is an option and counts UTF-8 bytes', () => {
    expect(parse(MINIMAL, { maxBytes: 50 })).toMatchObject({ ok: false, code: 'too-large' });
    expect(parse(MINIMAL, { maxBytes: MINIMAL.length }).ok).toBe(true);
    const accented = MINIMAL.replace('Name: Grid', 'Name: Grillé');
    expect(parse(accented, { maxBytes: accented.length }).ok).toBe(false);
  });
  it('binary content: NUL bytes and invalid UTF-8', () => {
    expect(parse(`${MINIMAL}\u0000\u0001`)).toMatchObject({ ok: false, code: 'binary', line: 9 });
    const bytes = new Uint8Array([...new TextEncoder().encode(MINIMAL), 0xff, 0xfe, 0x41]);
    const r = parseBytes(bytes, { name: 'blob.rviz' });
    expect(r).toMatchObject({ ok: false, code: 'binary' });
    if (!r.ok) expect(r.reason).toContain('not valid UTF-8');
    expect(parseBytes(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0x0a]))).toMatchObject({ ok: false, code: 'binary' });
    expect(parseBytes(new TextEncoder().encode(MINIMAL)).ok).toBe(true);
  });
  it('a byte-order mark survives bytes → text → bytes', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(MINIMAL)]);
    const r = parseBytes(bytes);
    if (!r.ok) throw new Error(r.reason);
    expect([...new TextEncoder().encode(serialize(r.doc))]).toEqual([...bytes]);
  });
  it('empty text', () => {
    expect(parse('  \n')).toMatchObject({ ok: false, code: 'empty' });
  });
  it('detects ROS 1 configs', () => {
    const r = parse(MINIMAL.replace('rviz_default_plugins/Grid', 'rviz/Grid'));
    expect(r.ok && r.doc.ros1).toBe(true);
    const r2 = parse(MINIMAL);
    expect(r2.ok && r2.doc.ros1).toBe(false);
  });
});
