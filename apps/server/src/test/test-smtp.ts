import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A mail as the test SMTP server received it, its MIME parts decoded. */
export interface ReceivedMail {
  to: string[];
  messageId: string;
  subject: string;
  text: string;
  html: string;
  /** Files attached (multipart/mixed parts with a file name), their bytes decoded. */
  attachments: { filename: string; contentType: string; content: Buffer }[];
  raw: string;
}

export interface TestSmtp {
  port: number;
  received: ReceivedMail[];
  close(): Promise<void>;
}

/** Unfolded headers of a MIME entity, names in lower case. */
function headersOf(head: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = [];
  const text = body.replace(/=\r?\n/g, '');
  for (let i = 0; i < text.length; i += 1) {
    if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i] ?? ''));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(body: string, encoding: string | undefined): string {
  if (encoding?.toLowerCase() === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding?.toLowerCase() === 'base64') return Buffer.from(body, 'base64').toString('utf8');
  return body;
}

/** `=?UTF-8?Q?...?=` and `=?UTF-8?B?...?=` words of a header, decoded. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_all, kind: string, word: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(word, 'base64').toString('utf8')
        : decodeQuotedPrintable(word.replace(/_/g, ' ')),
    );
}

function split(entity: string): { head: string; body: string } {
  const at = entity.search(/\r?\n\r?\n/);
  if (at < 0) return { head: entity, body: '' };
  const gap = entity.slice(at).startsWith('\r\n\r\n') ? 4 : 2;
  return { head: entity.slice(0, at), body: entity.slice(at + gap) };
}

/** The text, HTML and attachments of a message: one part, or the parts of a multipart one. */
export function parseMail(raw: string): Omit<ReceivedMail, 'to' | 'raw'> {
  const { head, body } = split(raw);
  const headers = headersOf(head);
  const result: Omit<ReceivedMail, 'to' | 'raw'> = {
    messageId: headers.get('message-id') ?? '',
    subject: decodeWords(headers.get('subject') ?? ''),
    text: '',
    html: '',
    attachments: [],
  };
  /** One entity: a file, a text, or a multipart one whose parts are read the same way. */
  const collect = (entityHeaders: Map<string, string>, content: string) => {
    const type = entityHeaders.get('content-type') ?? 'text/plain';
    const encoding = entityHeaders.get('content-transfer-encoding');
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (boundary) {
      for (const part of content.split(`--${boundary}`).slice(1)) {
        if (part.startsWith('--')) break;
        const entity = split(part.replace(/^\r?\n/, ''));
        collect(headersOf(entity.head), entity.body.replace(/\r?\n$/, ''));
      }
      return;
    }
    const disposition = entityHeaders.get('content-disposition') ?? '';
    const filename = /filename="?([^";]+)"?/i.exec(disposition)?.[1];
    if (filename) {
      result.attachments.push({
        filename,
        contentType: type.split(';')[0]?.trim() ?? '',
        content:
          encoding?.toLowerCase() === 'base64'
            ? Buffer.from(content.replace(/\s+/g, ''), 'base64')
            : Buffer.from(content, 'latin1'),
      });
      return;
    }
    const decoded = decodeBody(content, encoding);
    if (type.startsWith('text/html')) result.html = decoded;
    else if (type.startsWith('text/plain')) result.text = decoded;
  };
  collect(headers, body);
  return result;
}

/** A free local port: nothing listens on it once this answers. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * A local SMTP server standing in for the shop's mail provider; it keeps every mail it is given.
 * `delayMs` makes it slow to accept each one (as a real provider is).
 */
export async function startTestSmtp({ port = 0, delayMs = 0 } = {}): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        const done = () => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
            ...parseMail(raw),
          });
          callback();
        };
        if (delayMs > 0) setTimeout(done, delayMs);
        else done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port: (server.server.address() as AddressInfo).port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
