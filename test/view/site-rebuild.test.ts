/**
 * A rebuild of a written site (`memory view --out` again, or `--serve` after an edit) writes
 * only the files whose bytes changed, removes a deleted note's page, and leaves a folder
 * identical to a first write of the same memory. Pages are rendered when first asked for.
 */
import { mkdtemp, readFile, readdir, rm, stat, utimes } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  renderSite,
  SITE_MANIFEST,
  writeSite,
  type NoteCommit,
  type Site,
  type WrittenSite,
} from "../../src/view/index.js";
import { SiteFiles } from "../../src/view/site-files.js";
import { freshMemory, type FreshMemory } from "../helpers/fresh-memory.js";
import { seedNotes } from "../helpers/seed-notes.js";

const A = "id__AAAAAA";
const B = "id__BBBBBB";
const C = "id__CCCCCC";
const D = "id__DDDDDD";
const LONG_AGO = new Date("2020-01-01T00:00:00Z");

let fresh: FreshMemory;
let paths: Record<string, string>;
let folders: string[];

beforeEach(async () => {
  fresh = await freshMemory();
  paths = await seedNotes(fresh.fs, fresh.root, [
    { id: A, title: "Console app", body: "#repo\n\nThe web console." },
    { id: B, title: "Igor", body: `Igor works on the [[${A}|console app]] daily.` },
    { id: C, title: "Unrelated", body: "#people\n\nNothing to do with the console." },
    { id: D, title: "Old notes", body: "To be deleted." },
  ]);
  folders = [];
});

afterEach(async () => {
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

async function newFolder(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), "memory-site-rebuild-"));
  folders.push(folder);
  return folder;
}

async function render(): Promise<Site> {
  fresh.memory.filesChanged();
  const site = await renderSite(fresh, { name: "Rebuild" });
  if (site.isErr()) throw site.error;
  return site.value;
}

/** Every file of a written folder (the manifest aside) with its bytes. */
async function contents(folder: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of await readdir(folder, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || entry.name === SITE_MANIFEST) continue;
    const path = join(entry.parentPath, entry.name);
    files.set(relative(folder, path), await readFile(path, "utf8"));
  }
  return files;
}

/** Sets every file's mtime far back, so a file written afterwards shows it. */
async function ageAll(folder: string): Promise<void> {
  for (const entry of await readdir(folder, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) await utimes(join(entry.parentPath, entry.name), LONG_AGO, LONG_AGO);
  }
}

async function rewritten(folder: string): Promise<string[]> {
  const touched: string[] = [];
  for (const entry of await readdir(folder, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || entry.name === SITE_MANIFEST) continue;
    const path = join(entry.parentPath, entry.name);
    if ((await stat(path)).mtimeMs !== LONG_AGO.getTime()) touched.push(relative(folder, path));
  }
  return touched.toSorted();
}

describe("a rebuild of a written site", () => {
  it("rewrites the edited note's page, its backlinkers' pages and the home page, removes a deleted note's page, and nothing else", async () => {
    const folder = await newFolder();
    const first = await writeSite(await render(), folder);
    if (first.isErr()) throw first.error;
    expect(first.value.unchanged).toBe(0);
    await ageAll(folder);

    // Retitled (so the page linking to it shows the new title in its neighbourhood graph),
    // and D deleted.
    await fresh.fs.promises.writeFile(
      `${fresh.root}/${paths[A] ?? ""}`,
      "# Console app v2\n\n#repo\n\nThe web console, rewritten.\n",
    );
    await fresh.fs.promises.unlink(`${fresh.root}/${paths[D] ?? ""}`);
    const site = await render();
    const second = await writeSite(site, folder);
    if (second.isErr()) throw second.error;

    const touched = await rewritten(folder);
    expect(touched).toContain(`notes/${A}.html`);
    expect(touched).toContain(`notes/${B}.html`);
    expect(touched).toContain("index.html");
    expect(touched).not.toContain(`notes/${C}.html`);
    expect(touched).not.toContain("assets/graph.js");
    expect(touched).not.toContain("tags/people.html");
    expect(second.value.written).toBe(touched.length);
    expect(second.value.removed).toBe(1);
    expect(second.value.written + second.value.unchanged).toBe(site.files.size);
    expect(await readdir(join(folder, "notes"))).toEqual([`${A}.html`, `${B}.html`, `${C}.html`]);
    expect(await readFile(join(folder, `notes/${B}.html`), "utf8")).toContain("Console app v2");

    // The same bytes as a first write of the same memory into an empty folder.
    const clean = await newFolder();
    expect((await writeSite(site, clean)).isOk()).toBe(true);
    expect(await contents(folder)).toEqual(await contents(clean));
  });

  it("writes nothing when nothing changed, and rewrites a page removed from the folder by hand", async () => {
    const folder = await newFolder();
    expect((await writeSite(await render(), folder)).isOk()).toBe(true);
    await ageAll(folder);
    await rm(join(folder, `notes/${C}.html`));
    const again = await writeSite(await render(), folder);
    if (again.isErr()) throw again.error;
    expect(await rewritten(folder)).toEqual([`notes/${C}.html`]);
    expect(again.value.written).toBe(1);
  });

  it("writes over a folder whose manifest is torn (every file again), and leaves no manifest half-written", async () => {
    const folder = await newFolder();
    const site = await render();
    expect((await writeSite(site, folder)).isOk()).toBe(true);
    const { writeFile } = await import("node:fs/promises");
    const whole = await readFile(join(folder, SITE_MANIFEST), "utf8");
    await writeFile(join(folder, SITE_MANIFEST), whole.slice(0, whole.length / 2));
    const again = await writeSite(site, folder);
    expect(again.isOk() && again.value).toMatchObject({ reused: 0 });
    expect(await readFile(join(folder, SITE_MANIFEST), "utf8")).toBe(whole);
    expect(await readdir(folder)).not.toContain(`${SITE_MANIFEST}.tmp`);
  });

  it("rewrites every file once over a folder written with the first manifest (a list of paths)", async () => {
    const folder = await newFolder();
    const site = await render();
    expect((await writeSite(site, folder)).isOk()).toBe(true);
    const { writeFile } = await import("node:fs/promises");
    await writeFile(join(folder, SITE_MANIFEST), `${JSON.stringify([...site.files.keys()])}\n`);
    const again = await writeSite(site, folder);
    expect(again.isOk() && again.value.written).toBe(site.files.size);
    const third = await writeSite(site, folder);
    expect(third.isOk() && third.value.written).toBe(0);
  });
});

describe("a rendered site's note pages", () => {
  it("are rendered when first asked for, and are the same whichever way they are read", async () => {
    const site = await render();
    const once = site.files.get(`notes/${B}.html`);
    expect(once).toContain("console app");
    expect(site.files.get(`notes/${B}.html`)).toBe(once);
    expect(site.files.has(`notes/${A}.html`)).toBe(true);
    expect(site.files.get("notes/id__Nope00.html")).toBeUndefined();
    const all = new Map(site.files);
    expect(all.size).toBe(site.files.size);
    expect(all.get(`notes/${B}.html`)).toBe(once);
    expect([...site.files.keys()]).toEqual([...all.keys()]);
  });
});

describe("SiteFiles", () => {
  it("renders a pending page only when it is first asked for, once", () => {
    let renders = 0;
    const files = new SiteFiles(
      new Map([["index.html", "home"]]),
      new Map([["notes/a.html", () => `page ${++renders}`]]),
    );
    expect(files.size).toBe(2);
    expect([...files.keys()]).toEqual(["index.html", "notes/a.html"]);
    expect(renders).toBe(0);
    expect(files.get("notes/a.html")).toBe("page 1");
    expect(files.get("notes/a.html")).toBe("page 1");
    expect([...files.values()]).toEqual(["home", "page 1"]);
    expect(renders).toBe(1);
  });
});

/** Writes the site into `folder`, then checks it holds the bytes of a first write. */
async function rebuildMatchesFirstWrite(
  folder: string,
  options: { history?: ReadonlyMap<string, readonly NoteCommit[]> } = {},
): Promise<WrittenSite> {
  fresh.memory.filesChanged();
  const site = await renderSite(fresh, { name: "Rebuild", ...options });
  if (site.isErr()) throw site.error;
  const written = await writeSite(site.value, folder);
  if (written.isErr()) throw written.error;
  const clean = await newFolder();
  fresh.memory.filesChanged();
  const again = await renderSite(fresh, { name: "Rebuild", ...options });
  if (again.isErr()) throw again.error;
  expect((await writeSite(again.value, clean)).isOk()).toBe(true);
  expect(await contents(folder)).toEqual(await contents(clean));
  return written.value;
}

function write(id: string, text: string): Promise<void> {
  return fresh.fs.promises.writeFile(`${fresh.root}/${paths[id] ?? ""}`, text);
}

describe("a rebuild by page keys", () => {
  it("renders only the pages whose key changed: an edited body is its page and its shard", async () => {
    const folder = await newFolder();
    const first = await rebuildMatchesFirstWrite(folder);
    expect(first.reused).toBe(0);
    const same = await rebuildMatchesFirstWrite(folder);
    // Four note pages and one shard of the search's bodies, none rendered again.
    expect(same).toMatchObject({ written: 0, reused: 5 });
    await write(C, "# Unrelated\n\n#people\n\nStill nothing to do with the console.\n");
    const edited = await rebuildMatchesFirstWrite(folder);
    expect(edited.reused).toBe(3);
  });

  it("follows every kind of change: each rebuild holds the bytes of a first write", async () => {
    const folder = await newFolder();
    await rebuildMatchesFirstWrite(folder);
    const E = "id__EEEEEE";
    const steps: (() => Promise<unknown>)[] = [
      // A retitled: B's backlink-free page shows A's title in its link and neighbourhood.
      () => write(A, "# Console app v2\n\n#repo\n\nThe web console.\n"),
      // A tag added to C, a tag page made.
      () => write(C, "# Unrelated\n\n#people #ops\n\nNothing to do with the console.\n"),
      // B superseded by C: B's banner, C's backlinks.
      () =>
        write(
          B,
          `# Igor\n\n> Superseded by [[${C}|the unrelated note]] on 2026-02-01: merged.\n\nIgor works on the [[${A}|console app]] daily.\n`,
        ),
      // A deleted: B's link to it shown broken, though B did not change.
      () => fresh.fs.promises.unlink(`${fresh.root}/${paths[A] ?? ""}`),
      // A back, and a new note linking to C (C's backlinks and neighbourhood).
      () => write(A, "# Console app\n\n#repo\n\nThe web console.\n"),
      async () => {
        const added = await seedNotes(fresh.fs, fresh.root, [
          { id: E, title: "Ops", body: `On call for [[${C}|the unrelated thing]].` },
        ]);
        Object.assign(paths, added);
      },
      // D archived: its status on its page.
      async () => {
        const from = `${fresh.root}/${paths[D] ?? ""}`;
        const to = from.replace(/^(.*\/)topics\//, "$1archive/");
        await fresh.fs.promises.mkdir(to.slice(0, to.lastIndexOf("/")), { recursive: true });
        await fresh.fs.promises.rename(from, to);
      },
    ];
    for (const step of steps) {
      await step();
      const written = await rebuildMatchesFirstWrite(folder);
      expect(written.written).toBeGreaterThan(0);
    }
    // A note's history (a commit) changes its page alone.
    const history = new Map([[C, [{ date: Date.UTC(2026, 1, 2), message: "Tidy <C>" }]]]);
    const committed = await rebuildMatchesFirstWrite(folder, { history });
    expect(committed.written).toBe(1);
    expect(await readFile(join(folder, `notes/${C}.html`), "utf8")).toContain("Tidy &lt;C&gt;");
  });

  it("renders every page again when the manifest has no keys (a write interrupted, or an older site)", async () => {
    const folder = await newFolder();
    await rebuildMatchesFirstWrite(folder);
    const manifest = JSON.parse(await readFile(join(folder, SITE_MANIFEST), "utf8")) as {
      keys: Record<string, string>;
    };
    expect(Object.keys(manifest.keys)).toContain(`notes/${A}.html`);
    const { writeFile } = await import("node:fs/promises");
    await writeFile(join(folder, SITE_MANIFEST), JSON.stringify({ ...manifest, keys: {} }));
    const again = await rebuildMatchesFirstWrite(folder);
    expect(again).toMatchObject({ written: 0, reused: 0 });
    // A key that is not the page's: that page is rendered again.
    await writeFile(
      join(folder, SITE_MANIFEST),
      JSON.stringify({ ...manifest, keys: { ...manifest.keys, [`notes/${B}.html`]: "stale" } }),
    );
    expect(await rebuildMatchesFirstWrite(folder)).toMatchObject({ written: 0, reused: 4 });
  });
});
