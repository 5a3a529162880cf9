import { loadScenario } from '../src/rules/index.js';
import { gameStream, streamFromString, randInt } from '../src/core/rng.js';
import { pigScores, type PigState } from '../src/rules/pig-wars/index.js';
import { carrying } from '../src/rules/pig-wars/engine.js';
const id = process.argv[2] ?? 'kershner-supply-raid';
const seed = Number(process.argv[3] ?? 2);
const L = loadScenario(id);
const r = L.ruleset;
const rng = gameStream(seed);
const pick = streamFromString('p' + seed);
const watch = process.argv[4];
const emit = (e: any) => { if (watch && (e.f === watch || e.a === watch || e.b === watch || e.target === watch)) console.log(s0.turn, JSON.stringify(e).slice(0, 400)); };
let s0: any = { turn: 0 };
const s = r.setup(L.compiled, { rng, emit }) as PigState;
s0 = s;
const raiders = s.sc.sides[s.sc.raiders].id;
let lastTurn = 0;
while (!r.isTerminal(s)) {
  const legal = r.legalActions(s);
  const side = r.currentSide(s);
  let a;
  if (side === raiders) {
    const sc = pigScores(s, legal);
    let b = 0;
    for (let i = 1; i < sc.length; i++) if (sc[i] > sc[b]) b = i;
    a = legal[b];
  } else a = legal[randInt(pick, legal.length)];
  r.apply(s, a, { rng, emit });
  if (s.turn !== lastTurn && s.turn % 3 === 0) {
    lastTurn = s.turn;
    const c = s.sc.sides[s.sc.raiders].figures.filter((f) => carrying(s, f)).map((f) => `${s.sc.figures[f].id}@${s.x[f].toFixed(0)},${s.y[f].toFixed(0)}${s.status[f] ? '!' + s.status[f] : ''}`);
    const act = s.sc.sides[s.sc.raiders].figures.filter((f) => s.status[f] === 0).length;
    console.log(`turn ${s.turn} landed ${s.landed} active ${act} carriers ${c.join(' ')}`);
  }
}
console.log(JSON.stringify(r.outcome(s)));
