import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Piscina from 'piscina';
import type * as Esbuild from 'esbuild';
import { ApiError } from '../http/envelope';
import { BOUND_MESSAGES, parseBound } from './bounds';
import type { HeavyTask, PdfInspection } from './heavy-worker';

/**
 * The pool that decodes and draws documents off the event loop (docs/security.md › Archive bombs): piscina worker
 * threads, a bounded queue (full: 503 系统繁忙), a time limit per task (past it the worker is ended and the call
 * answers with a message) and a heap limit per worker. One user's file can hold a worker, never the requests of others.
 */
export interface HeavyPoolOptions {
  /** Worker threads. @default ARCHIVE_WORKER_THREADS, else min(2, cores) */
  threads?: number;
  /** Tasks waiting for a worker before the pool answers busy. @default ARCHIVE_WORKER_QUEUE, else 32 */
  queue?: number;
  /** Milliseconds one task may run. @default ARCHIVE_WORKER_TIMEOUT_MS, else 30 000 */
  timeoutMs?: number;
  /** Heap of one worker, in MB (V8's old generation). @default 256 */
  heapMb?: number;
}

/** Why a task did not finish: the queue was full, or it ran past its time or memory. */
export class HeavyRefused extends Error {
  constructor(readonly reason: 'busy' | 'tooComplex') {
    super(reason === 'busy' ? BOUND_MESSAGES.busy : BOUND_MESSAGES.tooComplex);
  }
}

/** The built server has dist/heavy-worker.js beside its entries (tsup.config.ts). */
const BUILT = fileURLToPath(new URL('./heavy-worker.js', import.meta.url));

/** From source (vitest) there is no JavaScript worker: bundle heavy-worker.ts once, third-party packages left external. */
async function sourceWorker(): Promise<string> {
  const here = dirname(fileURLToPath(import.meta.url));
  const out = join(here, '..', '..', 'node_modules', '.cache', 'gjj-hall', `heavy-worker-${process.pid}.mjs`);
  if (existsSync(out)) return out;
  mkdirSync(dirname(out), { recursive: true });
  // A name in a variable: the bundler of dist/ must not pull esbuild in (dist/ has the worker and never gets here).
  const name = 'esbuild';
  const esbuild = (await import(name)) as typeof Esbuild;
  const tmp = `${out}.${Math.random().toString(16).slice(2)}`;
  await esbuild.build({
    entryPoints: [join(here, 'heavy-worker.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    conditions: ['gjj-source'],
    // Third-party packages stay in node_modules; our own (@gjj-hall/sdk) are bundled from source, as tsup does.
    plugins: [
      {
        name: 'external-packages',
        setup(build) {
          build.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@gjj-hall/') ? undefined : { path: args.path, external: true }));
        },
      },
    ],
    outfile: tmp,
    logLevel: 'silent',
  });
  renameSync(tmp, out);
  return out;
}

let workerFile: Promise<string> | null = null;
const findWorker = () => (workerFile ??= existsSync(BUILT) ? Promise.resolve(BUILT) : sourceWorker());

export interface HeavyPool {
  /** Measures a PDF within the bounds (pages, or why not). */
  inspectPdf(bytes: Uint8Array, bounds: Extract<HeavyTask, { op: 'inspectPdf' }>['bounds']): Promise<PdfInspection>;
  /** Draws or merges: the PDF's bytes. */
  render(task: Exclude<HeavyTask, { op: 'inspectPdf' }>): Promise<Uint8Array>;
  /** Tasks waiting now. */
  readonly queued: number;
  close(): Promise<void>;
}

/** The pool's settings from the environment, over the defaults. */
export function heavyOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): Required<HeavyPoolOptions> {
  return {
    threads: parseBound('ARCHIVE_WORKER_THREADS', env.ARCHIVE_WORKER_THREADS, 1, 64) ?? Math.min(2, availableParallelism()),
    queue: parseBound('ARCHIVE_WORKER_QUEUE', env.ARCHIVE_WORKER_QUEUE, 1, 10_000) ?? 32,
    timeoutMs: parseBound('ARCHIVE_WORKER_TIMEOUT_MS', env.ARCHIVE_WORKER_TIMEOUT_MS, 100, 600_000) ?? 30_000,
    heapMb: 256,
  };
}

/**
 * A pool; the threads start on first use and end when idle.
 *
 * @example
 * const heavy = createHeavyPool({ threads: 2 })
 * const pdf = await heavy.render({ op: 'merge', items, title })
 */
export function createHeavyPool(options: HeavyPoolOptions = {}): HeavyPool {
  const settings = { ...heavyOptionsFromEnv(), ...options };
  let pool: Piscina<HeavyTask, Uint8Array | PdfInspection> | null = null;
  let closed = false;

  const poolOf = async () => {
    const filename = await findWorker();
    if (closed) throw new HeavyRefused('busy');
    pool ??= new Piscina({
      filename,
      minThreads: 0,
      maxThreads: settings.threads,
      maxQueue: settings.queue,
      idleTimeout: 30_000,
      // Below the event loop's priority (Linux): a busy decode yields the CPU to the thread that answers requests.
      niceIncrement: 10,
      resourceLimits: { maxOldGenerationSizeMb: settings.heapMb, maxYoungGenerationSizeMb: 32 },
    });
    return pool;
  };

  /** Tasks running or waiting. Counted here: piscina keeps tasks that carry an AbortSignal outside its maxQueue. */
  let inFlight = 0;

  async function run(task: HeavyTask): Promise<Uint8Array | PdfInspection> {
    if (inFlight >= settings.threads + settings.queue) throw new HeavyRefused('busy');
    inFlight += 1;
    try {
      const p = await poolOf();
      return await p.run(task, { signal: AbortSignal.timeout(settings.timeoutMs) });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (/queue is at limit/i.test(message)) throw new HeavyRefused('busy');
      const code = (error as { code?: string; name?: string }).code;
      const name = (error as { name?: string }).name;
      if (name === 'AbortError' || name === 'TimeoutError' || code === 'ERR_WORKER_OUT_OF_MEMORY' || /aborted|out of memory/i.test(message)) {
        throw new HeavyRefused('tooComplex');
      }
      throw error;
    } finally {
      inFlight -= 1;
    }
  }

  return {
    async inspectPdf(bytes, bounds) {
      return (await run({ op: 'inspectPdf', bytes, bounds })) as PdfInspection;
    },
    async render(task) {
      const out = (await run(task)) as Uint8Array;
      return out instanceof Uint8Array ? out : new Uint8Array(out);
    },
    get queued() {
      return Math.max(0, inFlight - settings.threads);
    },
    async close() {
      closed = true;
      await pool?.destroy();
      pool = null;
    },
  };
}

/** A refusal of the pool as the call answers it: 503 busy, or 400/503 with the message. */
export function heavyError(error: unknown, tooComplexStatus = 503): unknown {
  if (error instanceof HeavyRefused) return new ApiError(error.reason === 'busy' ? 503 : tooComplexStatus, error.message);
  return error;
}
