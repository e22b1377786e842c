/**
 * Issue 33, part 2: the Obsidian plugin (examples/obsidian-plugin) on a fake vault built from a
 * real memory. The fake metadata cache resolves links the way Obsidian's app.js does (read in
 * a de-minified copy of app.js: `getLinkpathDest` looks the link path plus ".md" up among the
 * files' lowercased names, then by path suffix; `resolveLinks` fills `resolvedLinks` and
 * `unresolvedLinks` through `this.getFirstLinkpathDest`; `getBacklinksForFile` compares
 * `this.getFirstLinkpathDest` of every link with the file), so the test shows both the
 * problem (every id link unresolved) and the fix (clicks, graph edges, backlinks).
 */
import { describe, expect, it } from "vitest";
import { createIdFileIndex } from "../../examples/obsidian-plugin/src/id-file-index.js";
import {
  resolveAgain,
  resolveIdLinks,
} from "../../examples/obsidian-plugin/src/link-resolution.js";
import { direntName, type FsLike } from "../../src/adapters/fs/fs-like.js";
import { freshMemory } from "../helpers/fresh-memory.js";
import { okOf } from "../helpers/result-helpers.js";

interface FakeFile {
  readonly path: string;
  readonly name: string;
  readonly basename: string;
  readonly extension: string;
}

const fileAt = (path: string): FakeFile => {
  const name = path.slice(path.lastIndexOf("/") + 1);
  const dot = name.lastIndexOf(".");
  return { path, name, basename: name.slice(0, dot), extension: name.slice(dot + 1) };
};

// Obsidian's link syntax: [[path#subpath|display]]; the link path is what resolves.
const WIKILINK = /!?\[\[([^\]|#]*)(?:#[^\]|]*)?(?:\|[^\]]*)?\]\]/gu;

/** A metadata cache that resolves as Obsidian's does, over fixed files and their text. */
class FakeMetadataCache {
  resolvedLinks: Record<string, Record<string, number>> = {};
  unresolvedLinks: Record<string, Record<string, number>> = {};
  constructor(
    private readonly files: readonly FakeFile[],
    private readonly texts: ReadonlyMap<string, string>,
  ) {}
  getFirstLinkpathDest(linkpath: string, _sourcePath: string): FakeFile | null {
    const wanted = `${linkpath}.md`.toLowerCase();
    const named = this.files.filter((file) => file.name.toLowerCase() === wanted);
    if (named.length > 0) return named[0] ?? null;
    return this.files.find((file) => file.path.toLowerCase() === wanted) ?? null;
  }
  resolveLinks(sourcePath: string): void {
    const resolved: Record<string, number> = {};
    const unresolved: Record<string, number> = {};
    for (const linkpath of this.linksOf(sourcePath)) {
      const dest = this.getFirstLinkpathDest(linkpath, sourcePath);
      if (dest === null) unresolved[linkpath] = (unresolved[linkpath] ?? 0) + 1;
      else resolved[dest.path] = (resolved[dest.path] ?? 0) + 1;
    }
    this.resolvedLinks[sourcePath] = resolved;
    this.unresolvedLinks[sourcePath] = unresolved;
  }
  getBacklinksForFile(file: FakeFile): string[] {
    return [...this.texts.keys()].filter((source) =>
      this.linksOf(source).some((linkpath) => this.getFirstLinkpathDest(linkpath, source) === file),
    );
  }
  private linksOf(path: string): string[] {
    return [...(this.texts.get(path) ?? "").matchAll(WIKILINK)].map((match) => match[1] ?? "");
  }
}

/** Every file under `dir` (relative paths), folders whose names start with a dot left out. */
async function walk(fs: FsLike, root: string, dir: string): Promise<string[]> {
  const found: string[] = [];
  const entries = await fs.promises.readdir(`${root}/${dir}`, { withFileTypes: true });
  for (const entry of entries) {
    if (typeof entry !== "object" || !("isDirectory" in entry)) continue;
    const name = direntName(entry.name);
    if (name.startsWith(".")) continue;
    const path = dir === "" ? name : `${dir}/${name}`;
    if (entry.isDirectory()) found.push(...(await walk(fs, root, path)));
    else found.push(path);
  }
  return found.toSorted();
}

/** A real memory (captured through the library), its files as a vault, and a stray click file. */
async function vaultFromMemory() {
  let n = 0;
  const { memory, fs, root } = await freshMemory({ generateId: () => `id__Obs1d${n++}` });
  const consoleApp = okOf(
    await memory.capture({ title: "Console app", body: "The web console." }, { status: "active" }),
  );
  const igor = okOf(
    await memory.capture(
      { title: "Igor", body: `Igor builds the [[${consoleApp.id}|console app]].` },
      { status: "active" },
    ),
  );
  okOf(await memory.index.promote(igor.id, "hot"));
  const texts = new Map<string, string>();
  for (const path of ["index.md", consoleApp.path, igor.path]) {
    texts.set(path, String(await fs.promises.readFile(`${root}/${path}`, "utf8")));
  }
  // The empty file an earlier click (before the plugin) created at the vault root.
  const files = [...texts.keys(), `${consoleApp.id}.md`].map(fileAt);
  return { files, texts, consoleApp, igor };
}

describe("the Obsidian plugin", () => {
  it("without it, Obsidian leaves every id link unresolved", async () => {
    const { files, texts, consoleApp } = await vaultFromMemory();
    const cache = new FakeMetadataCache(files.slice(0, 3), texts);
    resolveAgain(cache, files);
    expect(
      Object.values(cache.resolvedLinks).every((links) => Object.keys(links).length === 0),
    ).toBe(true);
    expect(cache.unresolvedLinks).toMatchObject({ [files[2]?.path ?? ""]: { [consoleApp.id]: 1 } });
  });

  it("resolves [[id__X|text]] for clicks, graph edges and backlinks, over a stray id__X.md", async () => {
    const { files, texts, consoleApp, igor } = await vaultFromMemory();
    const cache = new FakeMetadataCache(files, texts);
    const undo = resolveIdLinks(cache, createIdFileIndex(files));
    expect(resolveAgain(cache, files)).toBe(4);

    // A click or hover preview on [[id|console app]] opens the note, not the stray empty file.
    expect(cache.getFirstLinkpathDest(consoleApp.id, igor.path)?.path).toBe(consoleApp.path);
    // The graph view's edges.
    expect(cache.resolvedLinks[igor.path]).toEqual({ [consoleApp.path]: 1 });
    expect(cache.resolvedLinks["index.md"]).toEqual({ [igor.path]: 1 });
    expect(
      Object.values(cache.unresolvedLinks).every((links) => Object.keys(links).length === 0),
    ).toBe(true);
    // The backlinks pane.
    const consoleFile = files.find((file) => file.path === consoleApp.path);
    expect(consoleFile && cache.getBacklinksForFile(consoleFile)).toEqual([igor.path]);
    // Other links resolve as before; unloading the plugin restores Obsidian's resolver.
    expect(cache.getFirstLinkpathDest("index", igor.path)?.path).toBe("index.md");
    undo();
    expect(cache.getFirstLinkpathDest(consoleApp.id, igor.path)?.path).toBe(`${consoleApp.id}.md`);
  });

  it("keeps links, edges and backlinks working as the library renames and archives notes", async () => {
    let n = 0;
    const { memory, fs, root } = await freshMemory({ generateId: () => `id__Obs2d${n++}` });
    const target = okOf(
      await memory.capture(
        { title: "Release branch", body: "Deploys go through it." },
        { status: "active" },
      ),
    );
    const sources = [];
    for (const who of ["Ana", "Igor", "Mia"]) {
      sources.push(
        okOf(
          await memory.capture(
            { title: who, body: `${who} follows the [[${target.id}|release branch]] rule.` },
            { status: "active" },
          ),
        ),
      );
    }
    // The vault as Obsidian opens the folder: every markdown file, dot folders left out.
    const vault = async () => {
      const paths = (await walk(fs, root, "")).filter((path) => path.endsWith(".md"));
      const texts = new Map<string, string>();
      for (const path of paths)
        texts.set(path, String(await fs.promises.readFile(`${root}/${path}`, "utf8")));
      return { files: paths.map(fileAt), texts };
    };
    const before = await vault();
    const index = createIdFileIndex(before.files);
    // What the library does to files under Obsidian: a retitle renames the file (and rewrites
    // the link text), an archive moves it; Obsidian reports each as a rename event.
    const renamed = okOf(await memory.rename(target.id, "Deploys via the release branch"));
    index.renamed(fileAt(renamed.path), renamed.previousPath);
    const archived = okOf(await memory.archive(target.id));
    expect(archived.path).toMatch(/^archive\//);
    const after = await vault();
    // Obsidian hands the event the vault's own file object (backlinks compare by identity).
    const moved = after.files.find((file) => file.path === archived.path);
    if (moved === undefined) throw new Error(`the vault has no ${archived.path}`);
    index.renamed(moved, archived.previousPath);
    expect(after.files.map((file) => file.path)).not.toContain(target.path);
    const cache = new FakeMetadataCache(after.files, after.texts);
    resolveIdLinks(cache, index);
    resolveAgain(cache, after.files);
    for (const source of sources) {
      expect(cache.getFirstLinkpathDest(target.id, source.path)?.path).toBe(archived.path);
      expect(cache.resolvedLinks[source.path]).toEqual({ [archived.path]: 1 });
    }
    expect(cache.getBacklinksForFile(moved)).toEqual(
      sources.map((source) => source.path).toSorted(),
    );
    // The links the rename rewrote still carry the id Obsidian now resolves.
    expect(after.texts.get(sources[0]?.path ?? "")).toContain(`[[${target.id}|`);
  });

  it("follows renames, moves and deletions of the notes", () => {
    const index = createIdFileIndex([fileAt("topics/igor id__Kf9mNp.md")]);
    index.renamed(fileAt("archive/igor-designer id__Kf9mNp.md"), "topics/igor id__Kf9mNp.md");
    expect(index.find("id__Kf9mNp")?.path).toBe("archive/igor-designer id__Kf9mNp.md");
    index.remove(fileAt("archive/igor-designer id__Kf9mNp.md"));
    expect(index.find("id__Kf9mNp")).toBeUndefined();
    index.add(fileAt("id__Kf9mNp.md"));
    expect(index.find("id__Kf9mNp")).toBeUndefined();
  });
});
