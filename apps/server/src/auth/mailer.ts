import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../config.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The same message as HTML, for clients that show it; every value in it already escaped. */
  html?: string;
  /**
   * The Message-ID header, `<...@...>`. The outbox gives each row its own, so a mail sent again
   * (a crash between sending and marking it sent) is recognisably the same message.
   */
  messageId?: string;
  /** Files sent with it (the paid mail's invoice PDF), made when it is sent. */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * How long SMTP may take, in ms: to connect, to greet, and between any two answers. Short, so a
 * mail server that never answers frees its connection in seconds instead of nodemailer's
 * default minutes (mail is sent after the answer, so no request waits for it either way).
 */
export const SMTP_TIMEOUTS = {
  connectionTimeout: 5_000,
  greetingTimeout: 5_000,
  socketTimeout: 10_000,
} as const;

/**
 * Sends mail through SMTP_URL. Without it the mail (and its link) goes to the server log, so a
 * shop without a mail server still lets its operator finish a password reset.
 */
export function createMailer(
  config: Config,
  log: FastifyBaseLogger,
  timeouts: { [K in keyof typeof SMTP_TIMEOUTS]: number } = SMTP_TIMEOUTS,
): Mailer {
  const smtp = config.smtp;
  if (!smtp) {
    return {
      async send(mail) {
        log.info(
          { mailTo: mail.to, subject: mail.subject, body: mail.text, messageId: mail.messageId },
          'mail (no SMTP_URL set)',
        );
      },
    };
  }
  const transport = nodemailer.createTransport({ url: smtp.url, ...timeouts });
  return {
    async send(mail) {
      await transport.sendMail({ from: smtp.from, ...mail });
      log.info({ mailTo: mail.to, subject: mail.subject }, 'mail sent');
    },
  };
}
