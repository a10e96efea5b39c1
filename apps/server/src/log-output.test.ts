import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
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

  it('writes the lines of a batch together, in order, within the delay', async () => {
    const sink = target();
    const lines = batchedLines(sink, { maxDelayMs: 5, maxBytes: 1_000 });
    lines.write('a\n');
    lines.write('b\n');
    lines.write('c\n');
    expect(sink.writes).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sink.writes).toEqual(['a\nb\nc\n']);
    lines.write('d\n');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sink.writes).toEqual(['a\nb\nc\n', 'd\n']);
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
