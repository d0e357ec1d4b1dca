import { lazyRequire } from '../lazy-require';
import type { Logger } from 'pino';
import { outboxEmails } from '../db/schema/index';
import { withSystem, type Database } from '../db/tenant';

// Loaded when SMTP_URL is set (lazy-require.ts): without it mail goes to the outbox.
const nodemailer = lazyRequire<typeof import('nodemailer')>('nodemailer');

export interface Mail {
  to: string;
  subject: string;
  text: string;
}
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * SMTP when SMTP_URL is set. Otherwise mail goes to the development outbox (the outbox_emails table, readable at
 * GET /dev/outbox on a non-production server) and to the log, so password-reset links work on a laptop.
 */
export function createMailer(opts: { smtpUrl?: string; from: string; database: Database; logger: Logger }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer().createTransport(opts.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: opts.from, to: mail.to, subject: mail.subject, text: mail.text });
      },
    };
  }
  return {
    async send(mail) {
      opts.logger.info(
        { to: mail.to, subject: mail.subject, body: mail.text },
        'mail written to the development outbox',
      );
      await withSystem(opts.database, 'dev-outbox', (tx) =>
        tx.insert(outboxEmails).values({ to: mail.to, subject: mail.subject, body: mail.text }),
      );
    },
  };
}
