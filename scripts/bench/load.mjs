// One load run with autocannon: a warm-up that is thrown away, then the measured run, with the
// latency of every answer kept at microsecond resolution (autocannon's own histogram keeps
// whole milliseconds, too coarse for a server that answers in well under one).
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

/** Clock ticks per second of /proc/<pid>/stat (100 on Linux almost everywhere). */
const TICKS = (() => {
  try {
    return Number(execSync('getconf CLK_TCK', { stdio: ['ignore', 'pipe', 'ignore'] })) || 100;
  } catch {
    return 100;
  }
})();

/**
 * CPU seconds (user + system) a process has used so far, or NaN where /proc is not there. CPU
 * time per request moves less than requests per second when other work shares the cores.
 * @param {number | undefined} pid
 */
export function cpuSeconds(pid) {
  if (!pid) return Number.NaN;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): utime and stime are 14th and 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return Number.NaN;
  }
}

/**
 * @typedef {object} RunResult
 * @property {number} seconds Measured duration.
 * @property {number} requests Answers received.
 * @property {number} rps Answers per second.
 * @property {number} ok2xx 2xx answers.
 * @property {number} okRps 2xx answers per second.
 * @property {number} non2xx
 * @property {Record<string, number>} statusCodes Count per status code.
 * @property {number} errors Connection errors.
 * @property {number} timeouts
 * @property {number} p50 Milliseconds, 2xx answers.
 * @property {number} p95 Milliseconds, 2xx answers.
 * @property {number} p99 Milliseconds, 2xx answers.
 * @property {number} cpuPerRequest Microseconds of the server's CPU time per answer.
 */

/**
 * @typedef {object} LoadRequest
 * @property {string} url
 * @property {string} [method]
 * @property {Record<string, string>} [headers]
 * @property {string} [body]
 * @property {number} [pid] The server process, to measure its CPU time.
 * @property {{ path: string, headers?: Record<string, string> }[]} [requests] Sent in turn on
 *   each connection instead of `url`'s path (autocannon's `requests`).
 * @property {boolean} [idReplacement] `[<id>]` in a request is a new id each time.
 * @property {number} [overallRate] Requests per second at most, over all connections.
 */

/**
 * The value at fraction `q` of sorted numbers (nearest rank).
 * @param {Float64Array} sorted
 * @param {number} q
 */
export function percentile(sorted, q) {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

/**
 * @param {LoadRequest} request
 * @param {{ seconds: number, connections: number, pipelining: number }} load
 * @returns {Promise<RunResult>}
 */
async function measure(request, { seconds, connections, pipelining }) {
  /** @type {number[]} */
  const latencies = [];
  const instance = autocannon({
    url: request.url,
    method: request.method ?? 'GET',
    headers: request.headers,
    body: request.body,
    ...(request.requests ? { requests: request.requests } : {}),
    ...(request.idReplacement ? { idReplacement: true } : {}),
    ...(request.overallRate ? { overallRate: request.overallRate } : {}),
    connections,
    pipelining,
    duration: seconds,
    timeout: 10,
  });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
  });
  const cpuBefore = cpuSeconds(request.pid);
  const result = await instance;
  const cpu = cpuSeconds(request.pid) - cpuBefore;
  const sorted = Float64Array.from(latencies).sort();
  const requests = Object.values(result.statusCodeStats).reduce((sum, { count }) => sum + count, 0);
  /** @type {Record<string, number>} */
  const statusCodes = {};
  for (const [code, { count }] of Object.entries(result.statusCodeStats)) statusCodes[code] = count;
  return {
    seconds: result.duration,
    requests,
    rps: requests / result.duration,
    ok2xx: result['2xx'],
    okRps: result['2xx'] / result.duration,
    non2xx: result.non2xx,
    statusCodes,
    errors: result.errors,
    timeouts: result.timeouts,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    cpuPerRequest: (cpu * 1e6) / requests,
  };
}

/**
 * A warm-up of `warmup` seconds (not counted), then a measured run of `duration` seconds.
 * @param {LoadRequest} request
 * @param {{ warmup: number, duration: number, connections: number, pipelining: number }} load
 * @returns {Promise<RunResult & { warmup: RunResult | undefined }>}
 */
export async function loadRun(request, { warmup, duration, connections, pipelining }) {
  const warm =
    warmup > 0 ? await measure(request, { seconds: warmup, connections, pipelining }) : undefined;
  const measured = await measure(request, { seconds: duration, connections, pipelining });
  return { ...measured, warmup: warm };
}

/**
 * The median of numbers (the middle one, or the mean of the two middle ones).
 * @param {number[]} values
 */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] ?? Number.NaN)
    : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}
