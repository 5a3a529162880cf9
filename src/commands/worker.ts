/**
 * `worker --queue redis://…`: play batches of tournament and stress runs from a BullMQ queue on this
 * machine's threads (see src/runner/queue-worker.ts), until Ctrl-C.
 */
import type { Command, CommanderError } from 'commander';
import { parseCount, parseWorkerHeap } from './run-options.js';
import { DEFAULT_WORKER_HEAP_MB, MIN_WORKER_HEAP_MB, defaultWorkers } from '../runner/pool.js';
import { DEFAULT_QUEUE_NAME, DEFAULT_STALL_MS, parseQueueUrl } from '../runner/queue.js';
import { serveQueue } from '../runner/queue-worker.js';
import { EXIT, fail, UsageError } from './common.js';
import { onInterrupt } from './interrupt.js';

interface WorkerOptions {
  queue?: string;
  queueName?: string;
  workers?: number;
  stallMs?: number;
  workerHeap?: number;
  quiet?: boolean;
}

/** Adds the `worker` command to the program. */
export function registerWorker(program: Command): void {
  program
    .command('worker')
    .description(
      'Play games of tournament and stress runs started elsewhere with --queue: take batches from the BullMQ queue on Redis, play them on worker threads, send the rows back. Runs until Ctrl-C (which finishes the batches in hand; a second Ctrl-C quits at once).',
    )
    .exitOverride((err: CommanderError) => process.exit(err.exitCode === 0 ? 0 : 2))
    .option('--queue <redis-url>', 'the Redis the coordinators use: redis://[[user]:password@]HOST:PORT[/DB], or rediss://… for TLS')
    .option('--queue-name <name>', `the BullMQ queue (default ${DEFAULT_QUEUE_NAME}; the coordinators' --queue-name)`)
    .option('--workers <n>', `worker threads (default: the machine's cores, ${defaultWorkers()} here)`, parseCount)
    .option('--stall-ms <ms>', `a worker silent this long has its batches handed to another (default ${DEFAULT_STALL_MS})`, parseCount)
    .option(
      '--worker-heap <MB>',
      `heap limit of each worker thread (default ${DEFAULT_WORKER_HEAP_MB}, at least ${MIN_WORKER_HEAP_MB})`,
      parseWorkerHeap,
    )
    .option('--quiet', 'no messages on stderr')
    .addHelpText(
      'after',
      `
Example (on every machine with the project, the same version as the coordinator's):
  npx tsx src/cli.ts worker --queue redis://10.0.0.5:6379 --workers 8
and on one machine:
  npx tsx src/cli.ts tournament --scenario supply-raid --agents heuristic,mcts --games 400 --queue redis://10.0.0.5:6379`,
    )
    .action(async (o: WorkerOptions) => {
      try {
        if (o.queue === undefined) throw new UsageError('--queue is required, e.g. --queue redis://127.0.0.1:6379');
        const address = parseQueueUrl(o.queue, o.queueName);
        const ac = new AbortController();
        // The first Ctrl-C (and its copies relayed by tsx or npm) finishes the batches in hand; a later one quits at once.
        onInterrupt(() => ac.abort());
        await serveQueue({
          address,
          workers: o.workers ?? defaultWorkers(),
          stallMs: o.stallMs ?? DEFAULT_STALL_MS,
          workerHeapMb: o.workerHeap,
          signal: ac.signal,
          log: o.quiet ? null : (line) => process.stderr.write(`${line}\n`),
        });
        process.exit(EXIT.interrupted);
      } catch (e) {
        fail(e);
      }
    });
}
