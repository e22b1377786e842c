import { scriptJson } from "./html.js";
import { renderPage } from "./page-layout.js";
import { NODE_FLAGS, type SiteGraph } from "./site-graph.js";
import { SITE_PATHS } from "./site-paths.js";

/**
 * The graph page: the whole link graph, drawn by the page script from data/graph.js. The
 * legend says what the colours and marks mean; the filter narrows a large graph.
 */
export function renderGraphPage(name: string, graph: SiteGraph): string {
  const main = `<h1>Link graph</h1>
<p class="meta">${graph.ids.length} notes, ${graph.edges.length} links, ${graph.groups.length} groups, ${graph.broken.length} broken links. Colours are the communities the analysis finds; click a note to open it, a group to open the group; drag to pan, scroll to zoom.</p>
<p class="legend"><span class="mark hot">hot</span> <span class="mark orphan">orphan</span> <span class="mark has-broken">has a broken link</span> <span class="mark missing">missing note</span></p>
<p class="controls"><input id="graph-filter" type="search" placeholder="Show notes whose title contains…" aria-label="Filter the graph"> <button id="graph-overview" type="button">Overview</button> <span id="graph-status"></span></p>
<div id="graph" class="graph"></div>`;
  const tail = `<script src="${SITE_PATHS.graphData}"></script>
<script src="${SITE_PATHS.graphScript}" defer></script>`;
  return renderPage({ name }, { title: "Link graph", base: "", main, tail });
}

/** data/graph.js: the whole graph for the graph page, as one assignment. */
export function graphDataScript(graph: SiteGraph): string {
  return `window.agentMemorySiteGraph=${scriptJson({ ...graph, flagBits: NODE_FLAGS })};\n`;
}
