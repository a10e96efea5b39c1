import pino, { type DestinationStream } from 'pino';
import type { LogFormat } from './config.js';

/** Where the server's log lines go, and how to flush them before the process exits. */
export interface LogOutput {
  format: 'json' | 'pretty';
  stream: DestinationStream;
  flush(): void;
}

/**
 * How long a JSON line may wait to be written with the lines after it, and how many bytes of
 * them are written at once at most: one write per line cost a busy server about as much as
 * answering a cached list (issue 15), one per batch costs next to nothing. pino's destination
 * can buffer by itself (SonicBoom's minLength + periodicFlush), but measured it cost 2.2-4.2 µs
 * of CPU per line against 0.9 µs here (docs/decisions/2026-11-26-log-batching-kept.md).
 */
export const LOG_BATCH = { maxDelayMs: 10, maxBytes: 16 * 1024 } as const;

/** Where batched lines go: a pino destination (SonicBoom) or anything with the same two calls. */
interface LineTarget {
  write(text: string): unknown;
  flushSync(): void;
}

/**
 * Gathers log lines and writes them to `target` together: when `maxBytes` are waiting, or
 * `maxDelayMs` after the first line of a batch, whichever comes first. A line therefore
 * reaches the output at most that late while the process lives; `flushSync` writes what waits
 * (before an exit). The timer never keeps the process alive.
 */
export function batchedLines(
  target: LineTarget,
  { maxDelayMs, maxBytes }: { maxDelayMs: number; maxBytes: number } = LOG_BATCH,
): DestinationStream & { flushSync(): void } {
  let waiting: string[] = [];
  let bytes = 0;
  let timer: NodeJS.Timeout | undefined;
  const drain = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (waiting.length === 0) return;
    const text = waiting.join('');
    waiting = [];
    bytes = 0;
    target.write(text);
  };
  return {
    write(line: string) {
      waiting.push(line);
      bytes += line.length;
      if (bytes >= maxBytes) drain();
      else if (!timer) {
        timer = setTimeout(drain, maxDelayMs);
        timer.unref();
      }
    },
    flushSync() {
      drain();
      target.flushSync();
    },
  };
}

/** `auto`: readable for a person at a terminal, JSON lines for whatever collects them otherwise. */
export function resolveLogFormat(format: LogFormat, isTerminal: boolean): 'json' | 'pretty' {
  if (format === 'auto') return isTerminal ? 'pretty' : 'json';
  return format;
}

/**
 * Standard output as JSON lines, written in the background in batches (`batchedLines`) and
 * flushed before exit; or, for a person, pino-pretty's readable lines (colours only at a terminal),
 * written synchronously so none is lost at exit.
 */
export async function openLogOutput(
  format: LogFormat,
  isTerminal = process.stdout.isTTY === true,
): Promise<LogOutput> {
  if (resolveLogFormat(format, isTerminal) === 'json') {
    const stream = batchedLines(pino.destination({ dest: 1, sync: false }));
    // pino flushes its own destination when the process exits; the lines still gathered here
    // are written then too, so an exit nobody flushed before (a crash) keeps its last lines.
    process.once('exit', () => stream.flushSync());
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
