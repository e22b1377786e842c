/**
 * renderSite, writeSite and serveSite over a memory in RAM: what each page shows, what the
 * site writes (and refuses to overwrite), and the loopback server.
 */
import { mkdtemp, readFile, readdir, rm, writeFile, mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { request } from "node:http";
import { join } from "node:path";
import { ResultAsync } from "neverthrow";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  renderSite,
  serveSite,
  SITE_MANIFEST,
  writeSite,
  type Site,
} from "../../src/view/index.js";
import { SiteFiles } from "../../src/view/site-files.js";
import { formatSupersessionLine } from "../../src/model/supersession/supersession.js";
import { seedNotes } from "../helpers/seed-notes.js";
import { freshMemory, type FreshMemory } from "../helpers/fresh-memory.js";

const A = "id__AAAAAA";
const B = "id__BBBBBB";
const C = "id__CCCCCC";

let fresh: FreshMemory;
let site: Site;
let folder: string;

beforeAll(async () => {
  fresh = await freshMemory();
  await seedNotes(fresh.fs, fresh.root, [
    { id: A, title: "Console app", body: "#repo #project/console\n\nThe web console." },
    {
      id: B,
      title: "Igor <designer>",
      body: `Igor works on the [[${A}|console app]] daily. He wrote <script>alert(1)</script>.\n\nNot a link: \`[[${C}|code]]\`; gone: [[id__Gone00|old notes]].`,
    },
    { id: C, title: "Orphan", body: "Nobody links here.", folder: "inbox" },
  ]);
  const tiers = await fresh.memory.index.set({ hot: [B], warm: [A] });
  if (tiers.isErr()) throw tiers.error;
  const rendered = await renderSite(fresh, { name: "Test memory" });
  if (rendered.isErr()) throw rendered.error;
  site = rendered.value;
  folder = await mkdtemp(join(tmpdir(), "memory-site-"));
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

const page = (path: string): string => site.files.get(path) ?? "";

describe("renderSite", () => {
  it("renders links to note pages, marks broken ones, keeps code and escapes HTML", () => {
    const igor = page(`notes/${B}.html`);
    expect(igor).toContain(`<a href="../notes/${A}.html">console app</a>`);
    expect(igor).toContain(`<a class="broken" href="#broken-id__Gone00"`);
    expect(igor).toContain(`<code>[[${C}|code]]</code>`);
    expect(igor).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(igor).not.toContain("<script>alert");
    expect(igor).toContain("<h1>Igor &lt;designer&gt;</h1>");
  });

  it("shows a superseded note's successor above its body, the mark kept in the body", async () => {
    const other = await freshMemory();
    const mark = formatSupersessionLine({
      successorId: A,
      successorTitle: "Console app",
      date: "2026-03-14",
      reason: "one <app> now",
    });
    await seedNotes(other.fs, other.root, [
      { id: A, title: "Console app", body: "The web console." },
      { id: B, title: "Old console", body: `${mark}\n\nThe old console.`, folder: "archive" },
      { id: C, title: "Older console", body: "> Superseded by [[id__Gone00|gone]].\n\nOlder." },
    ]);
    const rendered = await renderSite(other);
    if (rendered.isErr()) throw rendered.error;
    const old = rendered.value.files.get(`notes/${B}.html`) ?? "";
    expect(old).toContain(
      `<p class="superseded" role="note">Superseded by <a href="../notes/${A}.html">Console app</a> on <time datetime="2026-03-14">2026-03-14</time>: one &lt;app&gt; now</p>`,
    );
    expect(old).toContain("<blockquote>");
    expect(rendered.value.files.get(`notes/${C}.html`)).toContain(
      '<p class="superseded" role="note">Superseded by <span class="broken"',
    );
    expect(rendered.value.files.get(`notes/${A}.html`)).not.toContain('class="superseded"');
  });

  it("shows backlinks with the sentence around the link", () => {
    expect(page(`notes/${A}.html`)).toContain(
      `<a href="../notes/${B}.html">Igor &lt;designer&gt;</a>: Igor works on the <mark>console app</mark> daily.`,
    );
    expect(page(`notes/${C}.html`)).toContain("No note links here.");
  });

  it("links tags to their pages, nested tags included", () => {
    const console = page(`notes/${A}.html`);
    expect(console).toContain('<a class="tag" href="../tags/repo.html">#repo</a>');
    expect(console).toContain('href="../tags/project_2fconsole.html"');
    expect(page("tags/project_2fconsole.html")).toContain(`href="../notes/${A}.html"`);
    expect(page("tags/index.html")).toContain("#repo");
  });

  it("gives a tag named #index its own page beside the list of tags", async () => {
    const indexed = await freshMemory();
    await seedNotes(indexed.fs, indexed.root, [
      { id: A, title: "Catalogue", body: "#index #design\n\nWhere things are." },
    ]);
    const files = (await renderSite(indexed))._unsafeUnwrap().files;
    expect(files.get(`notes/${A}.html`)).toContain(
      '<a class="tag" href="../tags/_69ndex.html">#index</a>',
    );
    expect(files.get("tags/_69ndex.html")).toContain(`href="../notes/${A}.html"`);
    expect(files.get("tags/_69ndex.html")).toContain("#index");
    // The list of tags is still the list, and links the tag's page.
    expect(files.get("tags/index.html")).toContain('href="../tags/_69ndex.html"');
    expect(files.get("tags/index.html")).toContain('href="../tags/design.html"');
  });

  it("puts the tiers and the recent notes on the home page", () => {
    const home = page("index.html");
    expect(home).toMatch(
      new RegExp(
        `class="tier hot">[\\s\\S]*notes/${B}\\.html[\\s\\S]*class="tier warm">[\\s\\S]*notes/${A}\\.html`,
      ),
    );
    expect(home).toContain('<section class="recent">');
  });

  it("shows each note's history, given as it is or as a promise a host resolves meanwhile", async () => {
    const commits = [{ date: Date.UTC(2026, 10, 2), message: "Decide <the> console" }];
    const history = new Map([[A, commits]]);
    const given = await renderSite(fresh, { name: "Test memory", history });
    let resolved = false;
    const promised = await renderSite(fresh, {
      name: "Test memory",
      history: new Promise((done) =>
        setTimeout(() => {
          resolved = true;
          done(history);
        }, 20),
      ),
    });
    expect(resolved).toBe(true);
    const pageOf = (rendered: typeof given) =>
      rendered._unsafeUnwrap().files.get(`notes/${A}.html`);
    expect(pageOf(given)).toContain("2026-11-02</time> Decide &lt;the&gt; console");
    expect(pageOf(promised)).toBe(pageOf(given));
    // A walk that failed (or gave nothing) shows no history, and the site is still rendered;
    // one that fails while the notes are read is never an unhandled rejection (which ends a
    // Node process).
    const unhandled: unknown[] = [];
    const listen = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", listen);
    try {
      // The notes read slowly (a timer's turn): the walk fails before they are read.
      const slow = {
        memory: {
          index: fresh.memory.index,
          readAll: () =>
            ResultAsync.fromSafePromise(new Promise((done) => setTimeout(done, 20))).andThen(() =>
              fresh.memory.readAll(),
            ),
        },
      };
      for (const failed of [() => Promise.reject(new Error("git died")), async () => undefined]) {
        const without = await renderSite(slow, { name: "Test memory", history: failed() });
        expect(pageOf(without)).toBe(page(`notes/${A}.html`));
        expect(pageOf(without)).not.toContain('class="history"');
      }
      await new Promise((done) => setTimeout(done, 10));
    } finally {
      process.off("unhandledRejection", listen);
    }
    expect(unhandled).toEqual([]);
  });

  it("ships the graph (communities, marks) and the notes for search", () => {
    const graph = page("data/graph.js");
    expect(graph).toContain('"broken":[[2,"id__Gone00"]]');
    // By path: the orphan is marked (1), the console is warm (16), Igor hot (2) with a broken link (4).
    expect(graph).toContain('"flags":[1,16,6]');
    expect(page("data/search.js")).toContain(`topics/igor-designer ${B}.md`);
    expect(site.files.has("assets/graph.js")).toBe(true);
    expect(site.files.has("assets/search.js")).toBe(true);
  });
});

describe("writeSite", () => {
  it("refuses a folder that holds anything but a site it wrote, and changes nothing there", async () => {
    const other = await mkdtemp(join(tmpdir(), "memory-not-a-site-"));
    await writeFile(join(other, "thesis.md"), "years of work");
    const written = await writeSite(site, other);
    expect(written.isErr() && written.error.code).toBe("INVALID_INPUT");
    expect(await readdir(other)).toEqual(["thesis.md"]);
    await rm(other, { recursive: true, force: true });
  });

  it("writes over its own site and removes the pages of notes gone since", async () => {
    const first = await writeSite(site, folder);
    expect(first.isOk() && first.value.written).toBe(site.files.size);
    await fresh.fs.promises.unlink(`${fresh.root}/inbox/orphan ${C}.md`);
    fresh.memory.filesChanged();
    const again = await renderSite(fresh);
    if (again.isErr()) throw again.error;
    const second = await writeSite(again.value, folder);
    expect(second.isOk() && second.value.removed).toBe(1);
    expect(await readdir(join(folder, "notes"))).toEqual([`${A}.html`, `${B}.html`]);
    // A file a person put beside the site's own is not the site's: it stays.
    await mkdir(join(folder, "notes"), { recursive: true });
    await writeFile(join(folder, "notes", "mine.txt"), "keep me");
    expect((await writeSite(again.value, folder)).isOk()).toBe(true);
    expect(await readFile(join(folder, "notes", "mine.txt"), "utf8")).toBe("keep me");
  });

  it("knows a folder whose first write was cut short as its own", async () => {
    const cut = await mkdtemp(join(tmpdir(), "memory-site-cut-"));
    try {
      // Its manifest could not be written (here: a folder in the way), so nothing else was.
      await mkdir(join(cut, `${SITE_MANIFEST}.tmp`));
      const failed = await writeSite(site, cut);
      expect(failed.isErr() && failed.error.message).toMatch(/EISDIR/);
      expect(await readdir(cut)).toEqual([`${SITE_MANIFEST}.tmp`]);
      await rm(join(cut, `${SITE_MANIFEST}.tmp`), { recursive: true });
      expect((await writeSite(site, cut))._unsafeUnwrap().written).toBe(site.files.size);
      // Killed while writing the first manifest aside: a torn one, alone.
      const torn = await mkdtemp(join(tmpdir(), "memory-site-torn-"));
      await writeFile(join(torn, `${SITE_MANIFEST}.tmp`), '{"version":3,"fi');
      expect((await writeSite(site, torn))._unsafeUnwrap().written).toBe(site.files.size);
      await rm(torn, { recursive: true, force: true });
    } finally {
      await rm(cut, { recursive: true, force: true });
    }
  });
});

describe("serveSite", () => {
  it("serves on 127.0.0.1 only, 404s what the site lacks, and serves the site it is given", async () => {
    const served = await serveSite(site);
    if (served.isErr()) throw served.error;
    const { url } = served.value;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const home = await fetch(url);
    expect(home.headers.get("content-type")).toContain("text/html");
    expect(await home.text()).toContain("Test memory");
    expect((await fetch(`${url}notes/id__Nope00.html`)).status).toBe(404);
    expect((await fetch(`${url}../../etc/passwd`)).status).toBe(404);
    served.value.update({ files: new Map([["index.html", "rebuilt"]]), notes: 0 });
    expect(await (await fetch(url)).text()).toBe("rebuilt");
    await served.value.close();
  });

  it("answers a page that fails to render with a 500, and goes on serving", async () => {
    const files = new SiteFiles(
      new Map([["index.html", "home"]]),
      new Map([
        [
          "notes/broken.html",
          () => {
            throw new RangeError("Invalid time value");
          },
        ],
      ]),
    );
    const served = await serveSite({ files, notes: 1 });
    if (served.isErr()) throw served.error;
    try {
      const failed = await fetch(`${served.value.url}notes/broken.html`);
      expect(failed.status).toBe(500);
      expect(await failed.text()).toContain("Invalid time value");
      expect(await (await fetch(served.value.url)).text()).toBe("home");
    } finally {
      await served.value.close();
    }
  });

  it("answers other web pages and other host names with a 403, its own pages as usual", async () => {
    const served = await serveSite(site);
    if (served.isErr()) throw served.error;
    const port = Number(new URL(served.value.url).port);
    const shard = "/data/search/0.js";
    const statusOf = (headers: Record<string, string>, path = shard) =>
      new Promise<number>((resolve, reject) => {
        const asked = request({ host: "127.0.0.1", port, path, headers }, (answer) => {
          answer.resume();
          resolve(answer.statusCode ?? 0);
        });
        asked.on("error", reject);
        asked.end();
      });
    const own = `127.0.0.1:${port}`;
    try {
      // The site's own pages, the address bar, and a client that is no browser.
      expect(await statusOf({ host: own, "sec-fetch-site": "same-origin" })).toBe(200);
      expect(await statusOf({ host: `localhost:${port}`, "sec-fetch-site": "none" }, "/")).toBe(
        200,
      );
      expect(await statusOf({ host: own })).toBe(200);
      // A page elsewhere loading the notes' text as a script, from any site.
      for (const from of ["cross-site", "same-site"]) {
        expect(
          await statusOf({ host: own, "sec-fetch-site": from, "sec-fetch-dest": "script" }),
        ).toBe(403);
      }
      // DNS rebinding: the attacker's host name resolving to 127.0.0.1.
      expect(await statusOf({ host: `attacker.example:${port}` })).toBe(403);
      expect(await statusOf({ host: "127.0.0.1" })).toBe(403);
    } finally {
      await served.value.close();
    }
  });
});
