// `npm run admin -- create-shark --email E --name N [--specialization S]` / `create-admin --email E --name N`.
// The company's way to create shark and admin accounts from a shell; see admin-cli.ts for how it reaches the database.
import { describeResult, parseAdminArgs, runAdminCommand, USAGE, UsageError } from './admin-cli';

try {
  const input = parseAdminArgs(process.argv.slice(2));
  const result = await runAdminCommand(input);
  console.log(describeResult(input, result));
  process.exit(0);
} catch (err) {
  if (err instanceof UsageError) console.error(`${err.message}\n\n${USAGE}`);
  else console.error(`Could not create the account: ${(err as Error).message}`);
  process.exit(1);
}
