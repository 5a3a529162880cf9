/**
 * The scenario workshop's page (issue 44; `serve --scenarios DIR`, path `/workshop`): its layout
 * and style. The table fills the left; the side panel holds the file controls (open, save,
 * download, undo/redo), the drawing tools, the problems of the live check, the JSON editor of the
 * fields without a place on the table, and `#ws-balance`, where other panels mount
 * (src/web/workshop/panels.ts). The script (src/web/workshop/main.ts, bundled as /workshop.js)
 * fills it in; the page names no ruleset.
 */

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:14px/1.4 system-ui,sans-serif;color:#222;background:#f6f1e7;height:100vh;display:flex;flex-direction:column}
header{padding:4px 10px;background:#3e2f22;color:#f6f1e7;display:flex;gap:12px;align-items:baseline}
header b{font-size:16px}header a{color:#f6f1e7}
header #ws-title{font-style:italic}
button{font:inherit;padding:2px 8px;margin:2px;cursor:pointer;border:1px solid #8a7354;background:#fffaf0;border-radius:3px}
button:hover{background:#f7e7c4}button:disabled{opacity:.5;cursor:default}
button.primary{background:#3e2f22;color:#fff}
button.on{background:#1a5276;color:#fff}
select,input,textarea{font:inherit;padding:2px}
#ws-main{flex:1;display:flex;min-height:0}
#ws-table{flex:1;min-width:0;display:flex;align-items:center;justify-content:center;padding:6px}
#ws-table svg{width:100%;height:100%;user-select:none;touch-action:none}
#ws-table svg.tool-terrain,#ws-table svg.tool-figure,#ws-table svg.tool-zone{cursor:crosshair}
aside{width:420px;overflow-y:auto;padding:6px 10px;border-left:1px solid #c9bc9f;background:#fffaf0}
aside h3{margin:10px 0 4px;font-size:14px}
aside label{display:block;margin:3px 0}
aside select{max-width:100%}
#ws-open{width:100%}
#ws-problems{list-style:none;padding-left:0;margin:0;font-size:12px}
#ws-problems li{padding:2px 4px;margin:1px 0;border-radius:2px;cursor:pointer}
#ws-problems li.error{background:#fdedec;color:#922b21}
#ws-problems li.warning{background:#fef5e7;color:#7e5109}
#ws-problems li.ok{background:#d5f5e3;color:#1e8449;cursor:default}
#ws-status{font-size:12px;color:#555;min-height:1.2em}
#ws-json{width:100%;height:160px;font:12px ui-monospace,monospace}
#ws-json.bad{outline:2px solid #c0392b}
#ws-json-err{color:#a93226;font-size:12px}
.ws-hint{font-size:12px;color:#555}
#ws-selected{font-size:12px}
svg .ws-terrain{stroke:#5d4e37;fill-opacity:.55;cursor:move}
svg .ws-terrain.line{stroke-opacity:.9}
svg .ws-zone{fill-opacity:.18;cursor:move}
svg .ws-zone.point{fill-opacity:.8}
svg .ws-fig{stroke:#1b2631;cursor:move}
svg .ws-label{font-family:system-ui,sans-serif;fill:#1b2631;pointer-events:none;paint-order:stroke;stroke:#fffaf0}
svg .ws-sel{stroke:#8e44ad !important;stroke-opacity:1 !important}
svg .ws-vertex{fill:#fff;stroke:#8e44ad;cursor:pointer}
svg .ws-draft{fill:none;stroke:#8e44ad;pointer-events:none}
svg .ws-draft-start{fill:#8e44ad;cursor:pointer}
svg .ws-problem{fill:#e74c3c;fill-opacity:.25;stroke:#c0392b;pointer-events:none}
svg .ws-problem.warning{fill:#f39c12;stroke:#b9770e}
svg .ws-problem-text{font-family:system-ui,sans-serif;font-weight:bold;fill:#922b21;pointer-events:none;paint-order:stroke;stroke:#fff}
svg .ws-inherited{opacity:.45;pointer-events:none}
svg .ws-ghost{opacity:.45;stroke:#1b2631}
svg .ws-ground{fill:#e8dfc8;stroke:#3e2f22}
#ws-preview-box{position:fixed;inset:0;background:rgba(0,0,0,.45);display:flex;align-items:flex-start;justify-content:center;z-index:10;overflow-y:auto}
#ws-preview-box[hidden]{display:none}
#ws-preview-box .sheet{background:#fffaf0;max-width:1100px;width:100%;margin:24px 8px;padding:8px 18px 18px;border-radius:4px}
#ws-preview-box svg{width:100%;height:auto;max-height:80vh}
#ws-preview-close{float:right}
#toast{position:fixed;bottom:10px;left:10px;background:#3e2f22;color:#fff;padding:6px 10px;border-radius:4px;display:none;max-width:60%}
@media (max-width:800px){#ws-main{flex-direction:column}aside{width:100%;border-left:none}#ws-table svg{height:auto}body{height:auto}}
`;

/** The workshop page (the same for every scenario; the script loads the list and the documents). */
export function workshopPageHtml(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>skirmish — scenario workshop</title><style>${STYLE}</style></head>
<body data-state="loading">
<header><b>skirmish — scenario workshop</b><span id="ws-title"></span><a href="/">play</a></header>
<main id="ws-main">
  <div id="ws-table"></div>
  <aside>
    <h3>Scenario</h3>
    <label>Open <select id="ws-open"></select></label>
    <button id="ws-open-go">Open</button>
    <div>
      <button id="ws-undo" title="Ctrl+Z">Undo</button><button id="ws-redo" title="Ctrl+Y">Redo</button>
      <input id="ws-name" size="20" placeholder="my-scenario.json"><button id="ws-save" class="primary">Save</button>
      <button id="ws-download">Download</button>
      <button id="ws-preview" title="the table as the ruleset sets it up (as render --scenario draws it)">Setup preview</button>
    </div>
    <div id="ws-status"></div>
    <h3>Draw</h3>
    <div id="ws-tools">
      <button data-tool="select" class="on" title="click to select; drag to move a piece, a vertex or a figure">Select / move</button>
      <button data-tool="terrain" title="click the vertices; close on the first vertex, by double-click or Enter">Terrain</button>
      <button data-tool="figure" title="click to place a figure">Figure</button>
      <button data-tool="zone" title="objectives, deployment zones, exits: click to place (a polygon: click its vertices)">Zone</button>
      <button id="ws-delete" title="Delete the selected piece (Delete key)">Delete</button>
    </div>
    <div id="ws-tool-opts"></div>
    <div id="ws-selected"></div>
    <h3>Problems</h3>
    <ul id="ws-problems"></ul>
    <h3>Other fields</h3>
    <label>Field <select id="ws-field"></select></label>
    <textarea id="ws-json" spellcheck="false"></textarea>
    <div><button id="ws-json-apply">Apply</button><span id="ws-json-err"></span></div>
    <section id="ws-balance"></section>
  </aside>
</main>
<div id="ws-preview-box" hidden><div class="sheet"><button id="ws-preview-close">Close ✕</button><div id="ws-preview-body"></div></div></div>
<div id="toast"></div>
<script src="/workshop.js"></script>
</body></html>`;
}
