// A real SMTP server on loopback for tests (smtp-server), whose received mails are parsed with mailparser.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

export interface Smtp {
  url: string;
  received: ParsedMail[];
  /** Time (performance.now) of each connection the server saw. */
  connections: number[];
  /** What DATA answers: 'ok', or an SMTP error code. Changeable while running. */
  mode: { answer: 'ok' | 451 | 550 };
  close(): Promise<void>;
}

export async function startSmtp(
  opts: { answer?: 'ok' | 451 | 550; delayMs?: number; failFirst?: number } = {},
) {
  const received: ParsedMail[] = [];
  const connections: number[] = [];
  const mode: Smtp['mode'] = { answer: opts.answer ?? 'ok' };
  let failuresLeft = opts.failFirst ?? 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onConnect(_session, callback) {
      connections.push(performance.now());
      if (opts.delayMs) setTimeout(() => callback(), opts.delayMs);
      else callback();
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        const answer = failuresLeft > 0 ? 451 : mode.answer;
        if (failuresLeft > 0) failuresLeft--;
        if (answer !== 'ok') {
          const err = Object.assign(
            new Error(answer === 451 ? 'Try again later (greylisted)' : 'Mailbox unavailable'),
            { responseCode: answer },
          );
          return callback(err);
        }
        received.push(await simpleParser(Buffer.concat(chunks)));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    connections,
    mode,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  } satisfies Smtp;
}
