import pino, { type DestinationStream } from 'pino';
import type { LogFormat } from './config.js';

/** Where the server's log lines go, and how to flush them before the process exits. */
export interface LogOutput {
  format: 'json' | 'pretty';
  stream: DestinationStream;
  flush(): void;
}

/** `auto`: readable for a person at a terminal, JSON lines for whatever collects them otherwise. */
export function resolveLogFormat(format: LogFormat, isTerminal: boolean): 'json' | 'pretty' {
  if (format === 'auto') return isTerminal ? 'pretty' : 'json';
  return format;
}

/**
 * Standard output as JSON lines, written in the background (batched under load) and flushed
 * before exit; or, for a person, pino-pretty's readable lines (colours only at a terminal),
 * written synchronously so none is lost at exit.
 */
export async function openLogOutput(
  format: LogFormat,
  isTerminal = process.stdout.isTTY === true,
): Promise<LogOutput> {
  if (resolveLogFormat(format, isTerminal) === 'json') {
    const stream = pino.destination({ dest: 1, sync: false });
    return { format: 'json', stream, flush: () => stream.flushSync() };
  }
  // Loaded only when wanted: a server writing JSON never pays for it.
  const { default: pretty } = await import('pino-pretty');
  const stream = pretty({
    destination: 1,
    sync: true,
    colorize: isTerminal,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname',
  });
  return { format: 'pretty', stream, flush: () => undefined };
}
