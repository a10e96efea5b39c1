// One load run with autocannon: a warm-up that is thrown away, then the measured run, with the
// latency of every answer kept at microsecond resolution (autocannon's own histogram keeps
// whole milliseconds, too coarse for a server that answers in well under one).
import autocannon from 'autocannon';

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
 * @property {number} p99 Milliseconds, 2xx answers.
 */

/**
 * @typedef {object} LoadRequest
 * @property {string} url
 * @property {string} [method]
 * @property {Record<string, string>} [headers]
 * @property {string} [body]
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
    connections,
    pipelining,
    duration: seconds,
    timeout: 10,
  });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
  });
  const result = await instance;
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
    p99: percentile(sorted, 0.99),
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
