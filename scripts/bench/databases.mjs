// The databases of the order case: a PostgreSQL database made for one run (the user's data is
// never touched), and the stock check after the load, read straight from the database.
import { randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import pg from 'pg';

/**
 * Creates `shop_bench_<random>` on the server of `serverUrl`.
 * @param {string} serverUrl A postgres:// address (its database is only used to connect).
 * @returns {Promise<{ url: string, name: string, drop: () => Promise<void> }>}
 */
export async function createPostgresDatabase(serverUrl) {
  const name = `shop_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        // WITH (FORCE): a connection the shop left behind must not keep the database alive.
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * @typedef {object} StockCheck
 * @property {number} initialStock
 * @property {number} stock The product's stock now.
 * @property {number} orders Stored orders of the product.
 * @property {number} units Units in those orders.
 * @property {number} oversold Units ordered beyond the initial stock (must be 0).
 * @property {number} mismatch initial - now - ordered units (must be 0: stock lost or invented).
 */

/**
 * @param {number} initialStock
 * @param {{ aqty: number | string, orders: number | string, units: number | string | null }} row
 * @returns {StockCheck}
 */
function check(initialStock, row) {
  const stock = Number(row.aqty);
  const units = Number(row.units ?? 0);
  return {
    initialStock,
    stock,
    orders: Number(row.orders),
    units,
    oversold: Math.max(0, units - initialStock, -stock),
    mismatch: initialStock - stock - units,
  };
}

const STOCK_QUERY = (param) => `
  SELECT p.aqty AS aqty,
         (SELECT count(*) FROM orders o WHERE o.product_id = p.id) AS orders,
         (SELECT sum(o.quantity) FROM orders o WHERE o.product_id = p.id) AS units
    FROM products p WHERE p.id = ${param}`;

/**
 * The stock check of one product in a SQLite database file.
 * @param {string} file
 * @param {string} productId
 * @param {number} initialStock
 */
export function checkSqliteStock(file, productId, initialStock) {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare(STOCK_QUERY('?')).get(productId);
    if (!row) throw new Error(`product ${productId} is not in ${file}`);
    return check(initialStock, row);
  } finally {
    db.close();
  }
}

/**
 * The stock check of one product in a PostgreSQL database.
 * @param {string} url
 * @param {string} productId
 * @param {number} initialStock
 */
export async function checkPostgresStock(url, productId, initialStock) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(STOCK_QUERY('$1'), [productId]);
    if (!rows[0]) throw new Error(`product ${productId} is not in the database`);
    return check(initialStock, rows[0]);
  } finally {
    await client.end();
  }
}
