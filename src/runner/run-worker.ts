/**
 * The worker thread of `run --time-limit` (src/runner/run-thread.ts starts it): plays one game
 * with its agents here, where the main thread can stop a decision that never returns (a
 * synchronous agent in an endless loop, a huge search budget) by terminating the thread, and where
 * an agent that allocates without end hits the thread's heap limit instead of the process's.
 *
 * Messages out ({@link RunThreadMessage}): `started` once the agents exist, `decision` after every
 * applied decision (the main thread mirrors the game from them: its story, its record), then one of
 * `done`, `failed` (an agent's failure: error, illegal action, late answer), `create-failed` or
 * `error` (a defect, with its stack).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { resolveAgent } from '../../agents/index.js';
import { AgentCreateError, AgentError, IllegalActionError, TimeLimitError, makeAgents, playGame } from '../core/game.js';
import type { SideId } from '../core/model.js';
import { loadScenarioData } from '../rules/index.js';
import { isUserErrorName, type RunThreadConfig, type RunThreadMessage } from './run-thread.js';

const config = workerData as RunThreadConfig;
const post = (m: RunThreadMessage): void => parentPort?.postMessage(m);

async function main(): Promise<void> {
  const sc = loadScenarioData(config.scenarioRaw, config.origin);
  const factories: Record<SideId, { factory: Awaited<ReturnType<typeof resolveAgent>>['factory']; options: Record<string, string> }> = {};
  for (const [side, spec] of Object.entries(config.specs)) {
    const r = await resolveAgent(spec);
    factories[side] = { factory: r.factory, options: r.options };
  }
  let agents;
  try {
    agents = makeAgents(sc, config.seed, factories, 1, config.timeLimitMs);
  } catch (e) {
    if (!(e instanceof AgentCreateError)) throw e;
    const cause = e.cause;
    post({
      t: 'create-failed',
      side: e.side,
      message: e.message,
      userError: isUserErrorName(cause),
      causeMessage: cause instanceof Error ? cause.message : String(cause),
      stack: cause instanceof Error ? cause.stack : undefined,
    });
    return;
  }
  post({ t: 'started' });
  try {
    await playGame(sc, config.seed, agents, {
      record: false,
      timeLimitMs: config.timeLimitMs,
      explain: config.explain,
      onDecision: (side, action, why) => post({ t: 'decision', side, action, ...(config.explain && why !== undefined ? { why } : {}) }),
    });
    post({ t: 'done' });
  } catch (e) {
    if (e instanceof AgentError || e instanceof IllegalActionError || e instanceof TimeLimitError) {
      const cause = e instanceof AgentError ? e.cause : null;
      post({
        t: 'failed',
        side: e.side,
        agent: e.agent,
        decision: e.decision,
        message: e.message,
        reason: e instanceof TimeLimitError ? 'time limit' : 'agent error',
        stack: cause instanceof Error ? cause.stack : undefined,
      });
    } else throw e;
  } finally {
    for (const a of Object.values(agents)) {
      try {
        await a.close?.();
      } catch {
        // A failing close() does not change the game.
      }
    }
  }
}

main().catch((e: unknown) =>
  post({ t: 'error', message: e instanceof Error ? e.message : String(e), stack: e instanceof Error ? e.stack : undefined }),
);
