/**
 * One client process of an exec agent: started without a shell in its own process group, spoken
 * to in JSON Lines on its standard input, read line by line from its standard output, with the
 * end of its standard error kept for error messages.
 *
 * Promises: every process started here is either still running and tracked, or has exited and been
 * reaped by Node (its 'close' event seen): {@link ClientProcess.kill} and
 * {@link ClientProcess.finish} resolve only after that. A thread that exits normally kills the
 * processes it still has (an 'exit' handler); a worker thread *terminated* from outside cannot run
 * that handler, and its clients then end on the end of their input and are reaped when the Node
 * process ends (docs/PROTOCOL.md, "Processes").
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';

/** The longest line a client may write (bytes, about): a longer one breaks the protocol. */
export const MAX_LINE = 8 * 1024 * 1024;
/** How much of a client's standard error is kept (characters, the end). */
const STDERR_KEEP = 8192;
/** Lines and characters of standard error quoted in an error message. */
const TAIL_LINES = 12;
const TAIL_CHARS = 1500;

/** Processes of this thread that may still be running (killed when the thread exits). */
const live = new Set<ClientProcess>();
let exitHook = false;

/** What {@link ClientProcess.wait} saw. */
export type WaitResult = 'line' | 'ended' | 'timeout';

/** A started client process. */
export class ClientProcess {
  private readonly child: ChildProcess;
  private readonly lines: string[] = [];
  private partial = '';
  private partialBytes = 0;
  private stderr = '';
  private wake: ((r: WaitResult) => void) | null = null;
  /** Set once the process can say nothing more: why (exit code, signal, closed output, failed start, overlong line). */
  private endedWhy: string | null = null;
  private closed = false;
  private readonly closing: Promise<void>;
  private exitCode: number | null = null;
  private exitSignal: string | null = null;

  /**
   * Start `command` (argv; no shell). `label` names it in messages (the command line as written).
   * A program that cannot be started is reported as the process's end ({@link endReason}).
   */
  constructor(
    readonly command: readonly string[],
    readonly label: string,
  ) {
    this.child = spawn(command[0], command.slice(1), { stdio: ['pipe', 'pipe', 'pipe'], detached: true, windowsHide: true });
    live.add(this);
    if (!exitHook) {
      exitHook = true;
      process.on('exit', () => {
        for (const p of live) p.signalGroup('SIGKILL');
      });
    }
    const stdin = this.child.stdin as Writable;
    stdin.on('error', () => undefined); // EPIPE from a client that is gone: its end is reported by 'close'
    const stdout = this.child.stdout as Readable;
    const stderr = this.child.stderr as Readable;
    stdout.setEncoding('utf8');
    stderr.setEncoding('utf8');
    stdout.on('data', (chunk: string) => this.onData(chunk));
    stdout.on('end', () => {
      // A process that closes its output but lives on can say nothing more either.
      setTimeout(() => this.end('closed its standard output'), 1000).unref();
    });
    stderr.on('data', (chunk: string) => {
      this.stderr += chunk;
      if (this.stderr.length > STDERR_KEEP * 2) this.stderr = this.stderr.slice(-STDERR_KEEP);
    });
    this.closing = new Promise((resolve) => {
      this.child.on('close', (code, signal) => {
        this.exitCode = code;
        this.exitSignal = signal;
        this.closed = true;
        live.delete(this);
        this.end(signal !== null ? `was killed by ${signal}` : `exited with code ${code ?? '?'}`);
        resolve();
      });
      this.child.on('error', (e) => {
        // Failed to start (no 'close' follows a failed spawn on every Node version): nothing to reap.
        if (this.child.pid === undefined) {
          this.closed = true;
          live.delete(this);
          this.end(`could not be started: ${e.message}`);
          resolve();
        }
      });
    });
  }

  private onData(chunk: string): void {
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf('\n', start);
      if (nl < 0) break;
      const piece = chunk.slice(start, nl);
      const line = this.partial === '' ? piece : this.partial + piece;
      this.partial = '';
      this.partialBytes = 0;
      this.lines.push(line.endsWith('\r') ? line.slice(0, -1) : line);
      start = nl + 1;
    }
    if (start < chunk.length) {
      this.partial += chunk.slice(start);
      this.partialBytes += chunk.length - start;
      if (this.partialBytes > MAX_LINE) {
        this.end(`wrote a line longer than ${MAX_LINE} bytes`);
        this.signalGroup('SIGKILL');
      }
    }
    if (this.lines.length) this.notify('line');
  }

  private end(why: string): void {
    if (this.endedWhy === null) this.endedWhy = why;
    this.notify('ended');
  }

  private notify(r: WaitResult): void {
    const w = this.wake;
    if (w) {
      this.wake = null;
      w(r);
    }
  }

  /** The next complete line the client wrote, if one is waiting. */
  take(): string | undefined {
    return this.lines.shift();
  }

  /** True once the process can write nothing more (see {@link endReason}). */
  get ended(): boolean {
    return this.endedWhy !== null;
  }

  /** Why the process can write nothing more ("exited with code 1", "was killed by SIGKILL", …), or null. */
  get endReason(): string | null {
    return this.endedWhy;
  }

  /** The exit code once the process has exited (null: killed by a signal, or not yet). */
  get code(): number | null {
    return this.exitCode;
  }

  /** The signal that ended the process, once it has. */
  get signal(): string | null {
    return this.exitSignal;
  }

  /**
   * Wait for a line, the end of the process, or the clock to pass `deadline` (performance.now()
   * milliseconds; null: no deadline). Resolves at once when a line is waiting or the process ended.
   * After 'ended', the lines it wrote before ending may still be taken.
   */
  wait(deadline: number | null): Promise<WaitResult> {
    if (this.lines.length) return Promise.resolve('line');
    if (this.endedWhy !== null) return Promise.resolve('ended');
    return new Promise((resolve) => {
      let timer: NodeJS.Timeout | null = null;
      this.wake = (r) => {
        if (timer) clearTimeout(timer);
        resolve(r);
      };
      if (deadline !== null) {
        timer = setTimeout(
          () => {
            this.wake = null;
            resolve('timeout');
          },
          Math.max(0, deadline - performance.now()),
        );
      }
    });
  }

  /** Write one message as a line (JSON text without newlines). A client that is gone is not an error here. */
  send(line: string): void {
    const stdin = this.child.stdin;
    if (!stdin || stdin.destroyed || stdin.writableEnded) return;
    stdin.write(`${line}\n`);
  }

  /** The end of the client's standard error, one line per `|`, for messages ('' when it wrote none). */
  stderrTail(): string {
    const text = this.stderr.replace(/\s+$/, '');
    if (text === '') return '';
    const lines = text.split(/\r?\n/).slice(-TAIL_LINES);
    let tail = lines.join(' | ');
    if (tail.length > TAIL_CHARS) tail = `…${tail.slice(-TAIL_CHARS)}`;
    return tail;
  }

  private signalGroup(sig: NodeJS.Signals): void {
    if (this.closed || this.child.pid === undefined || this.child.exitCode !== null || this.child.signalCode !== null) return;
    try {
      process.kill(-this.child.pid, sig); // the client and anything it started (its own process group)
    } catch {
      try {
        this.child.kill(sig);
      } catch {
        // already gone
      }
    }
  }

  /** Stop the process at once (SIGKILL to its process group) and resolve once it is reaped. */
  async kill(): Promise<void> {
    this.signalGroup('SIGKILL');
    await this.closing;
  }

  /**
   * End the process politely: close its input (a client ends on the end of its input), wait up to
   * `graceMs` for it to exit, then kill it. Resolves once it is reaped.
   */
  async finish(graceMs: number): Promise<void> {
    this.child.stdin?.end();
    if (this.closed) return;
    let timer: NodeJS.Timeout | null = null;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), graceMs);
    });
    const r = await Promise.race([this.closing.then(() => 'done' as const), late]);
    if (timer) clearTimeout(timer);
    if (r === 'late') await this.kill();
  }

  /** Let the Node process exit while this client is idle (a kept process between games), or hold it again. */
  hold(held: boolean): void {
    const handles = [this.child, this.child.stdin, this.child.stdout, this.child.stderr] as unknown as ({
      ref?(): void;
      unref?(): void;
    } | null)[];
    for (const h of handles) {
      if (!h) continue;
      if (held) h.ref?.();
      else h.unref?.();
    }
  }
}
