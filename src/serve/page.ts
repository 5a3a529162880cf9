/**
 * The web app's one page: its layout and style. Wide screens: the table with the side panel beside
 * it; 701–1000 px: the table the whole width, the panel a drawer (Panel ☰) and the status in the
 * header; phones (≤ 700 px): the table first, the whole width, the panel below it. The script (src/web/main.ts, bundled) fills it in;
 * the page itself holds no data and names no ruleset.
 */

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:14px/1.4 system-ui,sans-serif;color:#222;background:#f6f1e7;height:100vh;display:flex;flex-direction:column}
header{padding:4px 10px;background:#3e2f22;color:#f6f1e7;display:flex;gap:12px;align-items:baseline}
header b{font-size:16px}
#setup{padding:16px 24px;max-width:760px}
#setup label{display:block;margin:8px 0}
#setup select,#setup input{font:inherit;padding:3px;min-width:320px}
button{font:inherit;padding:3px 9px;margin:2px;cursor:pointer;border:1px solid #8a7354;background:#fffaf0;border-radius:3px}
button:hover{background:#f7e7c4}
button:disabled{opacity:.5;cursor:default}
button.primary{background:#3e2f22;color:#fff}
#game{flex:1;display:flex;min-height:0}
#game[hidden],#setup[hidden]{display:none}
#board{flex:1;min-width:0;display:flex;align-items:center;justify-content:center;padding:4px}
#board svg{width:100%;height:100%;cursor:crosshair}
#board svg .fig{cursor:pointer}
aside{width:400px;overflow-y:auto;padding:6px 10px;border-left:1px solid #c9bc9f;background:#fffaf0}
aside h3{margin:8px 0 4px;font-size:14px}
#status{font-weight:bold;padding:4px;border-radius:3px}
#status.you{background:#d5f5e3}#status.ai{background:#fdebd0}#status.over{background:#d6eaf8}
#actions button,#selected button{display:block;width:100%;text-align:left}
button.suggested{border-color:#1e8449;border-width:2px}
button.suggested::after{content:" ★";color:#1e8449}
#reason{color:#a93226;min-height:1.2em}
.info div{font-size:12px}
.info .words{white-space:pre-wrap}
#log{font-size:12px;list-style:none;padding-left:4px;max-height:260px;overflow-y:auto}
#log li.ai{color:#7e5109}#log li.you{color:#1a5276}#log li.order{color:#555}#log li.undo{color:#a93226;font-style:italic}#log li.note{color:#333;font-weight:bold}
b.die{background:#222;color:#fff;padding:0 3px;border-radius:2px}
#aimove{font-size:12px;white-space:pre-wrap}
.legend span.sw{display:inline-block;width:12px;height:12px;border-radius:50%;vertical-align:middle;margin-right:4px}
.legend div{font-size:12px}.legend .sw.sq{border-radius:2px;border:1px solid}.legend .sw.mk{width:8px;height:8px;background:#6b5b45}
.legend .glyph{display:inline-block;min-width:16px;text-align:center;background:#555;color:#fff;border-radius:50%;font-size:11px}
.legend .terrain div{margin-left:8px}
.ov-mark{cursor:pointer}
.ov-mark circle{fill:#fff;fill-opacity:.8;stroke:#1a5276;stroke-width:.15}
.ov-mark.suggested circle{stroke:#1e8449;stroke-width:.3}
.ov-mark text{font:bold .8px sans-serif;text-anchor:middle;fill:#1a5276;pointer-events:none}
.ov-mark.dim,.ov-ctl.dim{opacity:.35}
.ov-ctl{cursor:pointer}
.ov-ctl rect{fill:#fffaf0;fill-opacity:.93;stroke:#1a5276;stroke-width:1.5px;vector-effect:non-scaling-stroke}
.ov-ctl.enemy rect{stroke:#c0392b;fill:#fdedec}
.ov-ctl.side rect{stroke:#7d3c98;fill:#f5eef8}
.ov-ctl.suggested rect{stroke:#1e8449;stroke-width:3px}
.ov-ctl text{font-family:system-ui,sans-serif;fill:#1b2631;pointer-events:none}
.ov-ctl.suggested text{font-weight:bold}
.ov-lead{stroke:#1a5276;stroke-width:1px;vector-effect:non-scaling-stroke;fill:#1a5276;pointer-events:none}
.ov-strip{font-family:system-ui,sans-serif;font-weight:bold;fill:#7d3c98;pointer-events:none}
.ov-ring{fill:none;stroke-width:.12;pointer-events:none}
.ov-ring.move{stroke:#2471a3}.ov-ring.charge{stroke:#c0392b;stroke-dasharray:.4 .25}.ov-ring.range{stroke:#1e8449;stroke-dasharray:.15 .2}
.ov-ring.other{stroke:#7d3c98}
.ov-sight{stroke:#1e8449;stroke-width:.1;stroke-dasharray:.3 .2;pointer-events:none}
.ov-sel{fill:none;stroke:#8e44ad;stroke-width:.3;pointer-events:none}
.ov-target{fill:none;stroke:#e74c3c;stroke-width:.25;pointer-events:none}
.bandtag{font-family:system-ui,sans-serif;font-weight:bold;paint-order:stroke;stroke:#fffaf0;filter:brightness(.7);pointer-events:none}
#ov-ai *{pointer-events:none;vector-effect:non-scaling-stroke}
#ov-ai .ai-old{opacity:.45}
.ai-path{fill:none;stroke:#1b2631;stroke-width:2px;stroke-dasharray:6 3}
.ai-path.ai-charge{stroke:#c0392b;stroke-width:3px;stroke-dasharray:none}
.ai-path.ai-run,.ai-path.ai-pushed{stroke:#7f8c8d;stroke-dasharray:2 3}
.ai-start{fill:#fff;stroke-dasharray:none}
.ai-head{stroke:none;fill:#1b2631}.ai-head.ai-charge,.ai-head.ai-melee{fill:#c0392b}.ai-head.ai-run,.ai-head.ai-pushed{fill:#7f8c8d}.ai-head.ai-shot{fill:#d35400}
.ai-shot{stroke:#d35400;stroke-width:2px;stroke-dasharray:7 4}
.ai-melee{stroke:#c0392b;stroke-width:4px;stroke-linecap:round}
.ai-result{font-family:system-ui,sans-serif;font-weight:bold;text-anchor:middle;fill:#1b2631;paint-order:stroke;stroke:#fff;stroke-width:3px}
.ai-result.ai-hit{fill:#922b21}
header #help-open{margin-left:auto;background:#f6f1e7;color:#222}
.briefing{border:1px solid #c9bc9f;background:#fffaf0;padding:4px 12px;margin:8px 0;border-radius:3px}
.briefing h3{margin:6px 0}.briefing ul{margin:2px 0 6px}.brief{white-space:pre-wrap}
#help{position:fixed;inset:0;background:rgba(0,0,0,.45);display:flex;align-items:flex-start;justify-content:center;z-index:10;overflow-y:auto}
#help[hidden]{display:none}
#help .sheet{background:#fffaf0;max-width:820px;width:100%;margin:24px 8px;padding:8px 18px 18px;border-radius:4px}
#help-close{float:right}
#help dt{font-weight:bold}#help dd{margin:0 0 6px 16px}
abbr.gl{text-decoration:underline dotted;cursor:help}
#zoom{position:absolute;right:6px;top:6px;display:flex;flex-direction:column;z-index:2}
#zoom button{width:34px;height:30px;padding:0;margin:1px;font-weight:bold}
#tablewrap{position:relative;flex:1;min-width:0;display:flex}
#board svg.panning{cursor:grabbing}
#zoom button.active{background:#1a5276;color:#fff}
body.measuring #board svg,body.measuring #board svg .fig{cursor:crosshair}
body.measuring #board svg{touch-action:none}
#measure-out{position:absolute;left:6px;bottom:6px;z-index:2;max-width:min(520px,90%);background:#fffaf0;border:1px solid #1a5276;border-radius:4px;padding:4px 8px;font-size:13px;box-shadow:0 1px 4px rgba(0,0,0,.2)}
#measure-out[hidden]{display:none}
.ov-measure line{stroke:#1a5276;stroke-width:2px;stroke-dasharray:6 3;vector-effect:non-scaling-stroke;pointer-events:none}
.ov-measure.clear line{stroke:#1e8449}.ov-measure.blocked line{stroke:#c0392b}
.ov-measure circle{fill:#1a5276;pointer-events:none}
.ov-measure text{font-family:system-ui,sans-serif;font-weight:bold;fill:#1b2631;paint-order:stroke;stroke:#fffaf0;stroke-width:3px;vector-effect:non-scaling-stroke;pointer-events:none}
#standing ul{margin:2px 0 6px;padding-left:18px;font-size:12px}#standing .note{font-size:11px;color:#555;margin:0}
#standing button{padding:0 6px;font-size:11px}
@media (max-width:1100px){aside{width:300px}}
@media (max-width:700px){
body{height:auto;min-height:100vh}
header{flex-wrap:wrap}
#game{flex-direction:column}
#tablewrap{flex:none;width:100%}
#board{padding:2px}
#board svg{height:auto}
aside{width:100%;border-left:none;border-top:1px solid #c9bc9f;overflow-y:visible}
#setup{padding:8px}
#setup select,#setup input{min-width:0;width:100%}
#end{border:2px solid #1a5276;background:#eaf2f8;padding:4px 10px;margin:6px 0;border-radius:4px}
#end[hidden]{display:none}#end h2{margin:4px 0}
table.losses{border-collapse:collapse;font-size:12px;margin:4px 0}table.losses td,table.losses th{border:1px solid #c9bc9f;padding:1px 5px;text-align:right}
#toast{max-width:94%}
#tablewrap{flex-wrap:wrap}
#measure-out{position:static;flex-basis:100%;max-width:none;margin:2px;box-shadow:none}
}
#panel-toggle,#hstatus{display:none}
#hstatus{font-size:12px;padding:1px 6px;border-radius:3px;color:#222}
#hstatus.you{background:#d5f5e3}#hstatus.ai{background:#fdebd0}#hstatus.over{background:#d6eaf8}
@media (max-width:1000px){#hstatus{display:inline-block}#hstatus:empty{display:none}}
@media (min-width:701px) and (max-width:1000px){
#panel-toggle{display:inline-block;margin-left:0}
#panel-toggle[hidden]{display:none}
#game{position:relative;overflow:hidden}
#game aside{position:absolute;right:0;top:0;bottom:0;width:min(360px,88vw);z-index:5;box-shadow:-4px 0 14px rgba(0,0,0,.3);transform:translateX(105%)}
body.panel-open #game aside{transform:none}
}
#toast{position:fixed;bottom:10px;left:10px;background:#3e2f22;color:#fff;padding:6px 10px;border-radius:4px;display:none;max-width:60%}
`;

/**
 * The page (the same for every game; the script reads the game id from the address's #fragment).
 * `workshop`: the server has the scenario workshop (`serve --scenarios DIR`), so the header links to it.
 */
export function pageHtml(workshop = false): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>skirmish — play</title><style>${STYLE}</style></head>
<body data-state="loading">
<header><b>skirmish</b><span id="hstatus"></span><span id="caption"></span>${workshop ? '<a id="workshop-link" href="/workshop" style="color:#f6f1e7">Scenario workshop</a>' : ''}<button id="help-open" hidden>Briefing &amp; rules</button><button id="panel-toggle" hidden aria-expanded="false" title="the side panel: actions, game controls, AI, state, legend, story">Panel ☰</button></header>
<section id="setup" hidden>
  <h2>Play against the AI</h2>
  <label>Scenario <select id="scenario"></select></label>
  <label>Your side <select id="side"></select></label>
  <label>Opponent <select id="opponent"></select></label>
  <label>Orders <select id="orders"><option value="band">band orders — one decision moves a band (figures act by the rules’ policy)</option><option value="figure">each figure — you decide every figure’s action</option></select></label>
  <label>Seed <input id="seed" inputmode="numeric" placeholder="empty: a random deal"></label>
  <div id="briefing" class="briefing"></div>
  <button id="rules-open">The rules in brief</button>
  <button id="start" class="primary">Start the game</button>
  <h3>Saved games</h3><div id="saves"></div>
  <h3>Open games</h3><div id="games"></div>
</section>
<main id="game" hidden>
  <div id="tablewrap"><div id="board"></div>
  <div id="zoom"><button id="zoom-in" title="zoom in (or the mouse wheel; drag to pan)">+</button><button id="zoom-out" title="zoom out">−</button><button id="zoom-fit" title="the whole table">⤢</button><button id="measure" title="measure and check line of sight (m): drag from a figure or point to another" aria-pressed="false">↔</button></div>
  <div id="measure-out" hidden></div></div>
  <aside>
    <div id="status"></div>
    <div id="end" hidden><div id="end-body"></div><button id="again" class="primary">Play again</button><button id="swap">Swap sides</button><a id="end-replay" href="#" target="_blank" rel="noopener">Watch the replay</a></div>
    <div id="reason"></div>
    <div id="decide"><h3>Your actions (★ the rules’ suggestion)</h3><div id="actions"></div></div>
    <div id="standing"></div>
    <div id="selected"></div>
    <h3>Game</h3>
    <div id="controls">
      <label>Orders <select id="mode"><option value="band">band orders</option><option value="figure">each figure</option></select></label>
      <label>AI speed <select id="speed"><option value="1500">slow</option><option value="600" selected>normal</option><option value="150">fast</option><option value="0">instant</option></select></label>
      <button id="pause">Pause AI</button><br>
      <button id="undo">Undo</button><button id="resign">Resign</button><button id="new">New game</button><br>
      <input id="savename" size="14" value="my-game"><button id="save">Save</button>
      <a id="download" href="#" download>Download record</a> · <a id="replay" href="#" target="_blank" rel="noopener">Replay viewer</a>
    </div>
    <h3>AI</h3><div id="aimove">—</div>
    <h3>State</h3><div id="info" class="info"></div>
    <h3>Legend</h3><div id="legend" class="legend"></div>
    <h3>Story</h3><ol id="log"></ol>
  </aside>
</main>
<div id="help" hidden><div class="sheet"><button id="help-close">Close ✕</button><div id="help-body"></div></div></div>
<div id="toast"></div>
<script src="/app.js"></script>
</body></html>`;
}
