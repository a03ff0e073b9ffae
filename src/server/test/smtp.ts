// A real SMTP server on loopback for tests (smtp-server), whose received mails are parsed with mailparser.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { SMTPConnection } from 'smtp-server/lib/smtp-connection.js';
import { simpleParser, type ParsedMail } from 'mailparser';

/** What a load test needs of a received mail, read from the envelope and the headers without parsing the body. */
export interface Envelope {
  to: string;
  messageId: string;
  subject: string;
}

export interface Smtp {
  url: string;
  /** Every accepted mail, parsed (unless started with `parse: false`). */
  received: ParsedMail[];
  /** Every accepted mail's recipient, Message-ID and subject. */
  envelopes: Envelope[];
  /** Time (performance.now) of each connection the server saw. */
  connections: number[];
  /** What DATA answers: 'ok', or an SMTP error code. Changeable while running. */
  mode: { answer: 'ok' | 451 | 550 };
  close(): Promise<void>;
}

// smtp-server holds every new connection 100 ms before its greeting, to catch spam clients that talk first.
// The app opens one connection per mail, so that wait alone made a sink take at most ten mails a second per
// sender: 2,000 reminders waited over three minutes on it (decision 122). The sink greets at once; what the
// app does on the wire is unchanged. (The limit of connected clients that init also checks is not used here.)
SMTPConnection.prototype.init = function init(this: SMTPConnection) {
  this._setListeners(() => this.connectionReady());
};

export async function startSmtp(
  opts: {
    answer?: 'ok' | 451 | 550;
    delayMs?: number;
    failFirst?: number;
    /** False: keep only the envelopes (thousands of mails parse slowly on a shared machine). */
    parse?: boolean;
    /**
     * Runs once a mail is stored, before the server answers 250: a test can kill the sender there, the moment
     * a crash leaves a mail accepted by SMTP but not yet marked sent.
     */
    onAccepted?: (mail: Envelope) => Promise<void> | void;
    /** A fixed port (the soak keeps to its own range); any free one by default. */
    port?: number;
  } = {},
) {
  const received: ParsedMail[] = [];
  const envelopes: Envelope[] = [];
  const connections: number[] = [];
  const mode: Smtp['mode'] = { answer: opts.answer ?? 'ok' };
  let failuresLeft = opts.failFirst ?? 0;
  const server = new SMTPServer({
    authOptional: true,
    // No reverse DNS of 127.0.0.1 on machines without a resolver.
    disableReverseLookup: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onConnect(_session, callback) {
      connections.push(performance.now());
      if (opts.delayMs) setTimeout(() => callback(), opts.delayMs);
      else callback();
    },
    onData(stream, session, callback) {
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
        const raw = Buffer.concat(chunks);
        const head = raw
          .toString('utf8', 0, Math.max(0, raw.indexOf('\r\n\r\n')))
          .replace(/\r\n[ \t]+/g, ' ');
        const header = (name: string) => new RegExp(`^${name}: *(.*)$`, 'im').exec(head)?.[1] ?? '';
        const envelope = {
          to: session.envelope.rcptTo[0]?.address ?? '',
          messageId: header('Message-ID'),
          subject: header('Subject'),
        };
        envelopes.push(envelope);
        if (opts.parse !== false) received.push(await simpleParser(raw));
        await opts.onAccepted?.(envelope);
        callback();
      });
    },
  });
  // A sender killed mid-conversation resets its socket: that is the sender's failure, not the sink's.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    envelopes,
    connections,
    mode,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  } satisfies Smtp;
}
