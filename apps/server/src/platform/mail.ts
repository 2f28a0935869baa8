import type { Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import { eq } from 'drizzle-orm';
import { wrapEmailHtml } from '@pavilion/domain';
import type { Db } from './db.ts';
import { mailOutbox, mailOutboxAttachments } from './platform.tables.ts';
import { newId } from './ids.ts';
import { loadNodemailer } from './libraries.ts';

/** A file sent with a message; with `cid` the HTML shows it inline (`<img src="cid:…">`). */
export type MailAttachment = { filename: string; contentType: string; content: Buffer; cid?: string };
/**
 * `organisationId` and `eventId` say whose mail it is: the organiser's Mail outbox lists it by them. `messageId`
 * (`<…@…>`) is fixed by senders that may send the same message twice after a crash, so that mail clients can fold
 * the copies into one.
 */
export type MailMessage = { to: string; subject: string; text: string; html: string; organisationId?: string | null; eventId?: string | null; attachments?: MailAttachment[]; messageId?: string };
/** `error`: the SMTP server's or the connection's reason when `status` is failed. */
export type MailResult = { id: string; status: 'sent' | 'stored' | 'failed'; error?: string };
export type Mailer = { send(message: MailMessage): Promise<MailResult>; close(): void };

/**
 * Every message is written to mail_outbox first. With SMTP_URL it then goes out over SMTP and the row records the
 * outcome; without it the outbox is the local provider (readable by the organiser, logged for the operator).
 * Attachments go out over SMTP only; the outbox keeps the text and HTML (senders that retry rebuild the message).
 * The transport is a pool of up to 5 SMTP connections kept open between messages (the bulk certificate mail sends
 * several at once); `?pool=false` or `?maxConnections=` in SMTP_URL override it. It is made (and nodemailer loaded)
 * when the first message goes out.
 */
export function createMailer(deps: { db: Db; smtpUrl?: string; from: string; logger: Logger }): Mailer {
  const smtpUrl = deps.smtpUrl;
  let transport: Promise<Transporter> | undefined;
  const transportOf = (url: string) => (transport ??= loadNodemailer().then((nodemailer) => nodemailer.createTransport({ url, pool: true, maxConnections: 5 })));
  return {
    async send(input) {
      // Every HTML body goes out inside the default email wrapper (SPEC §3.9).
      const message = { ...input, html: wrapEmailHtml(input.html) };
      const id = newId();
      const row = {
        id,
        organisationId: message.organisationId ?? null,
        eventId: message.eventId ?? null,
        toAddress: message.to,
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html,
        transport: smtpUrl ? 'smtp' : 'outbox',
        status: smtpUrl ? 'queued' : 'stored',
      };
      const files = message.attachments ?? [];
      if (files.length === 0) await deps.db.insert(mailOutbox).values(row);
      else {
        await deps.db.transaction(async (tx) => {
          await tx.insert(mailOutbox).values(row);
          await tx.insert(mailOutboxAttachments).values(
            files.map((a, position) => ({ mailId: id, position, filename: a.filename, contentType: a.contentType, cid: a.cid ?? null, size: a.content.length, content: a.content })),
          );
        });
      }
      if (!smtpUrl) {
        deps.logger.info({ mailId: id, to: message.to, subject: message.subject }, 'mail stored in local outbox (no SMTP_URL)');
        return { id, status: 'stored' };
      }
      try {
        await (await transportOf(smtpUrl)).sendMail({
          from: deps.from,
          to: message.to,
          messageId: message.messageId,
          subject: message.subject,
          text: message.text,
          html: message.html,
          attachments: message.attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content, cid: a.cid })),
        });
        await deps.db.update(mailOutbox).set({ status: 'sent', sentAt: new Date() }).where(eq(mailOutbox.id, id));
        return { id, status: 'sent' };
      } catch (err) {
        const reason = err instanceof Error ? err.message : String(err);
        deps.logger.error({ mailId: id, err: reason }, 'mail delivery failed');
        await deps.db.update(mailOutbox).set({ status: 'failed', error: reason.slice(0, 500) }).where(eq(mailOutbox.id, id));
        return { id, status: 'failed', error: reason.slice(0, 500) };
      }
    },
    close() {
      void transport?.then((t) => t.close());
    },
  };
}
