// Runs before every web test file. Like the server's (src/server/test/setup.ts), a console.error during a test
// fails it: React's warnings and jsdom's "Not implemented" errors must be fixed or asserted, not printed.
import '@testing-library/jest-dom/vitest';
import { afterEach, beforeEach, vi, type MockInstance } from 'vitest';

// jsdom does not implement scrolling; react-router's ScrollRestoration calls window.scrollTo on every navigation.
window.scrollTo = () => {};

let errors: unknown[][] = [];
let spy: MockInstance<typeof console.error> | null = null;

// jsdom reports what it does not implement to its own virtual console, which prints through the console object of
// the moment the environment was built, not the one spied on below: listen to it directly.
type JsdomErrorEvents = { on: (event: 'jsdomError', listener: (e: Error) => void) => void };
(window as unknown as { jsdom?: { virtualConsole?: JsdomErrorEvents } }).jsdom?.virtualConsole?.on(
  'jsdomError',
  (e) => errors.push([e.message]),
);
beforeEach(() => {
  errors = [];
  spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  // A test file may have restored every mock already (vi.restoreAllMocks); restoring twice is harmless.
  spy?.mockRestore();
  spy = null;
  if (errors.length)
    throw new Error(
      `console.error was called during the test:\n${errors.map((a) => a.map(String).join(' ')).join('\n')}`,
    );
});
