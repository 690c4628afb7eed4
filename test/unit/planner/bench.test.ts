// The planner benchmark: its cases are valid data, and both paths run — offline through the CLI, and a model over a
// loopback Ollama server with scripted answers (schema-valid, valid-but-wrong and invalid replies counted apart).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benchPlanner } from '../../../bench/planner/run.ts';
import { loadCaseFiles } from '../../../bench/planner/evaluate.ts';
import { main } from '../../../src/cli/main.ts';
import { createModelProposer } from '../../../src/core/planner/index.ts';
import { createModelClient } from '../../../src/llm/index.ts';
import { startFakeOllama, type FakeServer } from '../../fakes/llm-servers.ts';

const row = (o: Record<string, string>) => ({ action: '', display_type: '', topic: '', display: '', property: '', value: '', frame: '', ...o });

describe('planner benchmark', () => {
  it('has at least 80 schema-checked cases over at least 4 scenarios', async () => {
    const files = await loadCaseFiles();
    expect(files.reduce((n, f) => n + f.cases.length, 0)).toBeGreaterThanOrEqual(80);
    expect(new Set(files.map((f) => f.scenario)).size).toBeGreaterThanOrEqual(4);
  });

  it('runs offline through the CLI and prints the table', async () => {
    const out: string[] = [];
    const code = await main(['bench', 'planner', '--scenario', 'big_graph'], { stdout: (t) => { out.push(t); }, stderr: (t) => { out.push(t); }, env: {} }, new AbortController().signal);
    expect(code).toBe(0);
    expect(out.join('')).toMatch(/big_graph\s+\d+\s+\d+\s+[\d.]+ %/);
    expect(out.join('')).toMatch(/tokens full\s+tokens retrieved/);
  }, 30_000);

  describe('with a model (loopback Ollama)', () => {
    let ollama: FakeServer;
    beforeAll(async () => { ollama = await startFakeOllama(); });
    afterAll(async () => { await ollama.close(); });

    it('counts schema-valid, valid-but-wrong and model time', async () => {
      const client = await createModelClient({ provider: 'ollama', model: 'qwen2.5:7b-instruct', baseUrl: ollama.url });
      ollama.push(
        // qt-fixed-odom: right
        { json: { actions: [row({ action: 'set_fixed_frame', frame: 'odom' })], notes: [], undo_first: false } },
        // qt-remove-grid: schema-valid but wrong (hides instead of removing)
        { json: { actions: [row({ action: 'set_enabled', display: 'Grid', value: 'false' })], notes: [], undo_first: false } },
        // qt-rename-scan: garbage twice
        { content: 'sure! here is your plan' }, { invalidJson: true },
      );
      const ids = ['qt-fixed-odom', 'qt-remove-grid', 'qt-rename-scan'];
      const { overall } = await benchPlanner({ proposer: createModelProposer(client), model: true, scenario: 'qos_traps', only: (id) => ids.includes(id) });
      expect(overall.cases).toBe(3);
      expect(overall.correct).toBe(1);
      expect(overall.schemaValidRate).toBeCloseTo(2 / 3);
      expect(overall.validButWrongRate).toBeCloseTo(1 / 3);
      expect(overall.modelP50Ms).toBeGreaterThan(0);
      expect(overall.failures.map((f) => f.id).sort()).toEqual(['qt-remove-grid', 'qt-rename-scan']);
    }, 30_000);
  });
});
