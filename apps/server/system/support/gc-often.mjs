// Loaded with `node --expose-gc --import` by the crash regression test: collects garbage every
// few milliseconds, so native objects (SQLite statements) are finalized while the server works
// and while it shuts down, where a broken native addon aborts (exit 134).
if (typeof globalThis.gc !== 'function') throw new Error('gc-often.mjs needs node --expose-gc');
setInterval(() => globalThis.gc(), 5).unref();
