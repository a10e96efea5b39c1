// `npm run bench`: performance measurements of the built shop (issue 6).
// 1. The web app's bundle weight.
// 2. Load benchmarks with autocannon: GET /api/products, GET /api/reviews and POST /api/order
//    (SQLite; PostgreSQL too when DATABASE_URL=postgres://... is given), each side by side
//    with a bare node:http server sending the same bytes, interleaved, median of the rounds;
//    then a stock check (no order may oversell).
//    The flood cases: one client floods with 50 connections (wrong passwords, its own invoice,
//    a search of many words, a missing order; 20 downloading its own quote artwork) while `/` is
//    loaded (p95 of `/`, against 200 ms).
// 3. Lighthouse (mobile defaults, system Chromium) on /, /products and a product page, median
//    of the runs.
// The results also go to bench-results/latest.json (git-ignored). `--help` lists the options.
import { execSync, fork } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { reportBundle } from './bench/bundle.mjs';
import {
  checkPostgresStock,
  checkSqliteStock,
  createPostgresDatabase,
} from './bench/databases.mjs';
import {
  FLOOD_CASES,
  FLOOD_TARGET,
  floodConnections,
  floodShopEnv,
  floodShopLimits,
  runFlood,
} from './bench/flood.mjs';
import { lighthousePages, CATEGORIES, TARGETS } from './bench/lighthouse.mjs';
import { loadRun, median } from './bench/load.mjs';
import { measureLogLine } from './bench/log-line.mjs';
import { parseOptions, USAGE } from './bench/options.mjs';
import { summarizeProfile } from './bench/profile.mjs';
import { mb, ms, nsAsUs, ratio, rps, table, us } from './bench/report.mjs';
import {
  adminToken,
  api,
  capture,
  customerToken,
  RAISED_LIMITS,
  root,
  startShop,
} from './bench/shop.mjs';

/** Issue 6's targets for the load cases. */
const READ_TARGET = { minRatio: 0.8, maxP99Ratio: 1.5 };
const ORDER_TARGET = { minAcceptedPerSecond: 5000, maxP99Ms: 25 };

let options;
try {
  options = parseOptions(process.argv.slice(2), process.env);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
}
if (options.help) {
  console.log(USAGE);
  process.exit(0);
}

/** Undo steps (stop a server, drop a database), run in reverse on the way out, even on Ctrl-C. */
const cleanups = [];
async function cleanUp() {
  while (cleanups.length > 0) {
    const step = cleanups.pop();
    try {
      await step();
    } catch (error) {
      console.error('Clean-up step failed:', error instanceof Error ? error.message : error);
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the servers and removing the temporary data…`);
    void cleanUp().then(() => process.exit(130));
  });
}

execSync('node scripts/ensure-built.mjs', { cwd: root, stdio: 'inherit' });

// ---------------------------------------------------------------------------------------------
// Header: everything needed to quote the figures.

const args = process.argv.slice(2).join(' ');
const command =
  process.env.npm_lifecycle_event === 'bench'
    ? `npm run bench${args ? ` -- ${args}` : ''}`
    : `node scripts/bench.mjs${args ? ` ${args}` : ''}`;
const cpu = cpus();
const git = (cmd) => {
  try {
    return execSync(`git ${cmd}`, { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return '';
  }
};
const commit = git('rev-parse --short HEAD') || 'unknown';
const dirty = git('status --porcelain --untracked-files=no') !== '';
const autocannonVersion = JSON.parse(
  readFileSync(path.join(root, 'node_modules/autocannon/package.json'), 'utf8'),
).version;
const lighthouseVersion = JSON.parse(
  readFileSync(path.join(root, 'node_modules/lighthouse/package.json'), 'utf8'),
).version;
const meta = {
  date: new Date().toISOString(),
  command,
  node: process.version,
  cpu: cpu[0]?.model ?? 'unknown',
  cores: cpu.length,
  memoryGb: Math.round(totalmem() / 1024 ** 3),
  platform: `${process.platform} ${process.arch}`,
  commit: `${commit}${dirty ? ' (with uncommitted changes)' : ''}`,
  autocannon: autocannonVersion,
  lighthouse: lighthouseVersion,
};
const logWhere = options.keepLogs
  ? 'to bench-results/shop-<name>.log (kept)'
  : 'to a file in its temporary directory (deleted at the end)';

console.log(`
npm run bench: load benchmarks and Lighthouse
  command:  ${command}
  machine:  node ${meta.node}, ${meta.cpu} x ${meta.cores} cores, ${meta.memoryGb} GB, ${meta.platform}
  code:     commit ${meta.commit}
  shop:     node apps/server/dist/main.js, NODE_ENV=production, LOG_LEVEL=${options.logLevel}, output ${logWhere},
            a temporary DATA_DIR (SQLite) removed at the end${options.cpuProf ? ', with --cpu-prof' : ''}
  limits:   raised out of the way: ${Object.entries(RAISED_LIMITS)
    .map(([name, value]) => `${name}=${value}`)
    .join(', ')}
            (the invoice, search, missing-order and artwork floods keep the request budget, the invoice and the artwork download limits)
  load:     autocannon ${autocannonVersion} in this process, ${options.connections} connections, pipelining ${options.pipelining},
            ${options.warmup} s warm-up + ${options.duration} s measured per run, ${options.rounds} round(s) interleaved
            (per round and case: shop, then bare), median of ${options.rounds}
  baseline: a bare node:http server in a child process, answering each case with the shop's exact
            status, content type and body
  lighthouse: ${lighthouseVersion}, ${options.chromePath}, mobile defaults, median of ${options.lighthouseRuns} run(s)
`);

/** @type {Record<string, unknown>} */
const results = {
  meta,
  options: { ...options, databaseUrl: options.databaseUrl ? '(given)' : undefined },
};
/** Problems worth a developer's look (non-2xx answers, oversold stock...). */
const findings = [];
let failed = false;

if (options.bundle) {
  results.bundle = reportBundle(root);
  console.log('');
}

// ---------------------------------------------------------------------------------------------
// Load benchmarks.

const resultsDir = path.join(root, 'bench-results');
mkdirSync(resultsDir, { recursive: true });
const profileDir = path.join(resultsDir, 'profiles');

/**
 * A shop for the load cases, with the order product, a customer token and the captured answers.
 * @param {string} name
 * @param {string | undefined} databaseUrl
 * @param {Record<string, string>} [env] Variables of a variant.
 */
async function loadShop(name, databaseUrl, env) {
  const shop = await startShop({
    name,
    logLevel: options.logLevel,
    databaseUrl,
    env,
    logFile: options.keepLogs ? path.join(resultsDir, `shop-${name}.log`) : undefined,
    cpuProfDir: options.cpuProf ? profileDir : undefined,
  });
  const stopped = { done: false, logBytes: 0 };
  const stop = async () => {
    if (stopped.done) return stopped.logBytes;
    stopped.done = true;
    stopped.logBytes = (await shop.stop()).logBytes;
    return stopped.logBytes;
  };
  cleanups.push(stop);

  // The order product: enough stock for every round, one unit at a time, a small price. The
  // stock stays within 7 digits, so the catalog's bytes keep their length as orders take it.
  const { MAX_STOCK } = await import('@shop/shared');
  const initialStock = Math.min(9_000_000, MAX_STOCK);
  const admin = await adminToken(shop.url);
  const { json: created } = await api(`${shop.url}/api/product`, {
    method: 'POST',
    token: admin,
    body: {
      name: 'Bench load product',
      description: 'Made by npm run bench for the order case.',
      imgURL: '/images/products/nova-mini-itx-gaming.svg',
      price: 1,
      aqty: initialStock,
      minquantity: 1,
    },
  });
  const productId = /** @type {string} */ (created.insertedId);
  const customer = await customerToken(shop.url);
  const orderBody = JSON.stringify({
    orderProduct: productId,
    phone: '+1 555 0100',
    address: '1 Bench Street, Springfield',
    orderQty: 1,
  });
  const orderHeaders = { 'content-type': 'application/json', authorization: `Bearer ${customer}` };
  const order = await capture(`${shop.url}/api/order`, {
    method: 'POST',
    headers: orderHeaders,
    body: orderBody,
  });
  if (order.status !== 200) {
    throw new Error(`The setup order on ${name} failed: ${order.status} ${order.body}`);
  }
  return { shop, stop, productId, initialStock, orderBody, orderHeaders, order };
}

/**
 * Starts the bare server with the answers it must repeat.
 * @param {Record<string, { status: number, contentType: string, headers: Record<string, string>, body: string }>} responses
 */
async function startBare(responses) {
  const child = fork(path.join(root, 'scripts/bench/bare-server.mjs'), [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  });
  child.send({ responses });
  const [message] = await once(child, 'message');
  return { url: `http://127.0.0.1:${message.port}`, pid: child.pid };
}

async function runLoad() {
  console.log('Starting the shop(s) for the load benchmarks…');
  const sqlite = await loadShop('sqlite', undefined);
  const products = await capture(`${sqlite.shop.url}/api/products`);
  const reviews = await capture(`${sqlite.shop.url}/api/reviews`);
  for (const [what, answer] of [
    ['products', products],
    ['reviews', reviews],
  ]) {
    if (answer.status !== 200) throw new Error(`GET /api/${what}: ${answer.status} ${answer.body}`);
  }

  const variant = options.variant
    ? await loadShop('variant', undefined, options.variant)
    : undefined;

  let postgres;
  let pgDatabase;
  // A product page as the server draws it (issue 25): a demo product's (no order changes it),
  // else the bench's own.
  const catalog = /** @type {{ _id: string, name: string }[]} */ (JSON.parse(products.body));
  const pageProduct =
    catalog.find((product) => product.name !== 'Bench load product')?._id ?? sqlite.productId;
  const pagePath = `/products/${pageProduct}`;
  const productPage = await capture(`${sqlite.shop.url}${pagePath}`);
  if (productPage.status !== 200 || !productPage.body.includes('application/ld+json')) {
    throw new Error(`GET ${pagePath}: ${productPage.status}, not a page the server drew`);
  }

  if (options.databaseUrl && options.cases.includes('order')) {
    pgDatabase = await createPostgresDatabase(options.databaseUrl);
    const database = pgDatabase;
    cleanups.push(() => database.drop());
    console.log(`PostgreSQL: database ${database.name} created for this run (dropped at the end)`);
    postgres = await loadShop('postgres', database.url);
  }

  /** @type {Record<string, { status: number, contentType: string, headers: Record<string, string>, body: string }>} */
  const responses = {
    'GET /api/products': products,
    'GET /api/reviews': reviews,
    [`GET ${pagePath}`]: productPage,
    'POST /api/order': sqlite.order,
  };
  if (postgres) responses['POST /api/order?postgres'] = postgres.order;
  const { url: bare, pid: barePid } = await startBare(responses);

  const cases = [];
  if (options.cases.includes('products')) {
    cases.push({
      id: 'products',
      label: 'GET /api/products',
      kind: 'read',
      bytes: Buffer.byteLength(products.body),
      shop: { url: `${sqlite.shop.url}/api/products`, pid: sqlite.shop.pid },
      variant: variant && { url: `${variant.shop.url}/api/products`, pid: variant.shop.pid },
      bare: { url: `${bare}/api/products`, pid: barePid },
    });
  }
  if (options.cases.includes('reviews')) {
    cases.push({
      id: 'reviews',
      label: 'GET /api/reviews',
      kind: 'read',
      bytes: Buffer.byteLength(reviews.body),
      shop: { url: `${sqlite.shop.url}/api/reviews`, pid: sqlite.shop.pid },
      variant: variant && { url: `${variant.shop.url}/api/reviews`, pid: variant.shop.pid },
      bare: { url: `${bare}/api/reviews`, pid: barePid },
    });
  }
  if (options.cases.includes('page')) {
    cases.push({
      id: 'page',
      label: 'GET /products/{id} (HTML)',
      kind: 'read',
      bytes: Buffer.byteLength(productPage.body),
      shop: { url: `${sqlite.shop.url}${pagePath}`, pid: sqlite.shop.pid },
      // The variant shop has other product ids: this case is measured on the shop alone.
      variant: undefined,
      bare: { url: `${bare}${pagePath}`, pid: barePid },
    });
  }
  const orderCases = [];
  if (options.cases.includes('order')) {
    for (const [db, setup, barePath, other] of [
      ['SQLite', sqlite, '/api/order', variant],
      ['PostgreSQL', postgres, '/api/order?postgres', undefined],
    ]) {
      if (!setup) continue;
      const entry = {
        id: `order-${db.toLowerCase()}`,
        label: `POST /api/order (${db})`,
        kind: 'order',
        db,
        setup,
        bytes: Buffer.byteLength(setup.order.body),
        variantSetup: other,
        variant: other && {
          url: `${other.shop.url}/api/order`,
          pid: other.shop.pid,
          method: 'POST',
          headers: other.orderHeaders,
          body: other.orderBody,
        },
        shop: {
          url: `${setup.shop.url}/api/order`,
          pid: setup.shop.pid,
          method: 'POST',
          headers: setup.orderHeaders,
          body: setup.orderBody,
        },
        bare: {
          url: `${bare}${barePath}`,
          pid: barePid,
          method: 'POST',
          headers: setup.orderHeaders,
          body: setup.orderBody,
        },
      };
      cases.push(entry);
      orderCases.push(entry);
    }
  }

  const load = {
    warmup: options.warmup,
    duration: options.duration,
    connections: options.connections,
    pipelining: options.pipelining,
  };
  /** @type {Map<string, { shop: import('./bench/load.mjs').RunResult[], bare: import('./bench/load.mjs').RunResult[] }>} */
  const runs = new Map(cases.map((c) => [c.id, { shop: [], variant: [], bare: [] }]));
  const sides = variant ? ['shop', 'variant', 'bare'] : ['shop', 'bare'];
  const totalSeconds = Math.ceil(
    (options.warmup + options.duration) * sides.length * cases.length * options.rounds,
  );
  console.log(`Load: ${cases.length} case(s), about ${Math.ceil(totalSeconds / 60)} min\n`);

  for (let round = 1; round <= options.rounds; round += 1) {
    for (const c of cases) {
      for (const side of sides) {
        if (!c[side]) continue;
        const result = await loadRun(c[side], load);
        runs.get(c.id)?.[side].push(result);
        const accepted = c.kind === 'order' ? `, ${rps(result.okRps)} accepted/s` : '';
        const codes =
          result.non2xx || result.errors || result.timeouts
            ? `  [non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts}: ${JSON.stringify(result.statusCodes)}]`
            : '';
        console.log(
          `  round ${round}/${options.rounds}  ${c.label.padEnd(28)} ${side.padEnd(7)} ${rps(result.rps).padStart(7)} req/s${accepted}  p50 ${ms(result.p50)}  p99 ${ms(result.p99)}  cpu ${us(result.cpuPerRequest)}/req${codes}`,
        );
        for (const [run, label] of [
          [result.warmup, 'warm-up'],
          [result, 'measured run'],
        ]) {
          if (run && (run.non2xx || run.errors || run.timeouts)) {
            findings.push(
              `${c.label}, ${side}, round ${round}, ${label}: ${run.non2xx} non-2xx, ${run.errors} errors, ${run.timeouts} timeouts (status codes ${JSON.stringify(run.statusCodes)})`,
            );
          }
        }
      }
    }
  }

  // After the load: nothing may be oversold, and every accepted order must be stored.
  await sleep(500);
  const stockChecks = {};
  const checked = orderCases.flatMap((c) => [
    { id: c.id, label: c.label, setup: c.setup, runs: runs.get(c.id)?.shop ?? [] },
    ...(c.variantSetup
      ? [
          {
            id: `${c.id}-variant`,
            label: `${c.label}, variant`,
            setup: c.variantSetup,
            runs: runs.get(c.id)?.variant ?? [],
          },
        ]
      : []),
  ]);
  for (const { id, setup, runs: shopRuns } of checked) {
    const check = setup.shop.sqliteFile
      ? checkSqliteStock(setup.shop.sqliteFile, setup.productId, setup.initialStock)
      : await checkPostgresStock(pgDatabase.url, setup.productId, setup.initialStock);
    const accepted =
      1 + shopRuns.reduce((sum, run) => sum + run.ok2xx + (run.warmup?.ok2xx ?? 0), 0);
    stockChecks[id] = { ...check, acceptedSeen: accepted };
    stockChecks[id].ok = check.oversold === 0 && check.mismatch === 0 && check.orders >= accepted;
    if (!stockChecks[id].ok) failed = true;
  }

  const logBytes = {};
  for (const setup of [sqlite, variant, postgres]) {
    if (setup) logBytes[setup.shop.name] = await setup.stop();
  }

  const rows = cases.map((c) => {
    const {
      shop,
      variant: other,
      bare: base,
    } = runs.get(c.id) ?? {
      shop: [],
      variant: [],
      bare: [],
    };
    const pick = (list, key) => median(list.map((run) => run[key]));
    const row = {
      case: c.label,
      responseBytes: c.bytes,
      shopRps: pick(shop, c.kind === 'order' ? 'okRps' : 'rps'),
      shopAllRps: pick(shop, 'rps'),
      bareRps: pick(base, 'rps'),
      shopP50: pick(shop, 'p50'),
      shopP99: pick(shop, 'p99'),
      bareP50: pick(base, 'p50'),
      bareP99: pick(base, 'p99'),
      shopCpu: pick(shop, 'cpuPerRequest'),
      bareCpu: pick(base, 'cpuPerRequest'),
      shopNon2xx: shop.reduce((sum, run) => sum + run.non2xx + run.errors + run.timeouts, 0),
      variant:
        other.length > 0
          ? {
              rps: pick(other, c.kind === 'order' ? 'okRps' : 'rps'),
              p50: pick(other, 'p50'),
              p99: pick(other, 'p99'),
              cpu: pick(other, 'cpuPerRequest'),
            }
          : undefined,
      runs: { shop, variant: other, bare: base },
    };
    row.ratio = row.shopRps / row.bareRps;
    row.p99Ratio = row.shopP99 / row.bareP99;
    if (c.kind === 'read') {
      row.target = `>= ${READ_TARGET.minRatio}x bare req/s, p99 <= ${READ_TARGET.maxP99Ratio}x bare`;
      row.met =
        row.ratio >= READ_TARGET.minRatio &&
        row.p99Ratio <= READ_TARGET.maxP99Ratio &&
        row.shopNon2xx === 0;
    } else {
      const check = stockChecks[c.id];
      row.target = `>= ${ORDER_TARGET.minAcceptedPerSecond} accepted/s, p99 <= ${ORDER_TARGET.maxP99Ms} ms, 0 oversold`;
      row.stock = check;
      row.met =
        row.shopRps >= ORDER_TARGET.minAcceptedPerSecond &&
        row.shopP99 <= ORDER_TARGET.maxP99Ms &&
        row.shopNon2xx === 0 &&
        check.ok;
    }
    return row;
  });

  console.log(
    `\nLoad benchmarks: median of ${options.rounds} round(s), ${options.duration} s each, ${options.connections} connections, pipelining ${options.pipelining}` +
      `\n(order cases: shop req/s counts accepted (2xx) orders only)\n`,
  );
  console.log(
    table(
      [
        'case',
        'shop req/s',
        'bare req/s',
        'ratio',
        'shop p50',
        'shop p99',
        'bare p50',
        'bare p99',
        'p99 ratio',
        'target met?',
      ],
      rows.map((row) => [
        row.case,
        rps(row.shopRps),
        rps(row.bareRps),
        ratio(row.ratio),
        ms(row.shopP50),
        ms(row.shopP99),
        ms(row.bareP50),
        ms(row.bareP99),
        ratio(row.p99Ratio),
        row.met ? 'yes' : `NO (${row.target})`,
      ]),
    ),
  );
  console.log(
    '\nServer CPU time per answer (user + system, median): what each request costs the server.' +
      '\nIt moves less than req/s when other work shares the cores, but it does move.\n',
  );
  console.log(
    table(
      ['case', 'response bytes', 'shop CPU/req', 'bare CPU/req', 'shop - bare', 'shop / bare'],
      rows.map((row) => [
        row.case,
        row.responseBytes,
        us(row.shopCpu),
        us(row.bareCpu),
        us(row.shopCpu - row.bareCpu),
        ratio(row.shopCpu / row.bareCpu),
      ]),
    ),
  );

  for (const c of checked) {
    const check = stockChecks[c.id];
    const head = check.oversold === 0 ? 'oversold: 0' : `!!! OVERSOLD: ${check.oversold} UNITS !!!`;
    console.log(
      `\n${c.label}: ${head}; stock ${check.initialStock} -> ${check.stock}, ${check.orders} orders stored for ${check.units} units` +
        `, ${check.acceptedSeen} accepted answers seen (orders still in flight when a run stopped may add a few)`,
    );
    if (check.mismatch !== 0) {
      console.log(
        `!!! STOCK MISMATCH: ${check.mismatch} units taken from stock without an order (or the reverse) !!!`,
      );
    }
    if (check.orders < check.acceptedSeen) {
      console.log(`!!! ${check.acceptedSeen - check.orders} ACCEPTED ORDERS ARE NOT STORED !!!`);
    }
  }

  for (const [name, bytes] of Object.entries(logBytes)) {
    const level = (name === 'variant' && options.variant?.LOG_LEVEL) || options.logLevel;
    console.log(`\nShop output (${name}, LOG_LEVEL=${level}): ${mb(bytes)} written ${logWhere}`);
  }

  if (variant) {
    const described = Object.entries(options.variant ?? {})
      .map(([key, value]) => `${key}=${value}`)
      .join(' ');
    console.log(
      `\nVariant (${described}) against the shop as configured above, same rounds, medians:\n`,
    );
    console.log(
      table(
        [
          'case',
          'shop req/s',
          'variant req/s',
          'variant / shop',
          'shop p99',
          'variant p99',
          'shop CPU/req',
          'variant CPU/req',
          'CPU saved',
        ],
        rows
          .filter((row) => row.variant)
          .map((row) => [
            row.case,
            rps(row.shopRps),
            rps(row.variant.rps),
            ratio(row.variant.rps / row.shopRps),
            ms(row.shopP99),
            ms(row.variant.p99),
            us(row.shopCpu),
            us(row.variant.cpu),
            us(row.shopCpu - row.variant.cpu),
          ]),
      ),
    );
  }

  // One access-log line alone, in this process with the server's own code (bench/log-line.mjs).
  const logLine = await measureLogLine();
  console.log(
    `\nOne access-log line (${Math.round(logLine.bytes)} bytes), CPU per line measured alone:\n`,
  );
  console.log(
    table(
      ['part', 'as it was', 'now', 'how'],
      [
        [
          'format',
          nsAsUs(logLine.fastifyLine),
          nsAsUs(logLine.preformattedLine),
          "pino with Fastify's serializers -> preformatted (a replayed list)",
        ],
        [
          'write',
          nsAsUs(logLine.writeEach),
          nsAsUs(logLine.writeBatched),
          'one background write per line -> batches of up to 16 KB or 10 ms',
        ],
        [
          'write, pino-buffered',
          nsAsUs(logLine.writeEach),
          nsAsUs(logLine.writePinoBuffered),
          "pino.destination's own minLength 16 KB + periodicFlush 10 ms (not used: see docs/decisions)",
        ],
      ],
    ),
  );

  if (options.cpuProf) {
    for (const name of Object.keys(logBytes)) {
      const file = path.join(profileDir, `shop-${name}.cpuprofile`);
      try {
        const summary = summarizeProfile(file);
        console.log(`\nCPU profile of the shop (${name}), whole run with start-up, ${file}`);
        console.log(
          '  (samples of the main thread, not of its CPU time alone: on a busy machine, system' +
            '\n  calls such as writev can look bigger than they are; compare shares, not times)',
        );
        console.log(
          `  idle ${summary.idlePercent.toFixed(1)}% of the samples; of the busy samples, self time by owner:`,
        );
        for (const owner of summary.owners) {
          console.log(`  ${owner.percent.toFixed(1).padStart(5)}%  ${owner.name}`);
        }
        console.log('  Hottest functions (self time):');
        for (const fn of summary.functions) {
          console.log(`  ${fn.percent.toFixed(1).padStart(5)}%  ${fn.name}`);
        }
      } catch (error) {
        console.log(
          `\nNo CPU profile for ${name}: ${error instanceof Error ? error.message : error}`,
        );
      }
    }
  }

  results.load = {
    targets: { read: READ_TARGET, order: ORDER_TARGET },
    rows,
    stock: stockChecks,
    logBytes,
    logLine,
  };

  // Stop the bare server now; drop the PostgreSQL database now.
  await cleanUp();
}

// ---------------------------------------------------------------------------------------------
// Flood cases.

/** What each flood case floods with, for the report. */
const FLOOD_LABELS = {
  'flood-signin': 'wrong passwords for one account (limits raised: many attacker addresses)',
  'flood-invoice': 'GET /api/orders/{id}/invoice, its own 10-line order, with its token',
  'flood-search': 'GET /api/products?q=<13 words>, anonymous',
  'flood-missing': 'GET /api/orders/000…0 (404), with a token',
  'flood-artwork': 'GET /api/quotes/{id}/attachment, its own 4.9 MB PDF, with its token',
  'flood-pages': 'GET /?x=<id> and / with Origin and /products?q=<id>, anonymous',
  'flood-pages-tokens': "GET /products?q=<id> with 10 accounts' tokens in turn",
};

async function runFloods() {
  results.floods = {};
  for (const name of FLOOD_CASES.filter((c) => options.cases.includes(c))) {
    console.log(
      `\n${name}: a fresh shop, one client's ${floodConnections(name)} connections of ${FLOOD_LABELS[name]}, / loaded alongside (${options.floodSeconds} s)…`,
    );
    const shop = await startShop({
      name,
      logLevel: options.logLevel,
      defaultLimits: floodShopLimits(name),
      env: floodShopEnv(),
    });
    cleanups.push(() => shop.stop());
    let result;
    try {
      result = await runFlood(name, shop, {
        seconds: options.floodSeconds,
        warmup: options.warmup,
      });
    } finally {
      await cleanUp();
    }
    const { idle, page, attack, returningCustomer } = result;
    console.log(
      table(
        ['GET /', 'req/s', 'p50', 'p95', 'p99', 'non-2xx', 'target met?'],
        [
          ['idle', rps(idle.rps), ms(idle.p50), ms(idle.p95), ms(idle.p99), idle.non2xx, ''],
          [
            'under the flood',
            rps(page.rps),
            ms(page.p50),
            ms(page.p95),
            ms(page.p99),
            page.non2xx,
            result.met ? 'yes' : `NO (p95 <= ${FLOOD_TARGET.maxP95Ms} ms)`,
          ],
        ],
      ),
    );
    console.log(
      `The flood: ${rps(attack.rps)} answers/s, status codes ${JSON.stringify(attack.statusCodes)}, ${attack.errors} connection errors, ${attack.timeouts} timeouts`,
    );
    if (returningCustomer) {
      const { idle: before, underFlood: during } = returningCustomer;
      console.log(
        `The owner signing in from a known browser (device cookie ${during.hadDeviceCookie ? 'set' : 'MISSING'}): idle p50 ${ms(before?.p50)}; under the flood ${during.attempts} attempts, status codes ${JSON.stringify(during.statusCodes)}, p50 ${ms(during.p50)}, p95 ${ms(during.p95)}, max ${ms(during.max)}`,
      );
    }
    if (!result.met) failed = true;
    results.floods[name] = {
      target: FLOOD_TARGET,
      connections: floodConnections(name),
      ...result,
    };
  }
}

// ---------------------------------------------------------------------------------------------
// Lighthouse.

async function runLighthouse() {
  if (!existsSync(options.chromePath)) {
    throw new Error(`No Chromium at ${options.chromePath}: set CHROMIUM_PATH to its executable`);
  }
  console.log('\nLighthouse: starting a fresh shop…');
  const shop = await startShop({ name: 'lighthouse', logLevel: 'info' });
  cleanups.push(() => shop.stop());
  let pages;
  try {
    // A product page too: the first product of the demo catalog.
    const [first] = (await api(`${shop.url}/api/products?limit=1`)).json;
    pages = await lighthousePages(shop.url, ['/', '/products', `/products/${first._id}`], {
      runs: options.lighthouseRuns,
      chromePath: options.chromePath,
      onRun: (page, run) => console.log(`  ${page}: run ${run}/${options.lighthouseRuns}`),
    });
  } finally {
    await cleanUp();
  }
  const label = {
    performance: 'performance',
    accessibility: 'accessibility',
    'best-practices': 'best practices',
    seo: 'SEO',
  };
  console.log(`\nLighthouse (mobile defaults), median of ${options.lighthouseRuns} run(s):\n`);
  console.log(
    table(
      ['page', ...CATEGORIES.map((c) => label[c]), 'target met?'],
      pages.map((page) => {
        const missed = CATEGORIES.filter((c) => (page.scores[c] ?? 0) < TARGETS[c]);
        return [
          page.page,
          ...CATEGORIES.map((c) =>
            options.lighthouseRuns > 1
              ? `${page.scores[c]} (${page.runs[c]?.join(', ')})`
              : String(page.scores[c]),
          ),
          missed.length === 0 ? 'yes' : `NO (${missed.map((c) => label[c]).join(', ')})`,
        ];
      }),
    ),
  );
  console.log(
    `(targets: performance >= ${TARGETS.performance}, the others ${TARGETS.accessibility})`,
  );
  for (const page of pages) {
    for (const [category, audits] of Object.entries(page.failing)) {
      console.log(
        `\n${page.page}: ${label[category]} ${page.scores[category]}, audits that lost points:`,
      );
      for (const audit of audits) {
        const value = audit.displayValue ? ` (${audit.displayValue})` : '';
        console.log(`  ${String(audit.score).padStart(4)}  ${audit.id}: ${audit.title}${value}`);
      }
    }
    for (const warning of page.warnings)
      console.log(`\n${page.page}: Lighthouse warning: ${warning}`);
  }
  results.lighthouse = { targets: TARGETS, pages };
}

// ---------------------------------------------------------------------------------------------

// A part that fails is reported and the others still run; the JSON keeps what was measured.
const errors = [];
for (const [name, enabled, part] of [
  [
    'load benchmarks',
    options.load && options.cases.some((c) => ['products', 'reviews', 'page', 'order'].includes(c)),
    runLoad,
  ],
  ['flood cases', options.load && options.cases.some((c) => FLOOD_CASES.includes(c)), runFloods],
  ['Lighthouse run', options.lighthouse, runLighthouse],
]) {
  if (!enabled) continue;
  try {
    await part();
  } catch (error) {
    console.error(`\n!!! The ${name} failed:`, error);
    errors.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
    failed = true;
    await cleanUp();
  }
}
results.errors = errors;

if (findings.length > 0) {
  console.log('\nFindings (every non-2xx answer or connection error is one):');
  for (const finding of findings) console.log(`  - ${finding}`);
}
results.findings = findings;

const out = path.resolve(root, options.out);
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
console.log(`\nResults written to ${path.relative(root, out)}`);
await cleanUp();
process.exit(failed ? 1 : 0);
