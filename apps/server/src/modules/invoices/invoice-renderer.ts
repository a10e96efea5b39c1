import { createHash } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { messages, type Order, type InvoiceSettings } from '@shop/shared';
import { AppError } from '../../http/app-error.js';
import type { RenderAnswer, RenderJob } from './invoice-worker.js';

/*
 * Invoices cannot stall the shop (finding 2): a PDF is laid out once per version of its order, in
 * a worker thread, and kept; a request for the same version gets the kept bytes. At most
 * `concurrency` PDFs are laid out at once and `queue` wait; past that the request is refused with
 * 503 and Retry-After rather than queued without end.
 */

export interface InvoiceRenderLimits {
  /** PDFs laid out at once (worker threads). */
  concurrency: number;
  /** PDFs waiting for a worker at most; past this a request is refused (503). */
  queue: number;
  /** Bytes of kept PDFs at most; the least recently sent go first. */
  cacheBytes: number;
}

/**
 * One worker: on a machine of two cores the event loop keeps the other. A 10-line invoice takes
 * 8-10 ms, so one worker lays out about 100 a second, far more than the per-account limit lets
 * any customer ask for; 16 waiting is under 0.2 s of wait. 32 MB keeps about 8,000 invoices of
 * 10 lines (4 KB each), the busy part of a shop's month.
 */
export const DEFAULT_INVOICE_RENDER_LIMITS: InvoiceRenderLimits = {
  concurrency: 1,
  queue: 16,
  cacheBytes: 32 * 1024 * 1024,
};

/** Seconds a refused request is told to wait. */
export const INVOICE_RETRY_AFTER_SECONDS = 2;

/** A render that has not answered after this long is given up and its worker replaced. */
const RENDER_TIMEOUT_MS = 30_000;

export type RenderPdf = (order: Order, settings: InvoiceSettings) => Promise<Buffer>;

/**
 * The version of an order an invoice shows: a digest of everything the invoice is drawn from
 * (the order as the API presents it, lines included). `orders.updated_at` moves on every status
 * change, but not when a line's stored name or price is corrected by hand, and two changes may
 * share a millisecond; the content itself cannot be stale.
 */
export function invoiceVersion(order: Order): string {
  return `${order._id}:${createHash('sha256').update(JSON.stringify(order)).digest('base64url')}`;
}

/*
 * Under the test runner the server runs from its TypeScript sources. Node strips the types
 * itself; the worker only needs to be told that `./x.js` is `./x.ts` and where the shared
 * package's sources are. The built server (dist) starts the compiled worker directly.
 */
const FROM_SOURCES = import.meta.url.endsWith('.ts');
const SOURCE_BOOTSTRAP = `
const { workerData } = require('node:worker_threads');
const { registerHooks } = require('node:module');
const { existsSync } = require('node:fs');
const { fileURLToPath } = require('node:url');
registerHooks({
  resolve(specifier, context, next) {
    if (specifier === '@shop/shared') return next(workerData.shared, context);
    if (specifier.startsWith('.') && specifier.endsWith('.js') && context.parentURL?.endsWith('.ts')) {
      const source = new URL(specifier.slice(0, -3) + '.ts', context.parentURL);
      if (existsSync(fileURLToPath(source))) return next(source.href, context);
    }
    return next(specifier, context);
  },
});
import(workerData.entry);
`;

function startWorker(): Worker {
  const entry = new URL(`./invoice-worker.${FROM_SOURCES ? 'ts' : 'js'}`, import.meta.url);
  if (!FROM_SOURCES) return new Worker(entry);
  const shared = new URL('../../../../../packages/shared/src/index.ts', import.meta.url);
  return new Worker(SOURCE_BOOTSTRAP, {
    eval: true,
    workerData: { entry: entry.href, shared: shared.href },
  });
}

interface Job {
  order: Order;
  settings: InvoiceSettings;
  resolve: (pdf: Buffer) => void;
  reject: (error: unknown) => void;
}

/** Worker threads that lay out one PDF each at a time; `run` is only called with one free. */
function createWorkerPool(size: number) {
  interface Slot {
    worker: Worker | undefined;
    job: (Job & { id: number; timer: NodeJS.Timeout }) | undefined;
  }
  const slots: Slot[] = Array.from({ length: size }, () => ({ worker: undefined, job: undefined }));
  let nextId = 0;
  let onFree: () => void = () => undefined;

  function finish(slot: Slot, outcome: { pdf: Buffer } | { error: unknown }): void {
    const job = slot.job;
    if (!job) return;
    clearTimeout(job.timer);
    slot.job = undefined;
    if ('pdf' in outcome) job.resolve(outcome.pdf);
    else job.reject(outcome.error);
    onFree();
  }

  function lose(slot: Slot, worker: Worker, error: unknown): void {
    if (slot.worker !== worker) return;
    slot.worker = undefined;
    void worker.terminate();
    finish(slot, { error });
  }

  function workerOf(slot: Slot): Worker {
    if (slot.worker) return slot.worker;
    const worker = startWorker();
    // Idle workers never keep the process alive; the app's onClose ends them.
    worker.unref();
    worker.on('message', (answer: RenderAnswer) => {
      if (slot.job?.id !== answer.id) return;
      if ('pdf' in answer) {
        const { buffer, byteOffset, byteLength } = answer.pdf;
        finish(slot, { pdf: Buffer.from(buffer, byteOffset, byteLength) });
      } else {
        finish(slot, { error: new Error(`The invoice could not be laid out: ${answer.error}`) });
      }
    });
    worker.on('error', (error) => lose(slot, worker, error));
    worker.on('exit', (code) =>
      lose(slot, worker, new Error(`The invoice worker stopped (exit code ${code})`)),
    );
    slot.worker = worker;
    return worker;
  }

  return {
    set onFree(listener: () => void) {
      onFree = listener;
    },
    run(job: Job): void {
      const slot = slots.find((one) => one.job === undefined);
      if (!slot) throw new Error('no free invoice worker');
      const worker = workerOf(slot);
      nextId += 1;
      const id = nextId;
      const timer = setTimeout(
        () => lose(slot, worker, new Error('The invoice took too long to lay out')),
        RENDER_TIMEOUT_MS,
      );
      timer.unref();
      slot.job = { ...job, id, timer };
      worker.postMessage({ id, order: job.order, settings: job.settings } satisfies RenderJob);
    },
    async close(error: unknown): Promise<void> {
      const workers = slots.flatMap((slot) => (slot.worker ? [slot.worker] : []));
      onFree = () => undefined;
      for (const slot of slots) {
        slot.worker = undefined;
        finish(slot, { error });
      }
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}

/**
 * Invoice PDFs, kept per order version. `render` lays one out; by default the worker pool, a
 * stand-in in tests that need a slow or counted one.
 */
export function createInvoiceRenderer(
  limits: InvoiceRenderLimits = DEFAULT_INVOICE_RENDER_LIMITS,
  render?: RenderPdf,
) {
  const kept = new Map<string, Buffer>();
  /** The version of each order that is kept: a newer one replaces it. */
  const keptVersionOf = new Map<string, string>();
  let keptBytes = 0;
  const inFlight = new Map<string, Promise<Buffer>>();
  const waiting: Job[] = [];
  let running = 0;
  let closed = false;

  const pool = render ? undefined : createWorkerPool(limits.concurrency);

  function forget(version: string): void {
    const pdf = kept.get(version);
    if (!pdf) return;
    kept.delete(version);
    keptBytes -= pdf.length;
    const orderId = version.slice(0, version.indexOf(':'));
    if (keptVersionOf.get(orderId) === version) keptVersionOf.delete(orderId);
  }

  function keep(orderId: string, version: string, pdf: Buffer): void {
    if (pdf.length > limits.cacheBytes) return;
    const older = keptVersionOf.get(orderId);
    if (older !== undefined) forget(older);
    while (keptBytes + pdf.length > limits.cacheBytes) {
      const oldest = kept.keys().next();
      if (oldest.done) break;
      forget(oldest.value);
    }
    kept.set(version, pdf);
    keptVersionOf.set(orderId, version);
    keptBytes += pdf.length;
  }

  /** A render ended: the next waiting one takes its place. */
  function next(): void {
    running -= 1;
    const job = waiting.shift();
    if (job) start(job);
  }

  function start(job: Job): void {
    running += 1;
    if (pool) {
      pool.run(job);
      return;
    }
    (render as RenderPdf)(job.order, job.settings).then(
      (pdf) => {
        next();
        job.resolve(pdf);
      },
      (error: unknown) => {
        next();
        job.reject(error);
      },
    );
  }
  if (pool) pool.onFree = next;

  /** Lays the PDF out (a free worker, or a place in the queue), or refuses with 503. */
  function layOut(order: Order, settings: InvoiceSettings): Promise<Buffer> {
    if (closed) return Promise.reject(new AppError('invoice_busy', messages.invoicesBusy));
    return new Promise<Buffer>((resolve, reject) => {
      const job: Job = { order, settings, resolve, reject };
      if (running < limits.concurrency) start(job);
      else if (waiting.length < limits.queue) waiting.push(job);
      else reject(new AppError('invoice_busy', messages.invoicesBusy));
    });
  }

  return {
    /**
     * The invoice of this version of the order: kept bytes when it was laid out before, else laid
     * out once however many ask for it at the same moment. The caller has checked access.
     */
    async pdfOf(order: Order, settings: InvoiceSettings): Promise<Buffer> {
      const version = invoiceVersion(order);
      const pdf = kept.get(version);
      if (pdf) {
        // Most recently sent last: the oldest goes first when room is needed.
        kept.delete(version);
        kept.set(version, pdf);
        return pdf;
      }
      const pending = inFlight.get(version);
      if (pending) return pending;
      const laidOut = layOut(order, settings).then(
        (made) => {
          inFlight.delete(version);
          if (!closed) keep(order._id, version, made);
          return made;
        },
        (error: unknown) => {
          inFlight.delete(version);
          throw error;
        },
      );
      inFlight.set(version, laidOut);
      return laidOut;
    },

    /** What is kept and running (for tests). */
    stats: () => ({ kept: kept.size, keptBytes, running, waiting: waiting.length }),

    async close(): Promise<void> {
      closed = true;
      for (const job of waiting.splice(0)) {
        job.reject(new AppError('invoice_busy', messages.invoicesBusy));
      }
      await pool?.close(new AppError('invoice_busy', messages.invoicesBusy));
    },
  };
}

export type InvoiceRenderer = ReturnType<typeof createInvoiceRenderer>;
