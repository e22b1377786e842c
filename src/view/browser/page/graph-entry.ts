/**
 * The graph script of the site's pages: draws the neighbourhood on a note's page and the
 * whole link graph on the graph page with cytoscape (bundled in, so no network). A graph of
 * more than FULL_LIMIT notes is drawn as its groups (the analysis' communities), each opened
 * on a click, or filtered by title: a 10,000-note memory never puts 10,000 nodes on the canvas.
 * Every view is placed by ringLayout (the most linked in the middle) and drawn with
 * cytoscape's `preset` layout: no layout algorithm runs in the page.
 */
import cytoscape, { type Core, type ElementDefinition, type StylesheetJson } from "cytoscape";
import { ringLayout } from "../../graph-layout.js";

interface DrawnGraph {
  readonly nodes: readonly (readonly [string, string, string, number])[];
  readonly edges: readonly (readonly [string, string])[];
  readonly focus?: string;
}

interface SiteGraphData {
  readonly ids: readonly string[];
  readonly titles: readonly string[];
  readonly group: readonly number[];
  readonly flags: readonly number[];
  readonly edges: readonly (readonly [number, number])[];
  readonly broken: readonly (readonly [number, string])[];
  readonly groups: readonly {
    readonly label: string;
    readonly size: number;
    readonly colour: string;
  }[];
  readonly flagBits: Readonly<Record<"orphan" | "hot" | "broken" | "archived" | "warm", number>>;
}

declare global {
  interface Window {
    agentMemoryGraph?: DrawnGraph;
    agentMemorySiteGraph?: SiteGraphData;
    /** The drawn graph, for tests and for a person's console. */
    agentMemoryCy?: Core;
  }
}

/** Past this many notes the graph page draws groups, not notes. */
const FULL_LIMIT = 400;
/** Past this many elements, panning and zooming draw a texture and hide the edges. */
const LARGE_DRAWING = 250;
/** The overview draws at most this many groups, the rest as one node. */
const GROUP_LIMIT = 200;
/** The overview draws each group's strongest links to other groups, this many: not a hairball. */
const GROUP_LINKS = 3;

const FLAGS = { orphan: 1, hot: 2, broken: 4, archived: 8, warm: 16 };
const base = document.body.dataset["base"] ?? "";

const STYLE: StylesheetJson = [
  {
    selector: "node",
    style: {
      "background-color": "data(colour)",
      label: "data(label)",
      "font-size": 9,
      "text-wrap": "ellipsis",
      "text-max-width": "120px",
      color: "#57606a",
      width: "data(size)",
      height: "data(size)",
    },
  },
  { selector: "node.hot", style: { "border-width": 4, "border-color": "#bf8700" } },
  {
    selector: "node.orphan",
    style: { "border-width": 2, "border-style": "dashed", "border-color": "#57606a" },
  },
  { selector: "node.broken", style: { "border-width": 3, "border-color": "#cf222e" } },
  {
    selector: "node.missing",
    style: { shape: "rectangle", "background-color": "#cf222e", color: "#cf222e" },
  },
  { selector: "node.focus", style: { "font-size": 12, "font-weight": "bold", color: "#1f2328" } },
  { selector: "node.group", style: { "font-size": 11, color: "#1f2328" } },
  {
    selector: "edge",
    style: { width: 1, "line-color": "#b7bdc4", "curve-style": "haystack", "haystack-radius": 0 },
  },
  { selector: "edge.weighted", style: { width: "data(width)" } },
  { selector: "edge.to-missing", style: { "line-color": "#cf222e", "line-style": "dashed" } },
];

function classesOf(flags: number): string {
  if (flags < 0) return "missing";
  return [
    flags & FLAGS.hot ? "hot" : "",
    flags & FLAGS.orphan ? "orphan" : "",
    flags & FLAGS.broken ? "broken" : "",
  ].join(" ");
}

/** Places the nodes (in the order given) on rings by their diameter, `size`. */
function placed(nodes: ElementDefinition[]): ElementDefinition[] {
  const positions = ringLayout(nodes.map((node) => Number(node.data["size"] ?? 16)));
  return nodes.map((node, at) => ({ ...node, position: positions[at] ?? { x: 0, y: 0 } }));
}

function draw(container: HTMLElement, elements: ElementDefinition[]): Core {
  window.agentMemoryCy?.destroy();
  const cy = cytoscape({
    container,
    elements,
    style: STYLE,
    layout: { name: "preset", fit: true, padding: 30 },
    minZoom: 0.05,
    maxZoom: 4,
    wheelSensitivity: 0.3,
    textureOnViewport: elements.length > LARGE_DRAWING,
    hideEdgesOnViewport: elements.length > LARGE_DRAWING,
  });
  cy.on("tap", "node", (event) => {
    const node = event.target;
    const open = node.data("open");
    if (typeof open === "string") window.location.href = open;
    const group = node.data("group");
    if (typeof group === "number") showGroup(group);
  });
  window.agentMemoryCy = cy;
  container.dataset["ready"] = "true";
  return cy;
}

/** The graph's elements, its nodes placed in its order (the focus, then the most linked). */
function drawnElements(graph: DrawnGraph): ElementDefinition[] {
  const nodes: ElementDefinition[] = graph.nodes.map(([id, label, colour, flags]) => ({
    data: {
      id,
      label: flags < 0 ? `missing ${id}` : label,
      colour: colour === "" ? "#cf222e" : colour,
      size: id === graph.focus ? 28 : 16,
      ...(flags < 0 ? {} : { open: `${base}notes/${id}.html` }),
    },
    classes: `${classesOf(flags)}${id === graph.focus ? " focus" : ""}`,
  }));
  const missing = new Set(graph.nodes.filter((node) => node[3] < 0).map((node) => node[0]));
  const edges: ElementDefinition[] = graph.edges.map(([source, target], at) => ({
    data: { id: `e${at}`, source, target },
    classes: missing.has(target) ? "to-missing" : "",
  }));
  return [...placed(nodes), ...edges];
}

/** The notes numbered in `members`, the links among them and their broken links. */
function notesGraph(data: SiteGraphData, members: readonly number[]): DrawnGraph {
  const kept = new Set(members);
  const nodes: [string, string, string, number][] = members.map((at) => [
    data.ids[at] ?? "",
    data.titles[at] ?? "",
    data.groups[data.group[at] ?? 0]?.colour ?? "",
    data.flags[at] ?? 0,
  ]);
  const edges: [string, string][] = data.edges
    .filter(([from, to]) => kept.has(from) && kept.has(to))
    .map(([from, to]) => [data.ids[from] ?? "", data.ids[to] ?? ""]);
  for (const [from, missing] of data.broken) {
    if (!kept.has(from)) continue;
    if (!nodes.some((node) => node[0] === missing)) nodes.push([missing, missing, "", -1]);
    edges.push([data.ids[from] ?? "", missing]);
  }
  return { nodes, edges };
}

function degrees(data: SiteGraphData): number[] {
  const degree = data.ids.map(() => 0);
  for (const [from, to] of data.edges) {
    degree[from] = (degree[from] ?? 0) + 1;
    degree[to] = (degree[to] ?? 0) + 1;
  }
  return degree;
}

function status(text: string): void {
  const element = document.getElementById("graph-status");
  if (element !== null) element.textContent = text;
}

function showNotes(data: SiteGraphData, members: number[], what: string): void {
  const container = document.getElementById("graph");
  if (container === null) return;
  const degree = degrees(data);
  const shown = members
    .toSorted((a, b) => (degree[b] ?? 0) - (degree[a] ?? 0) || a - b)
    .slice(0, FULL_LIMIT);
  const graph = notesGraph(data, shown);
  draw(container, drawnElements(graph));
  status(
    shown.length < members.length
      ? `${what}: the ${shown.length} most linked of ${members.length} notes.`
      : `${what}: ${members.length} notes.`,
  );
}

function showGroup(group: number): void {
  const data = window.agentMemorySiteGraph;
  if (data === undefined) return;
  const members = data.group.flatMap((g, at) => (g === group ? [at] : []));
  showNotes(data, members, `Group “${data.groups[group]?.label ?? ""}”`);
}

function showOverview(data: SiteGraphData): void {
  const container = document.getElementById("graph");
  if (container === null) return;
  if (data.ids.length <= FULL_LIMIT) {
    showNotes(
      data,
      data.ids.map((_, at) => at),
      "Every note",
    );
    return;
  }
  const order = data.groups
    .map((_, at) => at)
    .toSorted((a, b) => (data.groups[b]?.size ?? 0) - (data.groups[a]?.size ?? 0) || a - b);
  const shown = new Set(order.slice(0, GROUP_LIMIT));
  const weights = strongestLinks(data, shown);
  const hotGroups = new Set(
    data.flags.flatMap((flags, at) => (flags & FLAGS.hot ? [data.group[at] ?? 0] : [])),
  );
  // The largest group in the middle.
  const nodes: ElementDefinition[] = [...shown].map((at) => {
    const group = data.groups[at];
    const size = group?.size ?? 1;
    return {
      data: {
        id: `g${at}`,
        group: at,
        label: `${group?.label ?? ""} (${size})`,
        colour: group?.colour ?? "#9aa0a6",
        size: 12 + 6 * Math.sqrt(size),
      },
      classes: `group${hotGroups.has(at) ? " hot" : ""}`,
    };
  });
  const elements = placed(nodes);
  for (const [key, count] of weights) {
    const [a, b] = key.split(" ");
    elements.push({
      data: {
        id: `w${key}`,
        source: `g${a}`,
        target: `g${b}`,
        width: Math.min(8, 1 + Math.log2(count)),
      },
      classes: "weighted",
    });
  }
  draw(container, elements);
  status(
    `${data.ids.length} notes in ${data.groups.length} groups${data.groups.length > GROUP_LIMIT ? ` (the ${GROUP_LIMIT} largest shown)` : ""}, each with its ${GROUP_LINKS} strongest links: click a group to open it.`,
  );
}

/**
 * The links between the shown groups, each pair's count of note links, keeping for each group
 * its GROUP_LINKS strongest (a pair is kept when either end keeps it).
 */
function strongestLinks(data: SiteGraphData, shown: ReadonlySet<number>): Map<string, number> {
  const weights = new Map<string, number>();
  for (const [from, to] of data.edges) {
    const a = data.group[from] ?? 0;
    const b = data.group[to] ?? 0;
    if (a === b || !shown.has(a) || !shown.has(b)) continue;
    const key = a < b ? `${a} ${b}` : `${b} ${a}`;
    weights.set(key, (weights.get(key) ?? 0) + 1);
  }
  const byGroup = new Map<string, [string, number][]>();
  for (const [key, count] of weights) {
    for (const group of key.split(" ")) {
      const links = byGroup.get(group) ?? [];
      links.push([key, count]);
      byGroup.set(group, links);
    }
  }
  const kept = new Set<string>();
  for (const links of byGroup.values()) {
    const strongest = links.toSorted(([keyA, a], [keyB, b]) => b - a || (keyA < keyB ? -1 : 1));
    for (const [key] of strongest.slice(0, GROUP_LINKS)) kept.add(key);
  }
  return new Map([...weights].filter(([key]) => kept.has(key)));
}

function filterNotes(data: SiteGraphData, text: string): void {
  const wanted = text.trim().toLowerCase();
  if (wanted === "") {
    showOverview(data);
    return;
  }
  const matching = data.titles.flatMap((title, at) =>
    title.toLowerCase().includes(wanted) ? [at] : [],
  );
  const members = new Set(matching.slice(0, FULL_LIMIT));
  for (const [from, to] of data.edges) {
    if (members.size >= FULL_LIMIT) break;
    if (members.has(from)) members.add(to);
    else if (members.has(to)) members.add(from);
  }
  showNotes(data, [...members], `Titles containing “${text.trim()}” and their links`);
}

function start(): void {
  const container = document.getElementById("graph");
  if (container === null) return;
  const site = window.agentMemorySiteGraph;
  if (site !== undefined) {
    showOverview(site);
    const filter = document.getElementById("graph-filter");
    let timer: ReturnType<typeof setTimeout> | undefined;
    filter?.addEventListener("input", () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (filter instanceof HTMLInputElement) filterNotes(site, filter.value);
      }, 250);
    });
    document.getElementById("graph-overview")?.addEventListener("click", () => showOverview(site));
    return;
  }
  const graph = window.agentMemoryGraph;
  if (graph !== undefined) draw(container, drawnElements(graph));
}

start();
