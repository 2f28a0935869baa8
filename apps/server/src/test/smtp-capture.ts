import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export type CapturedMail = { from: string; to: string[]; raw: string };

/** A real local SMTP server (npm smtp-server) that keeps every message it receives. */
export async function startSmtpCapture(): Promise<{
  url: string;
  messages: CapturedMail[];
  waitFor(n: number, ms?: number): Promise<void>;
  /** The first mail that matches, waiting for it: other mails (an order confirmation, say) may arrive in any order. */
  waitForMail(match: (mail: CapturedMail & { text: string }) => boolean, ms?: number): Promise<CapturedMail & { text: string }>;
  /** While down, every message is refused with 421 (an SMTP server that is unavailable), as a real outage answers. */
  setDown(down: boolean): void;
  close(): Promise<void>;
}> {
  const messages: CapturedMail[] = [];
  let isDown = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onMailFrom(_address, _session, callback) {
      if (!isDown) return callback();
      callback(Object.assign(new Error('Service not available, closing transmission channel'), { responseCode: 421 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  // A client that vanishes mid-session (a sender killed with -9) resets its connection: routine for an SMTP server.
  server.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'ECONNRESET' && err.code !== 'EPIPE') throw err;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async waitFor(n, ms = 5000) {
      const until = Date.now() + ms;
      while (messages.length < n) {
        if (Date.now() > until) throw new Error(`expected ${n} mails, got ${messages.length}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    async waitForMail(match, ms = 5000) {
      const until = Date.now() + ms;
      for (;;) {
        // Quoted-printable soft line breaks removed, so a link or a key can be looked for whole.
        const found = messages.map((m) => ({ ...m, text: m.raw.replace(/=\r?\n/g, '') })).find(match);
        if (found) return found;
        if (Date.now() > until) throw new Error(`no matching mail among ${messages.length}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    setDown(down) {
      isDown = down;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
