/** The stylesheet of `index.html` (inline; no external fonts or images). */
export const HTML_REPORT_STYLE = `
:root { --fg: #1f2328; --muted: #59636e; --line: #d0d7de; --soft: #f6f8fa; --pass: #1a7f37; --fail: #cf222e; --warn: #9a6700; --accent: #0969da; }
* { box-sizing: border-box; }
body { font: 14px/1.45 system-ui, sans-serif; margin: 0; color: var(--fg); background: #fff; }
header.top { padding: 0.8rem 1.5rem 0; border-bottom: 1px solid var(--line); background: var(--soft); position: sticky; top: 0; z-index: 2; }
header.top h1 { font-size: 1.2rem; margin: 0 0 0.2rem; }
header.top p { margin: 0 0 0.5rem; color: var(--muted); }
nav.tabs { display: flex; gap: 0.2rem; flex-wrap: wrap; }
nav.tabs a { padding: 0.35rem 0.8rem; border: 1px solid transparent; border-bottom: none; border-radius: 6px 6px 0 0; text-decoration: none; color: var(--fg); }
nav.tabs a.active { background: #fff; border-color: var(--line); margin-bottom: -1px; font-weight: 600; }
main { padding: 1rem 1.5rem 3rem; }
section.view[hidden] { display: none; }
h2 { font-size: 1.15rem; margin: 1.2rem 0 0.5rem; } h3 { font-size: 1rem; margin: 1rem 0 0.4rem; }
table { border-collapse: collapse; margin: 0.6rem 0; }
th, td { border: 1px solid var(--line); padding: 0.25rem 0.6rem; text-align: right; vertical-align: top; }
th:first-child, td:first-child, td.text, th.text { text-align: left; }
th { background: var(--soft); text-align: left; }
table.compactions td, table.memory td, table.regressions td, table.improvements td, table.run td, table.flaky td, table.diagnostics td, table.skills td.text { text-align: left; }
ul.lost, ul.problems { margin: 0; padding-left: 1.2rem; }
pre { background: var(--soft); padding: 0.5rem; margin: 0.2rem 0; overflow-x: auto; white-space: pre-wrap; word-break: break-word; font: 12.5px/1.4 ui-monospace, monospace; }
code { font: 12.5px ui-monospace, monospace; }
.passed, .pass { color: var(--pass); } .failed, .errored, .fail { color: var(--fail); } .interrupted, .skipped { color: var(--warn); }
.badge { display: inline-block; padding: 0 0.45rem; border-radius: 9px; font-size: 12px; font-weight: 600; border: 1px solid currentColor; white-space: nowrap; }
.flaky-badge, .fault-badge { color: var(--warn); }
.muted { color: var(--muted); }
.layout { display: grid; grid-template-columns: 250px 1fr; gap: 1.2rem; align-items: start; }
.filters { position: sticky; top: 6rem; max-height: calc(100vh - 7rem); overflow-y: auto; }
.filters input[type=search] { width: 100%; padding: 0.35rem; font: inherit; }
.facet { margin: 0.7rem 0; } .facet h4 { margin: 0 0 0.2rem; font-size: 0.85rem; text-transform: uppercase; color: var(--muted); }
.facet label { display: flex; gap: 0.3rem; align-items: baseline; font-size: 13px; cursor: pointer; }
.facet label span.name { flex: 1; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.facet label span.count { color: var(--muted); font-variant-numeric: tabular-nums; }
.facet button, .pager button, .toolbar button { font: inherit; font-size: 12px; padding: 0.1rem 0.5rem; cursor: pointer; }
table.units { width: 100%; font-size: 13px; } table.units td, table.units th { text-align: left; } table.units td.num { text-align: right; font-variant-numeric: tabular-nums; }
table.units tr:hover td { background: #f0f6ff; }
table.units td:nth-child(2) { min-width: 13rem; overflow-wrap: anywhere; } table.units td:nth-child(3) { min-width: 9rem; } table.units td:nth-child(4) { min-width: 7rem; overflow-wrap: anywhere; }
.layout > div { min-width: 0; overflow-x: auto; }
table.units td.num { white-space: nowrap; }
.pager { display: flex; gap: 0.6rem; align-items: center; margin: 0.4rem 0; }
.unit-head { display: flex; gap: 0.6rem; align-items: center; flex-wrap: wrap; }
.unit-head h2 { margin: 0.4rem 0; }
.meta { color: var(--muted); margin: 0.2rem 0 0.6rem; }
.turn { border: 1px solid var(--line); border-radius: 8px; padding: 0.6rem 0.9rem; margin: 0.9rem 0; }
.turn > h3 { margin-top: 0.2rem; }
.label { font-size: 12px; font-weight: 600; color: var(--muted); text-transform: uppercase; margin-top: 0.5rem; }
.caption { font-size: 13px; font-weight: 600; margin-top: 0.5rem; }
ul.expectations { list-style: none; padding: 0; margin: 0.3rem 0; }
ul.expectations li { padding: 0.3rem 0.5rem; border-left: 3px solid var(--pass); margin: 0.3rem 0; background: #f6fff8; }
ul.expectations li.fail { border-left-color: var(--fail); background: #fff6f6; }
ul.expectations li.pass > details { display: inline-block; margin: 0 0 0 0.6rem; font-size: 13px; }
ul.expectations li.pass > details[open] { display: block; }
.versus { display: grid; grid-template-columns: 1fr 1fr; gap: 0.6rem; }
details { margin: 0.4rem 0; } summary { cursor: pointer; }
.transcript { margin: 0.3rem 0; }
.item { margin: 0.35rem 0; padding: 0.3rem 0.6rem; border-left: 3px solid var(--line); }
.item.user { border-left-color: #8250df; } .item.assistant { border-left-color: var(--accent); }
.call { border: 1px solid var(--line); border-radius: 6px; margin: 0.4rem 0; padding: 0.3rem 0.6rem; background: #fff; }
.call.error { border-color: var(--fail); background: #fff6f6; } .call.blocked { border-color: var(--warn); background: #fffbea; }
.call-head { font-weight: 600; } .call-head code { font-weight: 600; }
.subagent { margin: 0.4rem 0 0.2rem 0.8rem; padding-left: 0.6rem; border-left: 3px dashed #8250df; }
.event { font-size: 13px; margin: 0.25rem 0; padding: 0.15rem 0.6rem; border-left: 3px solid var(--line); color: var(--muted); }
.event .badge { color: var(--muted); }
.event.error { border-left-color: var(--fail); color: var(--fail); } .event.error .badge { color: var(--fail); }
.event.warn { border-left-color: var(--warn); color: #6b4b00; } .event.warn .badge { color: var(--warn); }
.event.good { border-left-color: var(--pass); } .event.good .badge { color: var(--pass); }
.event.info { border-left-color: var(--accent); color: var(--fg); } .event.info .badge { color: var(--accent); }
.prompt-view { display: grid; grid-template-columns: 260px 1fr; gap: 0.8rem; align-items: start; }
.prompt-nav { position: sticky; top: 6rem; font-size: 13px; max-height: 70vh; overflow-y: auto; }
.prompt-nav ol { padding-left: 1.9rem; margin: 0; } .prompt-nav a { text-decoration: none; }
.prompt-section { scroll-margin-top: 7rem; }
.prompt-section h5 { margin: 0.6rem 0 0.1rem; font-size: 13px; }
.diff { font: 12.5px/1.4 ui-monospace, monospace; color: var(--fg); background: var(--soft); padding: 0.4rem 0; overflow-x: auto; }
.diff div { white-space: pre-wrap; padding: 0 0.5rem; }
.diff .add { background: #dafbe1; color: #116329; } .diff .del { background: #ffebe9; color: #a40e26; }
.diff .hunk { background: #ddf4ff; color: #0550ae; } .diff .section-head { font-weight: 700; font-family: system-ui, sans-serif; background: #fff; padding-top: 0.4rem; }
.diff .file { color: var(--muted); }
.charts { display: flex; flex-wrap: wrap; gap: 1rem 2rem; }
svg.rate-chart { font: 12px system-ui, sans-serif; }
svg.rate-chart .title { font-weight: 600; } svg.rate-chart .bar { fill: #9cc7f5; }
svg.rate-chart .interval { stroke: #0a3069; stroke-width: 1.5; } svg.rate-chart .grid { stroke: #e6e8eb; }
svg.rate-chart .tick { fill: var(--muted); font-size: 10px; }
.funnel-stage { display: flex; gap: 0.6rem; align-items: center; margin: 0.2rem 0; }
.funnel-label { width: 90px; } .funnel-bar { display: inline-block; height: 14px; background: #9cc7f5; }
.toolbar { display: flex; gap: 1rem; align-items: center; margin: 0.4rem 0; font-size: 13px; }
`.trim();
