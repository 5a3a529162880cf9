/**
 * A recorded game as one self-contained HTML file: the table as SVG, buttons, a slider and the
 * arrow keys to step through the decisions, the step's decision (with the agent's reasons when
 * recorded) and its events with the dice in bold, and the whole event log beside it with the
 * current step's lines highlighted. Nothing is loaded from anywhere: the frames are embedded as
 * JSON and a few lines of plain JavaScript set each figure's attributes (a Content-Security-Policy
 * forbids any request).
 *
 * Frames are stored as changes: for each step, only the figures whose look changed.
 */
import { esc, figureLook, sceneToSvg, trailsBetween, type FigureLook, type Trail } from './svg.js';
import type { RecordFrames } from './frames.js';

/** A figure's look as stored in the player: index, x, y, class, band, badge, title. */
type LookRow = [number, number, number, string, string, string, string];

/** The data the player reads (embedded as JSON). */
export interface PlayerData {
  title: string;
  subtitle: string;
  figs: string[];
  frames: {
    step: number;
    /** Figures whose look changed since the previous frame (all of them in frame 0). */
    d: LookRow[];
    cap: string;
    info: [string, string][];
    side: string | null;
    action: string;
    why: string[];
    log: [number, number];
    tr: Trail[];
  }[];
  /** step, kind, text */
  log: [number, string, string][];
}

function same(a: FigureLook, b: FigureLook): boolean {
  return a.cls === b.cls && a.x === b.x && a.y === b.y && a.band === b.band && a.badge === b.badge && a.title === b.title;
}

/** The player's data for a record's frames. */
export function playerData(rf: RecordFrames): PlayerData {
  const figs = rf.frames[0].scene.figures.map((f) => f.id);
  let prev: FigureLook[] | null = null;
  const frames: PlayerData['frames'] = rf.frames.map((fr, k) => {
    const looks = fr.scene.figures.map((f) => figureLook(fr.scene, f));
    const d: LookRow[] = [];
    looks.forEach((l, i) => {
      if (!prev || !same(prev[i], l)) d.push([i, l.x, l.y, l.cls, l.band, l.badge, l.title]);
    });
    prev = looks;
    return {
      step: fr.step,
      d,
      cap: fr.scene.caption,
      info: fr.scene.info.map((i) => [i.label, i.value] as [string, string]),
      side: fr.side,
      action: fr.action,
      why: fr.why,
      log: fr.log,
      tr: trailsBetween(k > 0 ? rf.frames[k - 1].scene : null, fr.scene),
    };
  });
  const agents = Object.entries(rf.agents)
    .map(([s, a]) => `${s}: ${a}`)
    .join(', ');
  return {
    title: rf.title,
    subtitle: `${rf.scenario} · seed ${rf.seed} · ${agents}${rf.result ? ` · result: ${rf.result}` : ' · unfinished'}`,
    figs,
    frames,
    log: rf.log.map((l) => [l.step, l.kind, l.text]),
  };
}

const CSS = `
*{box-sizing:border-box}
body{margin:0;font:14px/1.35 system-ui,sans-serif;color:#222;background:#f7f4ee;display:flex;flex-direction:column;height:100vh}
header{padding:6px 12px;background:#3e2f22;color:#f7f4ee}
header h1{font-size:17px;margin:0}
header p{margin:2px 0 0;font-size:12px;opacity:.85}
main{flex:1;display:flex;min-height:0}
#board{flex:0 0 auto;padding:8px;overflow:auto}
#board svg{display:block;height:calc(100vh - 130px);width:auto;max-width:62vw}
aside{flex:1;display:flex;flex-direction:column;min-width:300px;border-left:1px solid #d5cbb8;min-height:0}
#caption{font-weight:600;padding:8px 10px 2px}
#info{margin:0;padding:2px 10px 6px;font-size:12px}
#info div{margin:1px 0}#info b{font-weight:600}
#now{padding:6px 10px;background:#fff8e1;border-top:1px solid #e6d9b5;border-bottom:1px solid #e6d9b5;font-size:14px;max-height:32vh;overflow:auto}
#now .act{font-weight:600}
#now .why{color:#555;font-size:12px;margin-left:1em}
#now ul{margin:4px 0 0;padding-left:1.2em}
#log{flex:1;overflow:auto;margin:0;padding:4px 10px 4px 4.2em;font:12px/1.4 ui-monospace,monospace;min-height:0}
#log li{color:#666;white-space:pre-wrap}
#log li.k-decision{color:#2c3e50}
#log li.k-turn{color:#000;font-weight:700;margin-top:4px}
#log li.k-attack,#log li.k-morale,#log li.k-moveRoll{color:#333}
#log li.now{background:#ffe082;color:#000}
b.die{color:#922b21}
footer{display:flex;gap:6px;align-items:center;padding:6px 10px;border-top:1px solid #d5cbb8;background:#efe6d2}
footer button{font-size:14px;padding:3px 8px}
#slider{flex:1}
#step-label{min-width:14em;text-align:right;font-variant-numeric:tabular-nums}
#legend{margin:0;padding:4px 10px 6px;font-size:12px;color:#444;border-top:1px solid #e6d9b5}
#legend span{display:inline-block;margin-right:1em}
#legend i{display:inline-block;width:.9em;height:.9em;border-radius:50%;vertical-align:-1px;margin-right:3px;border:2px solid transparent}
#legend code{font-weight:700;color:#000}
`;

/** The player script: reads the embedded data, draws a frame by setting attributes. */
const JS = `
(function(){
  'use strict';
  var data = JSON.parse(document.getElementById('data').textContent);
  var N = data.frames.length;
  var svgNS = 'http://www.w3.org/2000/svg';
  var figs = data.figs.map(function(id){ return document.getElementById('f-' + id); });
  // Full looks per frame, built once from the changes.
  var looks = [];
  var cur = [];
  for (var k = 0; k < N; k++) {
    cur = cur.slice();
    data.frames[k].d.forEach(function(r){ cur[r[0]] = r; });
    looks.push(cur);
  }
  var shown = figs.map(function(){ return null; });
  var logEl = document.getElementById('log');
  var items = data.log.map(function(l){
    var li = document.createElement('li');
    li.className = 'k-' + l[1];
    li.dataset.step = String(l[0]);
    li.innerHTML = dice(l[2]);
    logEl.appendChild(li);
    return li;
  });
  function esc(s){ return s.replace(/&/g,'&amp;').replace(/</g,'&lt;').replace(/>/g,'&gt;'); }
  function dice(s){
    return esc(s).replace(/\\bd(4|6|8|10|12|20)\\b/g, '<b class="die">d$1</b>').replace(/\\b(rolls?) (\\d+(?:, \\d+)*)/g, '$1 <b class="die">$2</b>');
  }
  var slider = document.getElementById('slider');
  slider.max = String(N - 1);
  var step = -1;
  var lit = [];
  function go(k){
    k = Math.max(0, Math.min(N - 1, k|0));
    var L = looks[k];
    for (var i = 0; i < figs.length; i++) {
      var r = L[i];
      if (shown[i] === r || !figs[i]) continue;
      var g = figs[i];
      g.setAttribute('transform', 'translate(' + r[1] + ' ' + r[2] + ')');
      g.setAttribute('class', r[3]);
      g.querySelector('.band').textContent = r[4];
      g.querySelector('.badge').textContent = r[5];
      g.querySelector('title').textContent = r[6];
      shown[i] = r;
    }
    var f = data.frames[k];
    var tr = document.getElementById('trails');
    while (tr.firstChild) tr.removeChild(tr.firstChild);
    f.tr.forEach(function(t){
      var l = document.createElementNS(svgNS, 'line');
      l.setAttribute('class', 'trail tr' + t[4]);
      l.setAttribute('x1', t[0]); l.setAttribute('y1', t[1]); l.setAttribute('x2', t[2]); l.setAttribute('y2', t[3]);
      tr.appendChild(l);
    });
    document.getElementById('caption').textContent = f.cap;
    var info = document.getElementById('info');
    info.innerHTML = f.info.map(function(p){ return '<div><b>' + esc(p[0]) + ':</b> ' + esc(p[1]) + '</div>'; }).join('');
    var now = document.getElementById('now');
    var h = f.step === 0 ? '<div class="act">Setup</div>' : '<div class="act">Decision ' + f.step + ' — ' + esc(f.side || '') + ': ' + esc(f.action) + '</div>';
    if (f.why.length) h += f.why.map(function(w){ return '<div class="why">' + esc(w) + '</div>'; }).join('');
    var evs = [];
    for (var j = f.log[0]; j < f.log[1]; j++) if (data.log[j][1] !== 'decision') evs.push('<li>' + dice(data.log[j][2]) + '</li>');
    h += evs.length ? '<ul>' + evs.join('') + '</ul>' : '';
    now.innerHTML = h;
    if (history.replaceState) history.replaceState(null, '', '#step=' + f.step); // a link to this step
    lit.forEach(function(li){ li.classList.remove('now'); });
    lit = items.slice(f.log[0], f.log[1]);
    lit.forEach(function(li){ li.classList.add('now'); });
    var first = lit.length ? lit[0] : null;
    if (!first) { for (var q = f.log[0]; q < items.length; q++) { first = items[q]; break; } }
    if (first) logEl.scrollTop = Math.max(0, first.offsetTop - logEl.offsetTop - logEl.clientHeight / 3);
    slider.value = String(k);
    document.getElementById('step-label').textContent = 'Step ' + k + ' of ' + (N - 1) + (f.step === 0 ? ' (setup)' : ' — decision ' + f.step);
    step = k;
    document.body.dataset.step = String(k);
  }
  function turnStart(k, dir){
    // The next (dir 1) or previous (dir -1) step whose events begin a turn.
    for (var s = k + dir; s >= 0 && s < N; s += dir) {
      var f = data.frames[s];
      for (var j = f.log[0]; j < f.log[1]; j++) if (data.log[j][1] === 'turn') return s;
    }
    return dir > 0 ? N - 1 : 0;
  }
  var timer = null;
  function play(on){
    var b = document.getElementById('btn-play');
    if (timer) { clearInterval(timer); timer = null; }
    if (on) timer = setInterval(function(){ if (step >= N - 1) play(false); else go(step + 1); }, 300);
    b.textContent = timer ? 'Pause' : 'Play';
  }
  document.getElementById('btn-first').onclick = function(){ go(0); };
  document.getElementById('btn-prev-turn').onclick = function(){ go(turnStart(step, -1)); };
  document.getElementById('btn-prev').onclick = function(){ go(step - 1); };
  document.getElementById('btn-next').onclick = function(){ go(step + 1); };
  document.getElementById('btn-next-turn').onclick = function(){ go(turnStart(step, 1)); };
  document.getElementById('btn-last').onclick = function(){ go(N - 1); };
  document.getElementById('btn-play').onclick = function(){ play(!timer); };
  slider.oninput = function(){ go(Number(slider.value)); };
  items.forEach(function(li){ li.onclick = function(){ go(Number(li.dataset.step)); }; });
  document.addEventListener('keydown', function(e){
    if (e.target === slider) return;
    if (e.key === 'ArrowRight') go(step + 1);
    else if (e.key === 'ArrowLeft') go(step - 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(N - 1);
    else if (e.key === 'PageDown') go(turnStart(step, 1));
    else if (e.key === 'PageUp') go(turnStart(step, -1));
    else return;
    e.preventDefault();
  });
  var m = /^#step=(\\d+)$/.exec(location.hash);
  go(m ? Number(m[1]) : 0);
})();
`;

/**
 * The legend of the player: the sides' colours, the kinds of figure (glyphs), the rings (acting
 * band, deciding figure), numbers (bands), crosses (the dead), dashed lines (moves), and every badge the ruleset draws beside
 * figures with its meaning (from the scene's `badges`).
 */
export function legendHtml(rf: RecordFrames): string {
  const scene = rf.frames[0].scene;
  const sides = scene.sides.map((s) => `<span><i style="background:${esc(s.colour)}"></i>${esc(s.name)}</span>`);
  // The kinds of figure drawn, each once: its glyph on the base and its words (when the ruleset gives them).
  const kinds = new Map<string, string>();
  for (const f of scene.figures) if (f.kind && f.glyph && !kinds.has(f.kind)) kinds.set(f.kind, f.glyph);
  const kindMarks = [...kinds].map(([k, g]) => `<span><b>${esc(g)}</b> ${esc(k)}</span>`);
  const marks = [
    ...kindMarks,
    kinds.size > 0 ? '<span><small>1</small> the band (small, under the base)</span>' : '<span><b>1</b> the band</span>',
    '<span><i style="border-color:#f1c40f"></i>ring: the acting band</span>',
    '<span><i style="border-color:#e67e22"></i>thick orange ring: the figure deciding</span>',
    '<span>grey with a cross: dead</span>',
    '<span>dashed base: running away</span>',
    "<span>dashed lines: this step's moves</span>",
  ];
  const badges = (scene.badges ?? []).map((b) => `<span><code>${esc(b.mark)}</code> ${esc(b.words)}</span>`);
  return `<div id="legend" aria-label="legend">${[...sides, ...marks, ...badges].join(' ')}<br><span>Link to a step: add <code>#step=N</code> to this page's address (the address follows as you step).</span></div>`;
}

/** The whole HTML page for a record's frames. */
export function framesToHtml(rf: RecordFrames): string {
  const data = playerData(rf);
  const json = JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  const svg = sceneToSvg(rf.frames[0].scene, { legend: false, unit: rf.unit, attrs: 'id="table" role="img" aria-label="the table"' });
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(rf.title)} — ${esc(String(rf.seed))}</title>
<style>${CSS}</style>
</head>
<body>
<header><h1>${esc(rf.title)}</h1><p>${esc(data.subtitle)}</p></header>
<main>
<section id="board">${svg}</section>
<aside>
<div id="caption"></div>
<div id="info"></div>
<div id="now"></div>
${legendHtml(rf)}
<ol id="log"></ol>
</aside>
</main>
<footer>
<button id="btn-first" title="first step (Home)">|◀</button>
<button id="btn-prev-turn" title="previous turn (PageUp)">◀◀ turn</button>
<button id="btn-prev" title="previous step (←)">◀</button>
<button id="btn-play">Play</button>
<button id="btn-next" title="next step (→)">▶</button>
<button id="btn-next-turn" title="next turn (PageDown)">turn ▶▶</button>
<button id="btn-last" title="last step (End)">▶|</button>
<input id="slider" type="range" min="0" max="0" value="0" aria-label="step">
<span id="step-label"></span>
</footer>
<script type="application/json" id="data">${json}</script>
<script>${JS}</script>
</body>
</html>
`;
}

/** One still frame (step `step` of the frames) as a standalone SVG file. */
export function frameToSvg(rf: RecordFrames, step: number): string {
  const k = Math.max(0, Math.min(rf.frames.length - 1, step));
  const fr = rf.frames[k];
  const trails = trailsBetween(k > 0 ? rf.frames[k - 1].scene : null, fr.scene);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${sceneToSvg(fr.scene, { trails, unit: rf.unit })}\n`;
}
