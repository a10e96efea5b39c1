import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The prefix of every PostgreSQL schema this run's test files create (databases.ts). */
    testSchemaPrefix: string;
  }
}

/**
 * The test files of one run share one PostgreSQL database, a schema each, and run in parallel.
 * Kysely's migrator looks for its tables across every schema of the database
 * (`introspection.getTables`, which calls `has_schema_privilege` per schema by name), so a schema
 * dropped by one file while another migrates failed that migration ("schema … does not exist",
 * seen on a loaded machine). So no file drops its schema: the run names them all with one
 * prefix and drops them once every file is done.
 */
export default function setup(project: TestProject) {
  const prefix = `test_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}_`;
  project.provide('testSchemaPrefix', prefix);
  return async function teardown() {
    const url = process.env['TEST_DATABASE_URL'];
    if (!url) return;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string }>(
        `select nspname as name from pg_namespace where starts_with(nspname, $1)`,
        [prefix],
      );
      for (const { name } of rows) await client.query(`drop schema "${name}" cascade`);
    } finally {
      await client.end();
    }
  };
}
