import { spawn } from 'node:child_process';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { batchedLines, openLogOutput, resolveLogFormat } from './log-output.js';

describe('log output', () => {
  it('is JSON unless a person reads it: pretty at a terminal or when asked', () => {
    expect(resolveLogFormat('auto', false)).toBe('json');
    expect(resolveLogFormat('auto', true)).toBe('pretty');
    expect(resolveLogFormat('json', true)).toBe('json');
    expect(resolveLogFormat('pretty', false)).toBe('pretty');
  });

  it('opens a JSON destination, or pino-pretty for a person', async () => {
    const json = await openLogOutput('auto', false);
    expect(json.format).toBe('json');
    const pretty = await openLogOutput('auto', true);
    expect(pretty.format).toBe('pretty');
    expect(typeof pretty.stream.write).toBe('function');
    json.flush();
    pretty.flush();
  });

  it('writes readable lines through pino-pretty', async () => {
    const { default: build } = await import('pino-pretty');
    let text = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        text += chunk.toString();
        done();
      },
    });
    const logger = pino(build({ destination: sink, sync: true, colorize: false }));
    logger.info({ orderId: 'abc' }, 'order placed');
    expect(text).toMatch(/INFO.*order placed/);
    expect(text).toContain('orderId: "abc"');
    expect(text).not.toContain('{"level"');
  });
});

describe('batched JSON lines', () => {
  const target = () => {
    const writes: string[] = [];
    let flushed = 0;
    return {
      writes,
      flushed: () => flushed,
      write: (text: string) => void writes.push(text),
      flushSync: () => {
        flushed += 1;
      },
    };
  };

  it('writes the lines of a batch together, in order, by itself', async () => {
    const sink = target();
    const lines = batchedLines(sink, { maxDelayMs: 5, maxBytes: 1_000 });
    lines.write('a\n');
    lines.write('b\n');
    lines.write('c\n');
    expect(sink.writes).toEqual([]);
    await vi.waitFor(() => expect(sink.writes).toEqual(['a\nb\nc\n']));
    lines.write('d\n');
    await vi.waitFor(() => expect(sink.writes).toEqual(['a\nb\nc\n', 'd\n']));
  });

  it('writes at once when the batch is full, and everything waiting on flushSync', () => {
    const sink = target();
    const lines = batchedLines(sink, { maxDelayMs: 60_000, maxBytes: 10 });
    lines.write('12345\n');
    lines.write('67890\n');
    expect(sink.writes).toEqual(['12345\n67890\n']);
    lines.write('last\n');
    lines.flushSync();
    expect(sink.writes).toEqual(['12345\n67890\n', 'last\n']);
    expect(sink.flushed()).toBe(1);
  });

  it('loses no line of a logger writing through it', () => {
    const sink = target();
    const lines = batchedLines(sink, { maxDelayMs: 60_000, maxBytes: 512 });
    const logger = pino({}, lines);
    for (let i = 0; i < 100; i += 1) logger.info({ i }, 'line');
    lines.flushSync();
    const parsed = sink.writes
      .join('')
      .trimEnd()
      .split('\n')
      .map((line) => (JSON.parse(line) as { i: number }).i);
    expect(parsed).toEqual(Array.from({ length: 100 }, (_, i) => i));
    expect(sink.writes.length).toBeGreaterThan(1);
  });
});

/**
 * The server's own log output in a process of its own (log-output.ts run by Node, which strips
 * its types): lines logged just before the process ends, however it ends, are on its stdout.
 */
function runLogging(format: 'json' | 'pretty', ending: string) {
  const source = pathToFileURL(path.join(import.meta.dirname, 'log-output.ts')).href;
  const script = `
    import pino from 'pino';
    import { openLogOutput } from ${JSON.stringify(source)};
    const logs = await openLogOutput(${JSON.stringify(format)}, false);
    const log = pino({ base: { pid: 1 } }, logs.stream);
    log.info({ orderId: 'abc' }, 'order placed');
    // Not fatal: pino flushes after a fatal line by itself.
    log.error('about to end');
    ${ending}
  `;
  return new Promise<{ code: number | null; stdout: string }>((resolve) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      cwd: import.meta.dirname,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.once('close', (code) => resolve({ code, stdout }));
  });
}

describe('log lines at the end of the process', () => {
  const messages = (stdout: string) =>
    stdout
      .trimEnd()
      .split('\n')
      .map((line) => (JSON.parse(line) as { msg: string }).msg);

  it('are written when the server flushes and exits', async () => {
    const { code, stdout } = await runLogging('json', 'logs.flush(); process.exit(3);');
    expect(code).toBe(3);
    expect(messages(stdout)).toEqual(['order placed', 'about to end']);
  });

  it('are written on an exit nobody flushed before, and on a crash', async () => {
    const exit = await runLogging('json', 'process.exit(4);');
    expect(exit.code).toBe(4);
    expect(messages(exit.stdout)).toEqual(['order placed', 'about to end']);
    const crash = await runLogging('json', "throw new Error('crash');");
    expect(crash.code).toBe(1);
    expect(messages(crash.stdout)).toEqual(['order placed', 'about to end']);
  });

  it('are readable through pino-pretty as openLogOutput configures it', async () => {
    const { code, stdout } = await runLogging('pretty', "throw new Error('crash');");
    expect(code).toBe(1);
    const lines = stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: order placed$/);
    expect(lines[1]).toBe('    orderId: "abc"');
    expect(lines[2]).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] ERROR: about to end$/);
    expect(stdout).not.toContain('{"level"');
    expect(stdout).not.toContain('pid');
  });
});
