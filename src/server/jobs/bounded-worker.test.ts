// The bounded worker (issue 38, decision 203): a worker that never yields is stopped at its time budget while
// the event loop keeps running, one that outgrows its heap ends, and one that answers is heard.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runBounded, WorkerBudgetError } from './bounded-worker';

const dir = mkdtempSync(join(tmpdir(), 'bounded-worker-'));
const script = (name: string, body: string) => {
  const file = join(dir, `${name}.mjs`);
  writeFileSync(file, `import { parentPort, workerData } from 'node:worker_threads';\n${body}\n`);
  return pathToFileURL(file);
};
const spin = script('spin', 'for (;;) {}');
const hog = script('hog', 'const kept = []; for (;;) kept.push(new Array(100_000).fill(Math.random()));');
const echo = script('echo', 'parentPort.postMessage({ got: workerData });');
const crash = script('crash', "throw new Error('no');");

const kindOf = (p: Promise<unknown>) =>
  p.then(
    () => 'answered',
    (err: unknown) => (err instanceof WorkerBudgetError ? err.kind : String(err)),
  );

describe('a bounded worker', () => {
  it('stops a worker that never yields at its time budget, and the event loop runs meanwhile', async () => {
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 20);
    const started = performance.now();
    expect(await kindOf(runBounded(spin, null, { ms: 500, memoryMb: 64 }))).toBe('time');
    clearInterval(timer);
    expect(performance.now() - started).toBeLessThan(5_000);
    // The loop ticked while the worker spun: ten 20 ms ticks in half a second at the least.
    expect(ticks).toBeGreaterThanOrEqual(10);
  });

  it('ends a worker that outgrows its heap', async () => {
    expect(await kindOf(runBounded(hog, null, { ms: 30_000, memoryMb: 32 }))).toBe('memory');
  });

  it('reports a worker that throws as a crash', async () => {
    expect(await kindOf(runBounded(crash, null, { ms: 5_000, memoryMb: 32 }))).toBe('crash');
  });

  it("answers with the worker's one message", async () => {
    const at = new Date('2026-12-07T10:00:00Z');
    expect(await runBounded(echo, { at }, { ms: 5_000, memoryMb: 32 })).toEqual({ got: { at } });
  });
});
