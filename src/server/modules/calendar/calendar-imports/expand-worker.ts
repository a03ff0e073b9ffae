// The worker thread that expands one calendar feed (issue 38, decision 203): runBounded starts it with the feed,
// the window and the limits, and terminates it when over its budget. It posts one message: the intervals, or
// the FeedError's message for the shark.
import { parentPort, workerData } from 'node:worker_threads';
import { expandBusy, FeedError, type ExpandInput, type ExpandAnswer } from './expand.ts';

const { text, window, limits } = workerData as ExpandInput;
let answer: ExpandAnswer;
try {
  answer = { ok: true, intervals: expandBusy(text, window, limits) };
} catch (err) {
  // A library's own throw on a hostile rule is the feed's fault too: the shark reads why, the job is not retried.
  answer = {
    ok: false,
    error: err instanceof FeedError ? err.message : 'The calendar has an event that cannot be read.',
  };
}
parentPort!.postMessage(answer);
