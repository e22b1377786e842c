/** The site's one stylesheet: plain, readable, light and dark. */
export const SITE_CSS = `:root { color-scheme: light dark; --fg: #1f2328; --bg: #fff; --muted: #656d76; --line: #d0d7de; --link: #0969da; --broken: #cf222e; --hot: #bf8700; --mark: #fff8c5; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6edf3; --bg: #0d1117; --muted: #8d96a0; --line: #30363d; --link: #4493f8; --broken: #f85149; --hot: #d29922; --mark: #4d3800; } }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.55 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--fg); background: var(--bg); }
a { color: var(--link); }
header.top { display: flex; gap: 1rem; align-items: center; flex-wrap: wrap; padding: .6rem 1.2rem; border-bottom: 1px solid var(--line); position: sticky; top: 0; background: var(--bg); z-index: 10; }
header.top .brand { font-weight: 600; text-decoration: none; color: var(--fg); }
header.top nav a { margin-right: .6rem; }
form.search { position: relative; margin-left: auto; }
#search { width: 22rem; max-width: 70vw; padding: .35rem .6rem; border: 1px solid var(--line); border-radius: 6px; background: var(--bg); color: var(--fg); }
#search-results { position: absolute; right: 0; top: 2.4rem; width: 32rem; max-width: 90vw; max-height: 70vh; overflow: auto; margin: 0; padding: .4rem .4rem .4rem 2rem; background: var(--bg); border: 1px solid var(--line); border-radius: 6px; box-shadow: 0 8px 24px rgba(0,0,0,.15); }
#search-results li { margin: .3rem 0; }
#search-results .snippet { display: block; color: var(--muted); font-size: .9em; }
main { max-width: 60rem; margin: 0 auto; padding: 1rem 1.2rem 3rem; }
.meta, .status, time { color: var(--muted); }
.status { font-size: .85em; border: 1px solid var(--line); border-radius: 999px; padding: 0 .45rem; }
.tag { text-decoration: none; margin-right: .3rem; }
a.broken, span.broken { color: var(--broken); text-decoration: line-through wavy; cursor: not-allowed; }
mark { background: var(--mark); color: inherit; }
.superseded { padding: .5rem .8rem; border-left: 4px solid var(--hot); background: var(--mark); }
.body pre { overflow: auto; padding: .6rem; border: 1px solid var(--line); border-radius: 6px; }
.body code, code { font: .9em ui-monospace, SFMono-Regular, Menlo, monospace; }
.backlinks li, .history li { margin: .35rem 0; }
.graph { width: 100%; height: 70vh; border: 1px solid var(--line); border-radius: 6px; }
.graph.small { height: 22rem; }
.legend .mark { display: inline-block; margin-right: .8rem; padding-left: 1.1rem; position: relative; }
.legend .mark::before { content: ""; position: absolute; left: 0; top: .3em; width: .8rem; height: .8rem; border-radius: 50%; background: #9aa0a6; }
.legend .hot::before { border: 3px solid var(--hot); }
.legend .orphan::before { border: 2px dashed var(--fg); background: transparent; }
.legend .has-broken::before { border: 3px solid var(--broken); }
.legend .missing::before { background: var(--broken); border-radius: 0; }
.controls input { padding: .3rem .5rem; width: 20rem; max-width: 60vw; }
`;
