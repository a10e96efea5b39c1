import { sql, type RawBuilder } from 'kysely';
import type { TestDb } from './databases.js';

/**
 * Runs `requests` while another connection holds a row lock (PostgreSQL): they start, each
 * waits (for the row, or for the one before it), and are let go together once `waiting` of them
 * wait, so their statements meet as concurrent requests of two instances can. Requests that
 * never wait (no lock of theirs meets it) end before that: done too. SQLite writes one
 * transaction at a time: the requests just run. Waiters are counted at any depth (a
 * placement waits on the company's row behind one that waits on this one).
 */
export function whileRowLocked<T>(
  db: TestDb,
  table: 'companies' | 'company_members' | 'company_invitations' | 'orders',
  column: string,
  value: string,
  waiting: number,
  requests: () => Promise<T>,
): Promise<T> {
  return whileLocked(
    db,
    sql`select 1 from ${sql.table(table)} where ${sql.ref(column)} = ${value} for update`,
    waiting,
    requests,
  );
}

/**
 * `whileRowLocked` with any lock `take` takes, e.g. `lock table orders in share mode`: every
 * placement reads what it reads and then waits to insert its order, so without a lock of their
 * own, concurrent placements all read the same state before any of them writes.
 */
export async function whileLocked<T>(
  db: TestDb,
  take: RawBuilder<unknown>,
  waiting: number,
  requests: () => Promise<T>,
): Promise<T> {
  if (db.dialect !== 'postgres') return requests();
  const locker = db.reopen();
  let running: Promise<T> | undefined;
  try {
    await locker.kysely.transaction().execute(async (trx) => {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
      const pid = rows[0]?.pid;
      await take.execute(trx);
      running = requests();
      let settled = false;
      void running.finally(() => (settled = true));
      // Waiting for the state: how many sessions wait on this lock, or behind one that does at
      // any depth (a row's waiters queue behind its first waiter, which waits on the lock).
      for (;;) {
        const { rows: counted } = await sql<{ n: number | string }>`
          with recursive w as (select pid, pg_blocking_pids(pid) as by from pg_stat_activity
              where wait_event_type = 'Lock'),
            chain(pid) as (
              select pid from w where ${pid} = any(w.by)
              union
              select w.pid from w join chain on chain.pid = any(w.by))
          select count(*) as n from chain`.execute(locker.kysely);
        if (settled || Number(counted[0]?.n ?? 0) >= waiting) break;
        await new Promise((resolve) => setImmediate(resolve));
      }
    });
  } finally {
    await locker.close();
  }
  if (!running) throw new Error('the requests never started');
  return running;
}
