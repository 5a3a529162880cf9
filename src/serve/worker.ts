/**
 * The worker thread of one web game (src/serve/games.ts starts it): holds a {@link GameHost} and
 * answers the server's requests one at a time, so the agent thinks (and the game re-runs for undo
 * and load) off the server's event loop.
 *
 * Messages in: `{ n, op, args }`; out: `{ n, ok: true, value }` or `{ n, ok: false, status, message }`
 * (status 4xx for a {@link Refusal} — a request the game cannot take — 500 for a defect).
 */
import { parentPort } from 'node:worker_threads';
import { parseRecord, RecordError } from '../core/record.js';
import { ScenarioError } from '../core/model.js';
import { loadScenario, loadScenarioData } from '../rules/index.js';
import { GameHost, Refusal } from './host.js';
import type { HostRequest } from './games.js';

let host: GameHost | null = null;

async function handle(req: HostRequest): Promise<unknown> {
  switch (req.op) {
    case 'create': {
      const a = req.args;
      const sc = a.data !== undefined ? loadScenarioData(a.data, a.scenario) : loadScenario(a.scenario);
      host = await GameHost.create(a.id, sc, a.seed, a.side, a.opponent, a.orders);
      return host.view(true);
    }
    case 'resume': {
      const a = req.args;
      host = await GameHost.resume(a.id, parseRecord(a.text, a.file), a.file, a.orders);
      return host.view(true);
    }
    default:
      break;
  }
  const h = host;
  if (!h) throw new Error('no game in this worker');
  switch (req.op) {
    case 'view':
      return h.view(true);
    case 'act':
      return h.act(req.args);
    case 'agent':
      return h.agent(req.args.until);
    case 'undo':
      return h.undo();
    case 'orders':
      return h.setOrders(req.args.orders);
    case 'resign':
      return h.resign();
    case 'record':
      return h.record();
    case 'replay':
      return h.replay();
    case 'figure':
      return h.figure(req.args.fig);
    case 'sight':
      return h.sight(req.args.from, req.args.to);
    case 'cancel':
      return h.cancelStanding(req.args.band);
    case 'summary':
      return h.summary();
    case 'close':
      await h.close();
      return null;
  }
}

const port = parentPort;
if (port) {
  port.on('message', (msg: { n: number; req: HostRequest }) => {
    handle(msg.req).then(
      (value) => port.postMessage({ n: msg.n, ok: true, value }),
      (e: unknown) => {
        const refused = e instanceof Refusal || e instanceof RecordError || e instanceof ScenarioError;
        const status = e instanceof Refusal ? e.status : refused ? 400 : 500;
        port.postMessage({ n: msg.n, ok: false, status, message: e instanceof Error ? e.message : String(e) });
      },
    );
  });
}
