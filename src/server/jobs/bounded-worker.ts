// Work that reads hostile input (a shark's calendar feed) runs in a worker thread with a wall-clock budget and a
// heap limit, never on the web server's event loop (issue 38, decision 203): a library that loops forever inside
// one call (ical.js on an impossible RRULE) costs a thread that is terminated, not the server, its health check or
// its SIGTERM.
import { Worker } from 'node:worker_threads';

export interface WorkerBudget {
  /** Wall-clock time from the worker's start to its answer. */
  ms: number;
  /** The worker's old-generation heap, in MB. */
  memoryMb: number;
}

/** Why a bounded worker gave no answer. */
export class WorkerBudgetError extends Error {
  constructor(readonly kind: 'time' | 'memory' | 'crash') {
    super(`bounded worker: ${kind}`);
  }
}

/**
 * Runs the worker module at `url` with `data` as its workerData and resolves with the one message it posts.
 * Terminated when over `budget.ms`; a worker over its heap ends itself. Either way: WorkerBudgetError.
 */
export function runBounded<T>(url: URL, data: unknown, budget: WorkerBudget): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const worker = new Worker(url, {
      workerData: data,
      resourceLimits: { maxOldGenerationSizeMb: budget.memoryMb, maxYoungGenerationSizeMb: 16 },
      // Its logs are the parent's; it gets no stdin and shares no environment it does not need.
      stdin: false,
      env: {},
    });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      // terminate() stops JavaScript that never yields (V8 TerminateExecution); the answer is already taken.
      void worker.terminate();
    };
    const timer = setTimeout(() => settle(() => reject(new WorkerBudgetError('time'))), budget.ms);
    worker.once('message', (message: T) => settle(() => resolve(message)));
    worker.once('error', (err: NodeJS.ErrnoException) =>
      settle(() =>
        reject(new WorkerBudgetError(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : 'crash')),
      ),
    );
    worker.once('exit', () => settle(() => reject(new WorkerBudgetError('crash'))));
  });
}

/**
 * The worker module beside `moduleUrl` named `name`: `name.ts` when running from source (Node strips its types),
 * the bundle's `name.js` (scripts/build-server.ts names it so) beside main.js when compiled.
 */
export function workerModule(moduleUrl: string, sourceName: string, bundleName: string): URL {
  return moduleUrl.endsWith('.ts')
    ? new URL(`./${sourceName}.ts`, moduleUrl)
    : new URL(`./${bundleName}.js`, moduleUrl);
}
