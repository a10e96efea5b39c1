import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../test/build-app.js';
import { startSilentSmtp } from '../test/silent-smtp.js';
import { createMailer, SMTP_TIMEOUTS } from './mailer.js';

describe('mailer', () => {
  const received: { from: string; to: string[]; data: string }[] = [];
  let server: SMTPServer;
  let port: number;

  beforeAll(async () => {
    // A local SMTP server standing in for the shop's mail provider.
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            data,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends through SMTP_URL from MAIL_FROM', async () => {
    const config = testConfig({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'CaseForge <shop@caseforge.example>',
    });
    const mailer = createMailer(config, pino({ level: 'silent' }));
    await mailer.send({
      to: 'customer@example.com',
      subject: 'Reset your CaseForge password',
      text: 'Choose a new password here: http://localhost:3000/api/auth/reset-password/abc',
    });
    expect(received).toHaveLength(1);
    expect(received[0]!.from).toBe('shop@caseforge.example');
    expect(received[0]!.to).toEqual(['customer@example.com']);
    expect(received[0]!.data).toContain('Subject: Reset your CaseForge password');
    // Quoted-printable bodies wrap long lines with a trailing '='.
    expect(received[0]!.data.replace(/=\r?\n/g, '')).toContain('/api/auth/reset-password/abc');
  });

  it('writes the mail, link included, to the log without SMTP_URL', async () => {
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    await createMailer(testConfig(), log).send({
      to: 'customer@example.com',
      subject: 'Confirm your CaseForge email address',
      text: 'Confirm here: http://localhost:3000/api/auth/verify-email?token=xyz',
    });
    expect(lines.join('')).toContain('verify-email?token=xyz');
    expect(lines.join('')).toContain('customer@example.com');
  });

  it('gives up on a mail server that never answers, within seconds', async () => {
    expect(Math.max(...Object.values(SMTP_TIMEOUTS))).toBeLessThanOrEqual(10_000);
    const silent = await startSilentSmtp();
    try {
      const config = testConfig({ SMTP_URL: `smtp://127.0.0.1:${silent.port}` });
      // The real timeouts, shortened so the test does not wait for them.
      const mailer = createMailer(config, pino({ level: 'silent' }), {
        connectionTimeout: 300,
        greetingTimeout: 300,
        socketTimeout: 300,
      });
      await expect(
        mailer.send({ to: 'customer@example.com', subject: 'Hello', text: 'Hi' }),
      ).rejects.toThrow(/greeting|timeout/i);
    } finally {
      await silent.close();
    }
  });
});
