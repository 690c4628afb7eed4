import assert from 'node:assert/strict';
import { robotConfigOpen, type E2eCase } from './harness.ts';
import { startFakeOllama } from '../fakes/llm-servers.ts';

const CITED = ['rviz-qos-settings', 'qos-compatibility', 'rviz-display-laserscan', 'qos-policies'];
const ANSWER = `Your LaserScan asks for Reliable but /scan is Best Effort ${CITED.map((id) => `[${id}]`).join(' ')}. `
  + 'Set `Reliability Policy` to Best Effort, then check with `ros2 topic info -v /scan`. Do not run `ros2 topc list` [made-up-page]. '
  + '<img src=x onerror="window.__pwned=1">';

/** Ask with a loopback Ollama: sources first, then tokens arriving one by one, citations linked, invented commands flagged. */
export const assistantCase: E2eCase = {
  name: 'assistant: sources first, streamed tokens, linked citations, flagged command',
  async run({ page, open, screenshot }) {
    const ollama = await startFakeOllama({ replies: [{ content: ANSWER, chunkDelayMs: 60 }] });
    try {
      await page.addInitScript((url) => {
        localStorage.setItem('rviz-companion.model-settings', JSON.stringify({ provider: 'ollama', model: 'qwen2.5:7b-instruct', baseUrl: url, remember: false, markCloud: false }));
      }, ollama.url);
      const sim = await open('qos_traps');
      await page.locator('connection-bar [data-presence="connected"]').waitFor({ timeout: 10_000 });
      // The findings the model gets are about the robot's own config (its Reliable LaserScan on a Best Effort /scan).
      await robotConfigOpen(page, sim);
      await page.locator('robot-topics [data-topic="/scan"]').waitFor({ timeout: 10_000 });
      assert.match((await page.locator('[data-model-button]').textContent()) ?? '', /Ollama/);

      await page.locator('assistant-panel textarea').fill('why does my laser scan show nothing?');
      await page.locator('assistant-panel button[type=submit]').click();
      await page.locator('assistant-panel [data-sources] a').first().waitFor({ timeout: 10_000 });
      // Tokens arrive over ~2 s: the answer must be seen partial before it is complete.
      const answer = page.locator('assistant-panel [data-answer]');
      await answer.waitFor({ timeout: 10_000 });
      const partial = (await answer.textContent()) ?? '';
      assert.ok(partial.length > 0 && partial.length < ANSWER.length - 20, `answer seen while streaming (${partial.length} chars)`);
      await page.locator('assistant-panel article[data-status="done"]').waitFor({ timeout: 15_000 });

      // A citation is linked exactly when its id is among the answer's sources.
      const sourceIds = await page.locator('assistant-panel [data-sources] a').evaluateAll((els) => els.map((e) => e.getAttribute('data-source')));
      const cites = await page.locator('assistant-panel [data-answer] a.cite').evaluateAll((els) => els.map((e) => e.textContent));
      const expected = CITED.filter((id) => sourceIds.includes(id)).map((id) => `[${id}]`);
      assert.ok(expected.length > 0, `the sources (${sourceIds.join(', ')}) include a cited page`);
      assert.deepEqual(cites, expected);
      const unknown = await page.locator('assistant-panel [data-answer] .cite-unknown').allTextContents();
      assert.ok(unknown.includes('[made-up-page]'), 'an id that is no source is not linked');
      assert.equal(await page.locator('assistant-panel [data-answer] img').count(), 0, 'model HTML stays text');
      const warnings = await page.locator('assistant-panel [data-command-warning]').allTextContents();
      assert.ok(warnings.some((w) => w.includes('ros2 topc list')), `warning for the invented command: ${warnings.join(' | ')}`);
      assert.ok(!warnings.some((w) => w.includes('ros2 topic info -v /scan')), 'no warning for a real command');
      assert.equal(await page.evaluate(() => (window as { __pwned?: number }).__pwned), undefined);
      const prompt = JSON.stringify(ollama.requests.filter((r) => r.path === '/api/chat').at(-1)?.body ?? '');
      assert.match(prompt, /QOS_RELIABILITY_MISMATCH|requests Reliable/, 'the findings reached the model');
      await screenshot('assistant-answer');
    } finally {
      await ollama.close();
    }
  },
};
