import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { openLogOutput, resolveLogFormat } from './log-output.js';

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
