/**
 * `memory view` in a real browser: headless Chromium (Debian's package) driven by
 * playwright-core opens the written site from file:// (and once as --serve serves it), clicks through
 * links, backlinks, tags and the graph, runs a search, and checks that no link is dead, no
 * request leaves the site and the console shows no error. Over the quickstart memory and a
 * generated 10,000-note memory: there every link of every page is checked without a browser
 * (site-links.ts), and Chromium opens a sample (home, a hot note, the most linked note, a tag
 * page, the grouped graph, a search). Screenshots go to a temp folder, or to docs/images/
 * with UPDATE_SCREENSHOTS=1 (the README shows those).
 */
import { mkdtempSync, readdirSync, readFileSync, statfsSync } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasLocomo } from "../../bench/prose-notes.js";
import { createSandbox, jsonOf, succeeded, type Sandbox } from "../cli/cli-harness.js";
import { hasChromium, launchBrowser, skipNotice, type Browser } from "./browser-harness.js";
import { checkSiteLinks } from "./site-links.js";
import { proseMemory, quickstartMemory, titleOf, type QuickstartIds } from "./view-memories.js";
import type { Page } from "playwright-core";
import * as fs from "node:fs";
import { createServer } from "node:http";
import { fsPersistence } from "../../src/adapters/fs/fs-persistence.js";
import { createNotesMemory } from "../../src/create-notes-memory.js";
import { renderSite, serveSite } from "../../src/view/index.js";

skipNotice();

const shots = process.env["UPDATE_SCREENSHOTS"] === "1";
let sandbox: Sandbox;
let browser: Browser;
let shotDir: string;

beforeAll(async () => {
  sandbox = await createSandbox();
  shotDir = shots ? resolve(import.meta.dirname, "../../docs/images") : join(sandbox.dir, "shots");
  await mkdir(shotDir, { recursive: true });
  if (hasChromium()) browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await sandbox?.cleanup();
});

/** Writes the site of `root` with the CLI and returns its folder. */
async function writeSite(root: string): Promise<string> {
  const out = join(root, "..", `${root.split("/").pop() ?? "memory"}-site`);
  const run = succeeded(await sandbox.cli(["view", "--root", root, "--out", out, "--json"]));
  expect(jsonOf<{ folder: string }>(run).folder).toBe(out);
  return out;
}

/** Evaluates a script expression in the page (the tests are not typed against the DOM). */
async function inPage<T = unknown>(page: Page, expression: string): Promise<T> {
  return (await page.evaluate(expression)) as T;
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(shotDir, `${name}.png`) });
}

/** Waits for the page's graph to be drawn, and returns its node count. */
async function graphDrawn(page: Page, timeout = 30_000): Promise<number> {
  await page.waitForSelector('#graph[data-ready="true"]', { timeout });
  return inPage<number>(page, "window.agentMemoryCy.nodes().length");
}

/** Clicks a graph node where it is drawn on the canvas, as a person would. */
async function clickNode(page: Page, selector: string): Promise<void> {
  const point = await inPage<{ x: number; y: number } | null>(
    page,
    `(() => {
      const cy = window.agentMemoryCy;
      const node = cy.$(${JSON.stringify(selector)}).first();
      if (node.empty()) return null;
      cy.center(node);
      const box = document.getElementById("graph").getBoundingClientRect();
      const at = node.renderedPosition();
      return { x: box.left + at.x, y: box.top + at.y };
    })()`,
  );
  if (point === null) throw new Error(`no graph node ${selector}`);
  await page.mouse.click(point.x, point.y);
}

/** The note with the most distinct notes linking to it, from the site's graph data. */
function mostLinked(site: string): { id: string; inbound: number } {
  const script = readFileSync(join(site, "data/graph.js"), "utf8");
  const graph = JSON.parse(script.slice(script.indexOf("=") + 1, script.lastIndexOf(";"))) as {
    ids: string[];
    edges: [number, number][];
  };
  const inbound = graph.ids.map(() => 0);
  for (const [, to] of graph.edges) inbound[to] = (inbound[to] ?? 0) + 1;
  const best = inbound.reduce((top, count, at) => (count > (inbound[top] ?? 0) ? at : top), 0);
  return { id: graph.ids[best] ?? "", inbound: inbound[best] ?? 0 };
}

/** Waits until the search box's first result is the note titled `title`. */
async function firstResultIs(page: Page, title: string, timeout = 30_000): Promise<void> {
  await page.waitForFunction(
    `document.querySelector("#search-results li a")?.textContent === ${JSON.stringify(title)}`,
    undefined,
    { timeout },
  );
}

// Seconds on a quiet machine; at load 30 on 2 cores a page with its graph took over 30 s.
describe.skipIf(!hasChromium())(
  "memory view in Chromium: the quickstart memory",
  { timeout: 120_000 },
  () => {
    let ids: QuickstartIds;
    let site: string;

    beforeAll(async () => {
      const root = join(sandbox.dir, "quickstart");
      ids = await quickstartMemory(sandbox, root);
      site = await writeSite(root);
    }, 120_000);

    it("has no dead link, and marks the one broken note link", () => {
      const report = checkSiteLinks(site);
      expect(report.dead).toEqual([]);
      expect(report.markedBroken).toBe(1);
      expect(report.pages).toBeGreaterThan(4);
    });

    it("follows the home page, a note, its links, backlinks and tags", async () => {
      const page = await browser.newPage();
      await page.goto(pathToFileURL(join(site, "index.html")).href);
      expect(await page.locator(".tier.hot li").count()).toBe(2);
      await shot(page, "view-home");
      await page
        .locator(".tier.hot a", { hasText: "Deploys go through the release branch" })
        .click();
      await page.waitForURL(`**/notes/${ids.release}.html`);
      expect(await page.locator("h1").textContent()).toBe("Deploys go through the release branch");
      // A link in the body leads to its note.
      await page.locator(".body a", { hasText: "console app" }).click();
      await page.waitForURL(`**/notes/${ids.console}.html`);
      // Back on the decision: its backlinks show the sentence around each link.
      await page.goto(pathToFileURL(join(site, `notes/${ids.release}.html`)).href);
      const backlink = page.locator(".backlinks li", { hasText: "Igor owns the console's design" });
      expect(await backlink.locator("mark").textContent()).toBe("how deploys work");
      expect(await page.locator(".history li").count()).toBeGreaterThan(0);
      expect(await graphDrawn(page)).toBe(4);
      await shot(page, "view-note");
      await backlink.locator("a").click();
      await page.waitForURL(`**/notes/${ids.igor}.html`);
      await page.locator("a.tag", { hasText: "#people" }).click();
      await page.waitForURL("**/tags/people.html");
      expect(await page.locator("main li a").allTextContents()).toEqual([
        "Igor owns the console's design",
      ]);
      // The runbook's link to a missing note is visibly broken, and goes nowhere.
      await page.goto(pathToFileURL(join(site, `notes/${ids.runbook}.html`)).href);
      const broken = page.locator(".body a.broken");
      expect(await broken.textContent()).toBe("old deploy notes");
      expect(
        await inPage(
          page,
          `getComputedStyle(document.querySelector(".body a.broken")).textDecorationLine`,
        ),
      ).toContain("line-through");
      await page.close();
    });

    it("opens a note from the graph, and finds a note by search", async () => {
      const page = await browser.newPage();
      await page.goto(pathToFileURL(join(site, "graph.html")).href);
      // Every note, and the missing note the runbook links to.
      expect(await graphDrawn(page)).toBe(5);
      expect(await inPage(page, `window.agentMemoryCy.$("node.hot").length`)).toBe(2);
      expect(await inPage(page, `window.agentMemoryCy.$("node.missing").length`)).toBe(1);
      await shot(page, "view-graph");
      // The title filter narrows the drawing; Overview draws every note again.
      await page.locator("#graph-filter").fill("runbook");
      await page.waitForFunction(
        `document.getElementById("graph-status").textContent.includes("Titles containing")`,
      );
      expect(await inPage(page, `window.agentMemoryCy.$id("${ids.runbook}").length`)).toBe(1);
      await page.locator("#graph-overview").click();
      await page.waitForFunction(
        `!document.getElementById("graph-status").textContent.includes("Titles containing")`,
      );
      expect(await inPage(page, "window.agentMemoryCy.nodes().length")).toBe(5);
      await clickNode(page, `#${ids.igor}`);
      await page.waitForURL(`**/notes/${ids.igor}.html`);
      await page.locator("#search").fill("query builder");
      await firstResultIs(page, "Console app at axiom");
      const first = page.locator("#search-results li a").first();
      await shot(page, "view-search");
      await first.click();
      await page.waitForURL(`**/notes/${ids.console}.html`);
      await page.close();
    });

    it("is served on 127.0.0.1 to its own pages, and refuses another site's page its data", async () => {
      const root = join(sandbox.dir, "quickstart");
      const memory = createNotesMemory({ persistence: fsPersistence({ fs, root, watch: false }) });
      const served = (
        await serveSite((await renderSite({ memory }))._unsafeUnwrap())
      )._unsafeUnwrap();
      const shard = `${served.url}data/search/0.js`;
      // Another site on this machine (another port is another origin, the same site): its
      // page defines what the notes' data files call, and loads one.
      const other = createServer((_, response) => {
        response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        response.end(
          `<!doctype html><title>elsewhere</title><script>window.stolen = []; window.agentMemorySearchShard = (n, bodies) => window.stolen.push(...bodies);</script>` +
            `<script src="${shard}" onerror="window.refused = true"></script>`,
        );
      });
      await new Promise<void>((done) => other.listen(0, "127.0.0.1", done));
      const address = other.address();
      const otherPort = typeof address === "object" && address !== null ? address.port : 0;
      const page = await browser.newPage();
      try {
        await page.goto(served.url);
        await page.locator(".tier.hot a", { hasText: "Igor owns the console's design" }).click();
        await page.waitForURL(`**/notes/${ids.igor}.html`);
        await page.locator("#search").fill("query builder");
        await firstResultIs(page, "Console app at axiom");
        await page.goto(`http://127.0.0.1:${otherPort}/`);
        await page.waitForFunction("window.refused === true");
        expect(await inPage(page, "window.stolen.length")).toBe(0);
        // The browser reports the refusal (a 403 for the script, then its load aborted): the
        // only failed request and console error this test makes, taken out of the records.
        const elsewhere = `http://127.0.0.1:${otherPort}/`;
        await expect
          .poll(() => browser.errors.some((error) => error.startsWith(elsewhere)))
          .toBe(true);
        expect(browser.failedRequests.filter((entry) => entry.startsWith(shard))).toContain(
          `${shard}: 403`,
        );
        for (const list of [browser.failedRequests, browser.errors]) {
          const kept = list.filter(
            (entry) => !entry.startsWith(shard) && !entry.startsWith(elsewhere),
          );
          list.splice(0, list.length, ...kept);
        }
      } finally {
        await page.close();
        await served.close();
        other.closeAllConnections();
        await new Promise((done) => other.close(done));
      }
    });

    it("logged no console error and made no request outside the site", () => {
      expect(browser.errors).toEqual([]);
      expect(browser.failedRequests).toEqual([]);
    });
  },
);

const LARGE = 10_000;
// The 10,000-note page loads the full-text search (6.6 MB, serialised at build time) and draws
// from 0.8 MB of graph data: a second or two on a quiet machine, tens of seconds on a loaded
// one. Not a speed assertion.
const LARGE_TIMEOUT = 180_000;

/**
 * Where the 10,000-note memory and its site go: a RAM-backed folder when the machine has one
 * with room (writing and crawling 60 MB of small files on a busy shared disk is not what the
 * test is about), else the sandbox.
 */
function largeFolder(): string {
  try {
    const shm = statfsSync("/dev/shm");
    if (shm.bavail * shm.bsize > 2 ** 30) return mkdtempSync("/dev/shm/memory-view-");
  } catch {
    // No /dev/shm: the sandbox.
  }
  return sandbox.dir;
}

async function largePage(): Promise<Page> {
  const page = await browser.newPage();
  page.setDefaultTimeout(LARGE_TIMEOUT);
  return page;
}

describe.skipIf(!hasChromium() || !hasLocomo())(
  `memory view in Chromium: a generated ${LARGE}-note memory`,
  { timeout: LARGE_TIMEOUT },
  () => {
    let ids: string[];
    let site: string;
    let root: string;
    let folder: string;
    const noteFile = (id: string): string =>
      readdirSync(join(root, "topics")).find((name) => name.endsWith(`${id}.md`)) ?? "";

    beforeAll(async () => {
      folder = largeFolder();
      root = join(folder, `prose-${LARGE}`);
      // Not committed: git's add of 10,000 files is most of a minute on a loaded machine, and
      // history on the page is the quickstart case's (and render-site.test.ts's) to check.
      const start = performance.now();
      ids = proseMemory(sandbox, root, LARGE, { commit: false });
      const built = performance.now();
      site = await writeSite(root);
      console.log(
        `view at ${LARGE} notes: memory written in ${((built - start) / 1000).toFixed(1)} s, ` +
          `site by the CLI in ${((performance.now() - built) / 1000).toFixed(1)} s`,
      );
    }, 300_000);

    afterAll(async () => {
      if (folder !== sandbox.dir) await rm(folder, { recursive: true, force: true });
    });

    it("has no dead link, and marks every broken one", () => {
      const report = checkSiteLinks(site);
      expect(report.dead).toEqual([]);
      expect(report.pages).toBeGreaterThan(LARGE);
    });

    it("opens the home page, a hot note from it, a tag page from the note, and a known note by search", async () => {
      const page = await largePage();
      await page.goto(pathToFileURL(join(site, "index.html")).href);
      expect(await page.locator(".tier.hot li").count()).toBe(5);
      expect(await page.locator(".recent li").count()).toBe(30);
      const hot = page.locator(".tier.hot a").first();
      const title = (await hot.textContent()) ?? "";
      await hot.click();
      await page.waitForURL(`**/notes/${ids[0] ?? ""}.html`);
      expect(await page.locator("h1").textContent()).toBe(title);
      const tag = page.locator("a.tag").first();
      const tagName = (await tag.textContent()) ?? "";
      await tag.click();
      await page.waitForURL("**/tags/*.html");
      expect(await page.locator("h1").textContent()).toBe(tagName);
      expect(await page.locator(`main li a[href="../notes/${ids[0] ?? ""}.html"]`).count()).toBe(1);
      // From the tag page (no graph to draw), a search by a known note's title finds it.
      // Among the results, not necessarily first: at 10,000 LoCoMo notes a note whose words
      // the title shares can outrank it (memory.search ranks the same, see site-search.test.ts;
      // known-item ranking is issue 36).
      const wanted = ids[Math.floor(ids.length / 2)] ?? "";
      const wantedTitle = titleOf(readFileSync(join(root, "topics", noteFile(wanted)), "utf8"));
      await page.locator("#search").fill(wantedTitle);
      const hit = page.locator(`#search-results li a[href="../notes/${wanted}.html"]`);
      await hit.waitFor({ timeout: LARGE_TIMEOUT });
      expect(await hit.textContent()).toBe(wantedTitle);
      await shot(page, `view-search-${LARGE}`);
      await hit.click();
      await page.waitForURL(`**/notes/${wanted}.html`);
      await page.close();
    });

    it("shows a note's backlinks with their sentences and its neighbourhood, and follows one", async () => {
      const linked = mostLinked(site);
      const page = await largePage();
      await page.goto(pathToFileURL(join(site, `notes/${linked.id}.html`)).href);
      const backlinks = page.locator(".backlinks li");
      expect(await backlinks.count()).toBeGreaterThan(0);
      expect(await page.locator(".backlinks h2").textContent()).toMatch(/^Linked from \(\d+\)$/);
      // The sentence around the link, the link's own text marked in it.
      expect(await backlinks.first().locator("mark").count()).toBe(1);
      // The neighbourhood: the note and the notes on either side of its links.
      expect(await graphDrawn(page)).toBeGreaterThan(1);
      expect(await inPage(page, `window.agentMemoryCy.$("node.focus").id()`)).toBe(linked.id);
      await shot(page, `view-note-${LARGE}`);
      const source = (await backlinks.first().locator("a").getAttribute("href")) ?? "";
      await backlinks.first().locator("a").click();
      await page.waitForURL(`**/${source.replace(/^\.\.\//, "")}`);
      // The source's body links back to the note.
      expect(
        await page.locator(`.body a[href="../notes/${linked.id}.html"]`).count(),
      ).toBeGreaterThan(0);
      await page.close();
    });

    it("draws the graph by group, stays responsive, opens a group, filters, and opens a note", async () => {
      const page = await largePage();
      // A responsiveness probe: every task that held the page's main thread over 50 ms.
      await page.addInitScript(`window.longTasks = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) window.longTasks.push(entry.duration);
        }).observe({ type: "longtask", buffered: true });`);
      await page.goto(pathToFileURL(join(site, "graph.html")).href);
      const groups = await graphDrawn(page, LARGE_TIMEOUT);
      const drawnAt = await inPage<number>(page, "performance.now()");
      // The tab answers at once once drawn (a frozen tab would hold this evaluate back).
      const echoMs = await inPage<number>(
        page,
        `new Promise((done) => { const at = performance.now(); setTimeout(() => done(performance.now() - at), 0); })`,
      );
      // Groups, not notes: the canvas never holds the whole memory.
      expect(groups).toBeLessThan(LARGE / 2);
      expect(await inPage(page, `window.agentMemoryCy.$("node.group").length`)).toBe(groups);
      const longTasks = await inPage<number[]>(page, "window.longTasks");
      await shot(page, `view-graph-${LARGE}`);
      // A click on the largest group draws its notes.
      const biggest = await inPage<string>(
        page,
        `window.agentMemoryCy.$("node.group").max((node) => Number(node.data("size"))).ele.id()`,
      );
      await clickNode(page, `#${biggest}`);
      await page.waitForFunction(`window.agentMemoryCy.$("node.group").length === 0`);
      expect(await page.locator("#graph-status").textContent()).toContain("Group");
      expect(await inPage(page, `window.agentMemoryCy.$("node[open]").length`)).toBeGreaterThan(0);
      // Filtered by a word of a known note's title: that note and its links, not the memory.
      const word = (await inPage<string>(page, `window.agentMemorySiteGraph.titles[0]`))
        .split(/\s+/)
        .toSorted((a, b) => b.length - a.length)[0];
      await page.locator("#graph-filter").fill(word ?? "");
      await page.waitForFunction(
        `document.getElementById("graph-status").textContent.includes("Titles containing")`,
      );
      const filtered = await inPage<number>(page, "window.agentMemoryCy.nodes().length");
      expect(filtered).toBeGreaterThan(0);
      expect(filtered).toBeLessThan(LARGE / 2);
      const known = await inPage<string>(page, `window.agentMemorySiteGraph.ids[0]`);
      expect(await inPage(page, `window.agentMemoryCy.$id(${JSON.stringify(known)}).length`)).toBe(
        1,
      );
      console.log(
        `view graph at ${LARGE} notes: ${groups} groups drawn ${drawnAt.toFixed(0)} ms after navigation; ` +
          `a timer then answered in ${echoMs.toFixed(1)} ms; filtered to ${filtered} nodes; ` +
          `main-thread tasks over 50 ms until drawn: ${longTasks.length}, longest ${Math.max(0, ...longTasks).toFixed(0)} ms`,
      );
      // A click on a note opens its page.
      await clickNode(page, `#${known}`);
      await page.waitForURL(`**/notes/${known}.html`);
      await page.close();
    });

    it("logged no console error and made no request outside the site", () => {
      expect(browser.errors).toEqual([]);
      expect(browser.failedRequests).toEqual([]);
    });
  },
);
