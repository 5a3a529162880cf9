/**
 * `play` in a terminal: the person's prompts, the map, the dice as they fall, the agent's account.
 *
 * Input and output are streams handed in, so a test drives a whole game with a scripted input
 * stream; in a real terminal (both streams TTYs) readline gives line editing and history, and the
 * map is coloured unless NO_COLOR is set. Every line the person types is read as a number (an
 * action), coordinates (`x,y`, where the rules allow free movement) or a command; anything else
 * gets a one-line reason and the same prompt again.
 */
import { createInterface, type Interface } from 'node:readline';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import type { Explanation } from '../core/agent.js';
import type { GameResult } from '../core/game.js';
import type { Json } from '../core/model.js';
import { bandLetters, sceneToAscii } from '../render/ascii.js';
import type { Scene, SceneFigure } from '../core/scene.js';
import { count } from '../core/words.js';
import { writeAtomic } from '../core/files.js';
import type { PlayGame } from './session.js';

/** Reads the person's lines one at a time; null when the input ends (or on Ctrl-C). */
export class LineReader {
  private readonly queue: string[] = [];
  private waiting: ((line: string | null) => void) | null = null;
  private ended = false;
  private readonly rl: Interface;
  /** True once Ctrl-C (SIGINT) ended the input, as opposed to the input running out. */
  interrupted = false;
  private readonly onSigint = (): void => {
    this.interrupted = true;
    this.rl.close();
  };
  private readonly hooked: boolean;

  constructor(
    input: Readable,
    private readonly output: Writable,
    private readonly tty: boolean,
  ) {
    this.rl = createInterface({ input, output: tty ? output : undefined, terminal: tty });
    this.rl.on('line', (line) => this.deliver(line));
    this.rl.on('close', () => {
      this.ended = true;
      this.deliver(null);
    });
    this.rl.on('SIGINT', this.onSigint);
    // Readline sees Ctrl-C only on a terminal; with piped input the process's SIGINT ends the input the same way.
    this.hooked = !tty && input === process.stdin;
    if (this.hooked) process.once('SIGINT', this.onSigint);
  }

  private deliver(line: string | null): void {
    const w = this.waiting;
    if (w) {
      this.waiting = null;
      w(line);
    } else if (line !== null) this.queue.push(line);
  }

  /** Show `prompt` and wait for the next line (echoed when the input is not a terminal). */
  async ask(prompt: string): Promise<string | null> {
    let line: string | null;
    if (this.tty) {
      this.rl.setPrompt(prompt);
      this.rl.prompt();
    } else this.output.write(prompt);
    if (this.queue.length > 0) line = this.queue.shift() as string;
    else if (this.ended) line = null;
    else line = await new Promise<string | null>((res) => (this.waiting = res));
    if (!this.tty) this.output.write(line === null ? '\n' : `${line}\n`);
    return line;
  }

  close(): void {
    if (this.hooked) process.off('SIGINT', this.onSigint);
    this.rl.close();
  }
}

/** Options of {@link playInTerminal}. */
export interface TerminalOptions {
  input: Readable;
  output: Writable;
  /** Where the finished game's record is written, and `save` writes by default. */
  out: string;
  /** Treat the streams as a terminal (line editing). Default: both are TTYs. */
  tty?: boolean;
  /** ANSI colours on the map. Default: a terminal, and NO_COLOR not set. */
  colour?: boolean;
  /** Draw the map at every decision of the person (default true; `map` draws it anyway). */
  showMap?: boolean;
  /**
   * `band` (default): one decision orders a band — each figure's share of the order is taken by
   * the rules' scripted policy (the ruleset's `view.delegable`); `figure`: the person decides for
   * every figure. The `orders` command switches.
   */
  orders?: 'band' | 'figure';
}

/** Lines of the AI's account shown below the map at most (the rest: `log`). */
const SUMMARY_LINES = 12;

/** How a `play` session ended. */
export interface PlayEnd {
  /** `over`: the game finished; `quit`: the person quit; `eof`: the input ended first. */
  end: 'over' | 'quit' | 'eof';
  result: GameResult | null;
  /** The file the record was last written to, if any. */
  saved: string | null;
}

/** The table's unit in words for people: `inches` or `centimetres` (from the ruleset's traits.units). */
export function unitWords(units: string): { plural: string; short: string } {
  return units === 'cm' ? { plural: 'centimetres', short: 'cm' } : { plural: 'inches', short: 'in' };
}

const HELP = (out: string, units: string, bands: boolean): string =>
  [
    'Type the number of an action to take it, or one of these commands:',
    `  <x>,<y>        move the figure deciding now to exact coordinates in ${unitWords(units).plural} (e.g. 14.5,30),`,
    `                 where the rules let it move freely; the map ruler counts ${unitWords(units).plural} from the top left`,
    '  map            the map and the state of the game again',
    '  actions        the list of actions again',
    '  status <fig>   one figure in words: where it stands and how it is (e.g. status P05, status R1)',
    '  undo           take back your last decision (and the AI’s decisions after it)',
    ...(bands
      ? [
          '  orders band    one decision moves a band; its figures act by the rules’ policy (default; a band of one is yours to move)',
          '  orders figure  decide every figure’s action yourself',
        ]
      : []),
    `  map full       the map at two ${unitWords(units).plural} a line (the usual map fits 80×24)`,
    '  log            everything the AI did since your last decision',
    `  save [file]    write the game so far (default ${out}); continue later with play --resume <file>`,
    '  quit           stop playing (asks whether to save first)',
    '  help           this list',
  ].join('\n');

/** Explanation in a few lines: summary, then the top candidates with visits and values. */
export function explanationLines(game: PlayGame, state: unknown, e: Explanation, top = 3): string[] {
  const r = game.scenario.ruleset;
  const out: string[] = [];
  if (e.summary) out.push(`      why: ${e.summary}`);
  const words = (a: Json): string => {
    try {
      return r.describeAction(state, a);
    } catch {
      return r.actionKey(a);
    }
  };
  e.candidates.slice(0, top).forEach((c, i) => {
    const w = words(c.action);
    const note = c.note && c.note !== w ? c.note : '';
    const stats = [c.visits !== undefined ? count(c.visits, 'visit') : '', c.value !== undefined ? `value ${c.value.toFixed(3)}` : '', note]
      .filter((x) => x)
      .join(', ');
    out.push(`      ${i === 0 ? 'considered' : '          '} ${i + 1}. ${w}${stats ? ` — ${stats}` : ''}`);
  });
  // `line` holds action keys of later positions, which cannot be put in words here: say only how far it looked.
  if (e.line && e.line.length > 1)
    out.push(`      (it expects play to go on ${e.line.length - 1} more decision${e.line.length > 2 ? 's' : ''} along this line)`);
  return out;
}

/** Split a long line at spaces so it fits `width` columns (lines with colour codes are left whole). */
function wrap(line: string, width: number): string[] {
  if (line.length <= width || line.includes('\u001b')) return [line];
  const indent = /^\s*/.exec(line)?.[0] ?? '';
  const out: string[] = [];
  let cur = '';
  for (const word of line.trim().split(' ')) {
    const next = cur === '' ? `${indent}${word}` : `${cur} ${word}`;
    if (next.length > width && cur !== '') {
      out.push(cur);
      cur = `${indent}  ${word}`;
    } else cur = next;
  }
  if (cur !== '') out.push(cur);
  return out;
}

const NUMBER = /^[-+]?\d+(?:\.\d+)?$/;
const COORDS = /^\(?\s*([-+]?\d+(?:\.\d+)?)\s*(?:,\s*|\s+)([-+]?\d+(?:\.\d+)?)\s*\)?$/;

/** Play `game` to its end (or until the person quits or the input ends) over the given streams. */
export async function playInTerminal(game: PlayGame, opts: TerminalOptions): Promise<PlayEnd> {
  const out = opts.output;
  const tty = opts.tty ?? Boolean((opts.input as { isTTY?: boolean }).isTTY && (out as { isTTY?: boolean }).isTTY);
  const colour = opts.colour ?? (tty && !process.env.NO_COLOR);
  const showMap = opts.showMap ?? true;
  const reader = new LineReader(opts.input, out, tty);
  const r = game.scenario.ruleset;
  const view = r.view;
  const say = (text: string): void => {
    out.write(`${text}\n`);
  };
  let saved: string | null = null;
  let dirty = false;
  let orders: 'band' | 'figure' = opts.orders ?? 'band';
  // Band orders need a ruleset that says which decisions are a band's figures' shares (view.delegable).
  const hasBandOrders = game.scenario.ruleset.view?.delegable !== undefined && game.scenario.ruleset.policy !== undefined;
  // The AI's account while it plays, shown below the map at the person's next decision.
  let agentTurn = false;
  let aiLines: string[] = [];
  let lastAi: string[] = [];
  const tell = (text: string): void => {
    if (agentTurn) aiLines.push(text);
    else say(text);
  };
  /** Band orders: the figures' shares of the order just given, by the rules' policy. */
  const followOrders = (): void => {
    if (orders === 'band') game.followOrders((w) => say(`  band order: ${w}`));
  };

  const save = (file: string): boolean => {
    const text = game.recordText();
    try {
      writeAtomic(file, text);
      saved = file;
      dirty = false;
      return true;
    } catch (e) {
      say(`could not save to ${file}: ${e instanceof Error ? e.message : String(e)}`);
      // Never lose the game: keep it in the temporary folder and say where.
      const spare = join(tmpdir(), `${basename(file).replace(/\.jsonl?$/i, '')}-${process.pid}.jsonl`);
      try {
        writeAtomic(spare, text);
        saved = spare;
        dirty = false;
        say(`The game is saved in ${spare} instead; continue it with play --resume ${spare}`);
      } catch {
        // Both failed: the message above says so.
      }
      return false;
    }
  };

  game.onEvent = (e) => {
    const t = r.describeEvent(game.scenario.compiled, e);
    if (t !== null) tell(t);
  };

  const sideName = (id: string): string => view?.scene(game.state).sides.find((s) => s.id === id)?.name ?? id;
  const describe = (a: Json): string => {
    try {
      return r.describeAction(game.state, a);
    } catch {
      return r.actionKey(a);
    }
  };
  /** The map: by default small enough for an 80×24 terminal (about 12 rows, at most 79 columns with the row labels); `full` at 2 in a line. */
  const mapText = (full = false): string | null => {
    const scene = view?.scene(game.state);
    if (scene) {
      const fit = full
        ? {}
        : { inchesPerLine: Math.max(2, Math.ceil(scene.height / 12)), perInch: Math.min(1, 75 / Math.max(1, scene.width)) }; // ≤ 75 cells + the 4-column row label: ≤ 79 columns
      // The ruler and the map's rows are never wrapped (a wrapped row breaks the map: `map full` of
      // a table wider than the terminal is as wide as it is); the legend lines under them are.
      const mapLines = 1 + Math.max(1, Math.ceil(scene.height / (fit.inchesPerLine ?? 2)));
      return sceneToAscii(scene, { colour, unit: game.scenario.ruleset.traits.units, ...fit })
        .split('\n')
        .flatMap((l, i) => (i < mapLines ? [l] : wrap(l, 79)))
        .join('\n');
    }
    return null;
  };
  const infoText = (): string[] => {
    const scene = view?.scene(game.state);
    return scene ? scene.info.map((i) => `${i.label}: ${i.value}`) : [];
  };
  const coordsFigure = (): string | null => {
    if (!view?.exactMove || view.exactMove(game.state, 0, 0) === null) return null;
    return view?.scene(game.state).figures.find((f) => f.current)?.id ?? 'the figure';
  };
  /** The map's letter of the one band of the person's among `figs` (figures of the scene), or ''. */
  const letterOf = (scene: Scene, letters: Map<string, string>, figs: readonly SceneFigure[]): string => {
    const tags = new Set<string>();
    for (const f of figs) if (f.side === game.human && f.band !== null) tags.add(letters.get(`${f.side}\u0000${f.band}`) ?? '');
    tags.delete('');
    return tags.size === 1 ? [...tags][0] : '';
  };
  /**
   * The map's letter of the person's band an action concerns (`[C]`), so choices and map say the
   * same, or '': the band whose figures the action names (choosing a band, a band's group move),
   * else the band acting now (the map's `*` and `@`: its figures' moves, shots, holds).
   */
  const bandTag = (scene: Scene | undefined, letters: Map<string, string>, a: Json): string => {
    if (!scene) return '';
    const named = new Set(view?.targets?.(game.state, a)?.figures ?? []);
    const tag =
      letterOf(
        scene,
        letters,
        scene.figures.filter((f) => named.has(f.id)),
      ) ||
      letterOf(
        scene,
        letters,
        scene.figures.filter((f) => f.highlighted || f.current),
      );
    return tag ? `[${tag}] ` : '';
  };
  const listActions = (legal: Json[]): void => {
    say(`Your choices (${sideName(game.human)}):`);
    const w = String(legal.length).length;
    const best = game.suggestion(legal);
    const scene = view?.scene(game.state);
    const letters = scene ? bandLetters(scene) : new Map<string, string>();
    legal.forEach((a, i) => say(`  ${String(i + 1).padStart(w)}. ${bandTag(scene, letters, a)}${describe(a)}${i === best ? ' ★' : ''}`));
    const fig = coordsFigure();
    say(
      `Type 1–${legal.length}${fig ? `, or x,y to move ${fig} to exact coordinates (${unitWords(game.scenario.ruleset.traits.units).plural})` : ''}; ${best >= 0 ? '★ the rules’ suggestion; ' : ''}[letter]: the band so lettered on the map; help for commands.`,
    );
  };
  const showDecision = (withMap: boolean): void => {
    const scene = view?.scene(game.state);
    say('');
    say(`══ ${scene ? scene.caption : `${sideName(game.human)} to decide`} ══`);
    if (withMap) {
      const m = mapText();
      if (m !== null) say(m);
    }
    if (aiLines.length > 0) {
      const skipped = Math.max(0, aiLines.length - SUMMARY_LINES);
      say(
        `What ${game.opponentSpec} did since your last decision${skipped > 0 ? ` (the last ${SUMMARY_LINES} of ${aiLines.length} lines; log shows all)` : ''}:`,
      );
      for (const l of aiLines.slice(skipped)) say(l);
      lastAi = aiLines;
      aiLines = [];
    }
    for (const l of infoText()) say(l);
    listActions(game.legal());
  };

  say(
    `${game.scenario.id} — you play ${sideName(game.human)} against ${game.opponentSpec} (${sideName(game.opponentSide)}); seed ${game.seed} (the same deal again: --seed ${game.seed}). ` +
      'Type help at any prompt for the commands.',
  );

  try {
    let fresh = true;
    for (;;) {
      if (game.current() === null) {
        const result = game.finish();
        const m = mapText();
        if (m !== null) say(m);
        say(
          `Result: ${result.winner === null ? 'a draw' : `${sideName(result.winner)} win`} — ${result.reason}. ${result.decisions} decisions.`,
        );
        if (save(opts.out)) say(`The game's record: ${opts.out} (check it with replay --verify; watch it with render).`);
        return { end: 'over', result, saved };
      }
      if (!game.humanToDecide()) {
        const before = game.state;
        agentTurn = true;
        try {
          await game.agentStep((m) => {
            tell(`  ${sideName(m.side)} (${game.opponentSpec}): ${m.words}`);
            if (m.explanation) for (const l of explanationLines(game, before, m.explanation)) tell(l);
          });
        } finally {
          agentTurn = false;
        }
        dirty = true;
        fresh = true;
        continue;
      }
      if (fresh) showDecision(showMap);
      fresh = false;
      const legal = game.legal();
      const line = await reader.ask(`${sideName(game.human)} [1-${legal.length}]> `);
      if (line === null) {
        say('');
        const why = reader.interrupted ? 'Interrupted (Ctrl-C)' : 'Input ended';
        if (dirty && save(opts.out)) say(`${why}: the game so far is saved in ${opts.out}; continue it with play --resume ${opts.out}`);
        else say(`${why}.`);
        return { end: 'eof', result: null, saved };
      }
      const text = line.trim();
      const words = text.split(/\s+/);
      const cmd = words[0].toLowerCase();
      const n = legal.length;
      if (text === '') {
        say(`Type the number of an action (1–${n}), or help.`);
        continue;
      }
      if (NUMBER.test(text)) {
        const k = Number(text);
        if (!Number.isInteger(k) || k < 1 || k > n) {
          say(`There is no action ${text}: choose a number from 1 to ${n}.`);
          continue;
        }
        const a = legal[k - 1];
        say(`  You: ${describe(a)}`);
        const why = game.submitHuman(a);
        if (why !== null) say(`Not allowed: ${why}.`);
        else {
          followOrders();
          dirty = true;
          fresh = true;
        }
        continue;
      }
      const xy = COORDS.exec(text);
      if (xy) {
        const x = Number(xy[1]);
        const y = Number(xy[2]);
        const a = view?.exactMove ? view.exactMove(game.state, x, y) : null;
        if (a === null) {
          say(`Exact coordinates are not taken at this decision: choose a number from 1 to ${n}.`);
          continue;
        }
        const why = game.check(a);
        if (why !== null) {
          say(`Cannot move there: ${why}.`);
          continue;
        }
        say(`  You: ${describe(a)}`);
        const err = game.submitHuman(a);
        if (err !== null) say(`Not allowed: ${err}.`);
        else {
          followOrders();
          dirty = true;
          fresh = true;
        }
        continue;
      }
      switch (cmd) {
        case 'help':
        case '?':
        case 'h':
          say(HELP(opts.out, game.scenario.ruleset.traits.units, hasBandOrders));
          continue;
        case 'orders': {
          if (!hasBandOrders) {
            say('This rule system has no band orders: you decide every figure’s action.');
            continue;
          }
          const want = (words[1] ?? '').toLowerCase();
          if (want !== 'band' && want !== 'figure') {
            say(`Orders are ${orders === 'band' ? 'by band' : 'by figure'}: type orders band or orders figure.`);
            continue;
          }
          orders = want;
          say(
            want === 'band'
              ? 'Band orders: one decision moves a band; its figures act by the rules’ policy.'
              : 'Figure orders: you decide every figure’s action.',
          );
          const before = game.decisions.length;
          followOrders();
          if (game.decisions.length > before) {
            dirty = true;
            fresh = true;
          }
          continue;
        }
        case 'log':
          if (lastAi.length === 0) say('The AI has not played since your last decision.');
          for (const l of lastAi) say(l);
          continue;
        case 'map':
        case 'm': {
          const m = mapText((words[1] ?? '').toLowerCase() === 'full');
          say(m ?? 'This ruleset draws no map.');
          for (const l of infoText()) say(l);
          continue;
        }
        case 'actions':
        case 'list':
        case 'l':
          listActions(legal);
          continue;
        case 'status':
        case 's': {
          let who = words.slice(1).join(' ');
          if (who === '') who = view?.scene(game.state).figures.find((f) => f.current)?.id ?? '';
          if (who === '') {
            say('Which figure? e.g. status P05');
            continue;
          }
          if (!view?.describeFigure) {
            say('This ruleset does not describe single figures.');
            continue;
          }
          say(
            view.describeFigure(game.state, who) ?? `There is no figure "${who}": the map legend and the action list name them (e.g. P05).`,
          );
          continue;
        }
        case 'undo':
        case 'u': {
          let taken = await game.undo();
          if (taken === null) {
            say('Nothing to take back: you have made no decision yet.');
            continue;
          }
          // A band order is taken back whole: back to the decision that gave it. The one named is
          // the last taken back (the player's own order, not the figures' moves that followed it),
          // described in the state it was chosen in — the state the game is back at now.
          while (orders === 'band' && game.delegable() && game.decisions.some((d) => d.human)) {
            const earlier = await game.undo();
            if (earlier === null) break;
            taken = earlier;
          }
          dirty = true;
          say(`Taken back: ${describe(taken)}.`);
          fresh = true;
          continue;
        }
        case 'save': {
          const file = words.length > 1 ? words.slice(1).join(' ') : opts.out;
          if (save(file)) say(`Saved to ${file}; continue it with play --resume ${file}`);
          continue;
        }
        case 'quit':
        case 'exit':
        case 'q': {
          if (dirty) {
            for (;;) {
              const ans = await reader.ask('Save the game before quitting? [y/n] ');
              if (ans === null) {
                const why = reader.interrupted ? 'Interrupted (Ctrl-C)' : 'Input ended';
                if (save(opts.out)) say(`${why}: the game so far is saved in ${opts.out}; continue it with play --resume ${opts.out}`);
                break;
              }
              const a = ans.trim().toLowerCase();
              if (a === 'y' || a === 'yes') {
                if (save(opts.out)) say(`Saved to ${opts.out}; continue it with play --resume ${opts.out}`);
                break;
              }
              if (a === 'n' || a === 'no') break;
              say('Please answer y or n.');
            }
          }
          say('Bye.');
          return { end: 'quit', result: null, saved };
        }
        default:
          say(`Unknown command "${words[0]}": type a number from 1 to ${n}${coordsFigure() ? ', x,y coordinates' : ''}, or help.`);
          continue;
      }
    }
  } catch (e) {
    // Not the person's doing (an agent or rules defect): keep the game so far before giving up.
    if (dirty && save(opts.out)) say(`Something went wrong; the game so far is saved in ${opts.out} (play --resume ${opts.out}).`);
    throw e;
  } finally {
    game.onEvent = null;
    reader.close();
  }
}
