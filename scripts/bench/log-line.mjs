// What one access-log line costs the server alone (issue 15), measured in one process with
// the built server's own code: CPU time (user + system, every thread) per line, for the two
// halves of a line's cost.
// - Formatting: Fastify's line through pino (its serializers, the request's child logger),
//   against the preformatted line a replayed list writes (http/hot-lists.ts accessLineWriter).
// - Writing: each line handed to pino's destination (SonicBoom, background writes) on its own,
//   against the batches of log-output.ts (batchedLines), into a file as the bench's shop does;
//   and SonicBoom's own buffering (minLength + periodicFlush), which batchedLines was kept over.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Socket } from 'node:net';
import { IncomingMessage } from 'node:http';
import { root } from './shop.mjs';

const LINES = 400_000;

const dist = (file) => path.join(root, 'apps/server/dist', file);

/** CPU microseconds of the process (all threads) spent by `run`, per line, in nanoseconds. */
async function nsPerLine(run) {
  const before = process.cpuUsage();
  await run();
  const used = process.cpuUsage(before);
  return ((used.user + used.system) * 1000) / LINES;
}

/** Ends a SonicBoom and waits until its last write is done. */
const closed = (stream) =>
  new Promise((resolve) => {
    stream.once('close', resolve);
    stream.end();
  });

/** A finished GET as the server sees it: what both lines are written from. */
function request() {
  const socket = new Socket();
  Object.defineProperty(socket, 'remoteAddress', { value: '127.0.0.1' });
  Object.defineProperty(socket, 'remotePort', { value: 51234 });
  const req = new IncomingMessage(socket);
  req.method = 'GET';
  req.url = '/api/products?limit=6';
  req.headers = { host: '127.0.0.1:3000', 'accept-encoding': 'gzip' };
  return req;
}

/**
 * @returns {Promise<{ fastifyLine: number, preformattedLine: number, writeEach: number,
 *   writeBatched: number, bytes: number }>} nanoseconds of CPU per line
 */
export async function measureLogLine() {
  const { default: Fastify } = await import(path.join(root, 'node_modules/fastify/fastify.js'));
  const { default: pino } = await import(path.join(root, 'node_modules/pino/pino.js'));
  const { accessLineWriter } = await import(dist('http/hot-lists.js'));
  const { batchedLines } = await import(dist('log-output.js'));

  // Formatting alone: into a sink that keeps nothing.
  let bytes = 0;
  const sink = { write: (line) => void (bytes += line.length) };
  const app = Fastify({ logger: { level: 'info', stream: sink } });
  await app.ready();
  const req = request();
  const fastifyRequest = {
    ...req,
    raw: req,
    method: 'GET',
    url: req.url,
    host: req.headers.host,
    ip: '127.0.0.1',
    socket: req.socket,
    headers: req.headers,
  };
  const reply = { statusCode: 200 };
  const fastifyLine = await nsPerLine(async () => {
    for (let i = 0; i < LINES; i += 1) {
      app.log
        .child({ reqId: `req-${i}` })
        .info({ req: fastifyRequest, res: reply, responseTime: 0.25 }, 'request completed');
    }
  });
  const lineBytes = bytes / LINES;
  const write = accessLineWriter(app.log);
  const preformattedLine = await nsPerLine(async () => {
    for (let i = 0; i < LINES; i += 1) write(req, `req-${i}`, 0.25);
  });
  await app.close();

  // Writing alone: the same line, into a file.
  const dir = mkdtempSync(path.join(tmpdir(), 'log-line-'));
  const line = `${JSON.stringify({ level: 30, time: Date.now(), msg: 'x'.repeat(lineBytes - 40) })}\n`;
  try {
    // The loop and its yields alone, taken off both.
    const loop = await nsPerLine(async () => {
      for (let i = 0; i < LINES; i += 1) {
        if (i % 16 === 15) await new Promise((resolve) => setImmediate(resolve));
      }
    });
    const writeEach =
      -loop +
      (await nsPerLine(async () => {
        const each = pino.destination({ dest: path.join(dir, 'each.log'), sync: false });
        await new Promise((resolve) => each.once('ready', resolve));
        for (let i = 0; i < LINES; i += 1) {
          each.write(line);
          // A server writes between requests, not in one loop: let each write start.
          if (i % 16 === 15) await new Promise((resolve) => setImmediate(resolve));
        }
        await closed(each);
      }));
    const writeBatched =
      -loop +
      (await nsPerLine(async () => {
        const target = pino.destination({ dest: path.join(dir, 'batched.log'), sync: false });
        await new Promise((resolve) => target.once('ready', resolve));
        const batched = batchedLines(target);
        for (let i = 0; i < LINES; i += 1) {
          batched.write(line);
          if (i % 16 === 15) await new Promise((resolve) => setImmediate(resolve));
        }
        batched.flushSync();
        await closed(target);
      }));
    const writePinoBuffered =
      -loop +
      (await nsPerLine(async () => {
        const buffered = pino.destination({
          dest: path.join(dir, 'pino-buffered.log'),
          sync: false,
          minLength: 16 * 1024,
          maxWrite: 32 * 1024,
          periodicFlush: 10,
        });
        await new Promise((resolve) => buffered.once('ready', resolve));
        for (let i = 0; i < LINES; i += 1) {
          buffered.write(line);
          if (i % 16 === 15) await new Promise((resolve) => setImmediate(resolve));
        }
        buffered.flushSync();
        await closed(buffered);
      }));
    return {
      fastifyLine,
      preformattedLine,
      writeEach,
      writeBatched,
      writePinoBuffered,
      bytes: lineBytes,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await measureLogLine();
  console.log(result);
}
