import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../config.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * Sends mail through SMTP_URL. Without it the mail (and its link) goes to the server log, so a
 * shop without a mail server still lets its operator finish a password reset.
 */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  const smtp = config.smtp;
  if (!smtp) {
    return {
      async send(mail) {
        log.info(
          { mailTo: mail.to, subject: mail.subject, body: mail.text },
          'mail (no SMTP_URL set)',
        );
      },
    };
  }
  const transport = nodemailer.createTransport(smtp.url);
  return {
    async send(mail) {
      await transport.sendMail({ from: smtp.from, ...mail });
      log.info({ mailTo: mail.to, subject: mail.subject }, 'mail sent');
    },
  };
}
