// Runs before every server test file. A console.error during a test fails it: errors must be asserted, not printed.
// After the file, the ledger's trial balance must be zero (every rupee accounted for, issue 23).
import { afterAll, afterEach, beforeEach, vi } from 'vitest';
import { expectLedgerBalanced } from './app';

let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (errors.length)
    throw new Error(
      `console.error was called during the test:\n${errors.map((a) => a.map(String).join(' ')).join('\n')}`,
    );
});

afterAll(expectLedgerBalanced);
