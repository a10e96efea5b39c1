// The options of `npm run bench`: command-line flags, or the same names as BENCH_* environment
// variables (`--rounds=1` or BENCH_ROUNDS=1). The defaults are the full protocol of issue 6.
import { FLOOD_CASES } from './flood.mjs';

/**
 * @typedef {object} BenchOptions
 * @property {number} rounds Interleaved rounds per case (the table shows the median).
 * @property {number} duration Measured seconds per run.
 * @property {number} warmup Seconds of load before each measured run, not counted.
 * @property {number} connections Concurrent connections of the load generator.
 * @property {number} pipelining Requests in flight per connection.
 * @property {number} lighthouseRuns Lighthouse runs per page (the median is shown).
 * @property {boolean} load Whether to run the load benchmarks.
 * @property {boolean} lighthouse Whether to run Lighthouse.
 * @property {boolean} bundle Whether to report the bundle weight.
 * @property {string[]} cases Which load cases to run (products, reviews, order and the flood
 *   cases; `flood` stands for all of them).
 * @property {number} floodSeconds Measured seconds of each flood case.
 * @property {string} logLevel LOG_LEVEL of the shop under load.
 * @property {boolean} cpuProf Whether to write a CPU profile of each shop under load.
 * @property {boolean} keepLogs Whether to keep the shop's output in bench-results/.
 * @property {Record<string, string> | undefined} variant Environment of a second SQLite shop
 *   measured in the same rounds, to see what one setting costs.
 * @property {string | undefined} databaseUrl PostgreSQL server for the PostgreSQL order case.
 * @property {string} chromePath The Chromium Lighthouse drives.
 * @property {string} out Where the JSON results go.
 */

export const USAGE = `Usage: npm run bench [-- options]

  --quick                 1 round, 3 s per run (1 s warm-up), 1 Lighthouse run: for development
  --rounds=N              interleaved rounds per case (default 3; the median is reported)
  --duration=S            measured seconds per run (default 10)
  --warmup=S              warm-up seconds before each measured run (default 3)
  --connections=N         connections of the load generator (default 10)
  --pipelining=N          requests in flight per connection (default 1)
  --lighthouse-runs=N     Lighthouse runs per page (default 3)
  --cases=a,b             load cases among products,reviews,page,order and the flood cases
                          flood-signin, flood-invoice, flood-search, flood-missing,
                          flood-artwork, flood-pages, flood-pages-tokens (default all; flood: all of them):
                          one client floods with 50 connections (wrong passwords; its own
                          invoice PDF; a search of many words; a missing order; pages the
                          server would draw, anonymously or with 10 accounts' tokens; 20 connections downloading
                          its own 4.9 MB quote artwork) while /
                          is loaded from another address, p95 of / against 200 ms; page: a
                          product page the server drew (issue 25), kept and sent again
  --flood-seconds=S       measured seconds of each flood case (default 20)
  --no-load               skip the load benchmarks
  --no-lighthouse         skip Lighthouse
  --no-bundle             skip the bundle weight report
  --log-level=L           LOG_LEVEL of the shop under load (default info, as in production)
  --cpu-prof              write a V8 CPU profile of each shop under load to bench-results/
  --keep-logs             keep the shop's output in bench-results/ instead of deleting it
  --variant=K=V[,K=V]     also measure a second SQLite shop with these variables, in the same
                          rounds (e.g. --variant=LOG_LEVEL=warn: the cost of request logging)
  --out=FILE              JSON results (default bench-results/latest.json)

Environment: DATABASE_URL=postgres://... adds the order case on PostgreSQL (in a database
created for the run and dropped at the end); CHROMIUM_PATH (default /usr/bin/chromium).
Every option can also be given as BENCH_<NAME>, e.g. BENCH_QUICK=1 or BENCH_ROUNDS=1.`;

const CASES = ['products', 'reviews', 'page', 'order', ...FLOOD_CASES];

/**
 * Reads the options from argv and the environment; throws with a message on a bad value.
 * @param {string[]} argv
 * @param {Record<string, string | undefined>} env
 * @returns {BenchOptions & { help: boolean }}
 */
export function parseOptions(argv, env) {
  /** @type {Map<string, string>} */
  const given = new Map();
  for (const [key, value] of Object.entries(env)) {
    if (!key.startsWith('BENCH_') || value === undefined) continue;
    given.set(key.slice('BENCH_'.length).toLowerCase().replaceAll('_', '-'), value);
  }
  for (const arg of argv) {
    const match = /^--(no-)?([a-z-]+)(?:=(.*))?$/.exec(arg);
    if (!match) throw new Error(`Unknown argument: ${arg}\n\n${USAGE}`);
    const [, negated, name = '', value] = match;
    given.set(name, negated ? 'false' : (value ?? 'true'));
  }

  const known = new Set([
    'help',
    'quick',
    'rounds',
    'duration',
    'warmup',
    'connections',
    'pipelining',
    'lighthouse-runs',
    'cases',
    'flood-seconds',
    'load',
    'lighthouse',
    'bundle',
    'log-level',
    'cpu-prof',
    'keep-logs',
    'variant',
    'out',
  ]);
  for (const name of given.keys()) {
    if (!known.has(name)) throw new Error(`Unknown option: --${name}\n\n${USAGE}`);
  }

  const flag = (name, fallback) => {
    const value = given.get(name);
    if (value === undefined) return fallback;
    if (['true', '1', 'yes', ''].includes(value)) return true;
    if (['false', '0', 'no'].includes(value)) return false;
    throw new Error(`--${name} takes no value, or true/false (got ${value})`);
  };
  const number = (name, fallback, min) => {
    const value = given.get(name);
    if (value === undefined) return fallback;
    const parsed = Number(value);
    if (!Number.isFinite(parsed) || parsed < min) {
      throw new Error(`--${name} must be a number >= ${min} (got ${value})`);
    }
    return parsed;
  };

  const quick = flag('quick', false);
  const cases = (given.get('cases') ?? CASES.join(','))
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean)
    .flatMap((name) => (name === 'flood' ? FLOOD_CASES : [name]));
  for (const name of cases) {
    if (!CASES.includes(name)) throw new Error(`--cases: unknown case ${name} (flood,${CASES})`);
  }
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('DATABASE_URL must be a postgres:// address for the PostgreSQL order case');
  }
  const logLevel = given.get('log-level') ?? 'info';
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    throw new Error(`--log-level: unknown level ${logLevel}`);
  }

  /** @type {Record<string, string> | undefined} */
  let variant;
  const variantText = given.get('variant');
  if (variantText !== undefined) {
    variant = {};
    for (const pair of variantText.split(',')) {
      const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(pair.trim());
      if (!match) throw new Error(`--variant: expected NAME=value pairs (got ${pair})`);
      variant[match[1] ?? ''] = match[2] ?? '';
    }
  }

  return {
    help: flag('help', false),
    rounds: Math.round(number('rounds', quick ? 1 : 3, 1)),
    duration: number('duration', quick ? 3 : 10, 1),
    warmup: number('warmup', quick ? 1 : 3, 0),
    floodSeconds: number('flood-seconds', quick ? 5 : 20, 1),
    connections: Math.round(number('connections', 10, 1)),
    pipelining: Math.round(number('pipelining', 1, 1)),
    lighthouseRuns: Math.round(number('lighthouse-runs', quick ? 1 : 3, 1)),
    load: flag('load', true),
    lighthouse: flag('lighthouse', true),
    bundle: flag('bundle', true),
    cases,
    logLevel,
    cpuProf: flag('cpu-prof', false),
    keepLogs: flag('keep-logs', false),
    variant,
    databaseUrl,
    chromePath: env.CHROMIUM_PATH?.trim() || '/usr/bin/chromium',
    out: given.get('out') ?? 'bench-results/latest.json',
  };
}
