/**
 * A memory whose ids have another width (8, where new ids have 6) beside ids of the current
 * one, through the whole code path: the files' names and links, the notes cache, the search
 * cache, the git CLI adapter's saved timestamps walk, the index note's tiers, a rename, a
 * search, a list, a later process that answers from the caches, and the built CLI. The width
 * is set the way a host would, by the `generateId` option; everything else reads ids by the
 * model's accepted range, so an id width change is `ID_BODY_LENGTH` plus the caches' versions
 * (issue 29). Real files, real git, the real CLI.
 */
import * as nodeFs from "node:fs";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fsPersistence } from "../../src/adapters/fs/fs-persistence.js";
import { gitCli } from "../../src/adapters/git-cli/git-cli.js";
import { createMemory } from "../../src/memory.js";
import { generateId, ID_BODY_LENGTH, ID_PREFIX, isValidId } from "../../src/model/id.js";
import { NOTES_CACHE_PATH } from "../../src/notes/store/notes-cache-file.js";
import { SEARCH_CACHE_PATH } from "../../src/notes/search/search-cache-file.js";
import { createSandbox, type Sandbox } from "../cli/cli-harness.js";
import { okOf } from "../helpers/result-helpers.js";

const WIDE = 8;

let sandbox: Sandbox;
let root = "";

/** A memory as one process opens it; new notes get ids of `width` characters. */
function open(width: number = WIDE) {
  return createMemory({
    persistence: fsPersistence({ fs: nodeFs, root }),
    git: gitCli({
      dir: root,
      env: sandbox.env,
      author: { name: "agent-memory", email: "agent-memory@localhost" },
    }),
    cache: { persist: true },
    generateId: () => generateId(undefined, width),
  });
}

type Opened = ReturnType<typeof open>;

/** What a memory answers about everything this test looks at. */
async function answers(memory: Opened, ids: readonly string[]) {
  return {
    list: okOf(await memory.list()).map(({ id, title, path, createdAt, updatedAt }) => ({
      id,
      title,
      path,
      createdAt,
      updatedAt,
    })),
    links: await Promise.all(ids.map(async (id) => okOf(await memory.links(id)))),
    search: okOf(await memory.search("zanzibar")).map((hit) => hit.id),
    tiers: okOf(await memory.index.get()),
    broken: okOf(await memory.brokenLinks()),
  };
}

const bodyOf = (id: string) => id.slice(ID_PREFIX.length);

let wide = "";
let wider = "";
let old = "";
let later = "";

beforeAll(async () => {
  sandbox = await createSandbox();
  root = join(sandbox.dir, "memory");
  nodeFs.mkdirSync(root);
  await sandbox.git(root, ["init", "--quiet", "--initial-branch=main"]);
});

afterAll(() => sandbox.cleanup());

describe(`a memory with ids of ${WIDE} characters beside ids of ${ID_BODY_LENGTH}`, () => {
  it("writes, links, tiers, renames, searches and lists them, and commits them", async () => {
    const memory = open();
    // An id made before the width changed: a host's own choice of a current-width id.
    old = okOf(
      await memory.capture(
        { title: "Release checklist", body: "Tag, build, publish.", tags: ["release"] },
        {
          id: generateId(undefined, ID_BODY_LENGTH),
          status: "active",
          commit: "capture the checklist",
        },
      ),
    ).id;
    wide = okOf(
      await memory.capture(
        { title: "Zanzibar deploys", body: `Deploys follow the [[${old}|release checklist]].` },
        { status: "active", commit: "capture zanzibar" },
      ),
    ).id;
    wider = okOf(
      await memory.capture(
        {
          title: "Staging",
          body: `Staging mirrors [[${wide}|Zanzibar deploys]] and [[${old}]].`,
          tags: ["infra"],
        },
        { status: "active", commit: "capture staging" },
      ),
    ).id;
    expect(bodyOf(wide)).toHaveLength(WIDE);
    expect(bodyOf(wider)).toHaveLength(WIDE);
    expect(bodyOf(old)).toHaveLength(ID_BODY_LENGTH);
    for (const id of [old, wide, wider]) expect(isValidId(id)).toBe(true);
    expect(nodeFs.readdirSync(join(root, "topics")).toSorted()).toEqual(
      [
        `release-checklist ${old}.md`,
        `zanzibar-deploys ${wide}.md`,
        `staging ${wider}.md`,
      ].toSorted(),
    );

    okOf(await memory.index.set({ hot: [wide], warm: [old, wider] }));
    const tiers = okOf(await memory.index.get());
    expect(tiers.hot.map((entry) => entry.id)).toEqual([wide]);
    expect(tiers.warm.map((entry) => entry.id)).toEqual([old, wider]);

    const links = okOf(await memory.links(wide));
    expect(links.inbound.map((link) => link.id)).toEqual([wider]);
    expect(links.outbound).toEqual([
      { id: old, displayText: "release checklist", exists: true, status: "active" },
    ]);
    expect(okOf(await memory.brokenLinks())).toEqual([]);

    // A rename rewrites the inbound link texts that showed the old title.
    const renamed = okOf(
      await memory.rename(wide, "Zanzibar deploys go through staging", { commit: "rename" }),
    );
    expect(renamed.path).toBe(`topics/zanzibar-deploys-go-through-staging ${wide}.md`);
    // Staging's link, and the index note's hot line, both showed the old title.
    expect(renamed.updatedLinks).toBe(2);
    expect(okOf(await memory.read(wider)).body).toContain(
      `[[${wide}|Zanzibar deploys go through staging]]`,
    );

    expect(okOf(await memory.search("zanzibar")).map((hit) => hit.id)).toContain(wide);
    const listed = okOf(await memory.list());
    expect(listed.map((note) => note.id).toSorted()).toEqual([old, wide, wider].toSorted());
    // Times come from git: the rename is the wide note's last commit, after its capture.
    const times = listed.find((note) => note.id === wide);
    expect(times?.createdAt).toBeGreaterThan(0);
    expect(times?.updatedAt).toBeGreaterThanOrEqual(times?.createdAt ?? Infinity);
  });

  it("answers a later process from its caches as the first process did", async () => {
    const ids = [old, wide, wider];
    const first = await answers(open(), ids);
    // Every cache is written, and holds the wide ids.
    const notesCache = nodeFs.readFileSync(join(root, NOTES_CACHE_PATH), "utf8");
    expect(notesCache).toContain(`${bodyOf(wide)} ${bodyOf(old)}`);
    expect(nodeFs.existsSync(join(root, SEARCH_CACHE_PATH))).toBe(true);
    const walks = join(root, ".git", "agent-memory");
    const [walk] = (await readdir(walks)).filter((name) => name.startsWith("cli-timestamps-"));
    const saved = JSON.parse(nodeFs.readFileSync(join(walks, walk ?? "missing"), "utf8")) as {
      times: { ids: string };
    };
    expect(saved.times.ids.split(" ").toSorted()).toEqual(ids.toSorted());

    const second = await answers(open(), ids);
    expect(second).toEqual(first);
    expect(first.search).toContain(wide);
    expect(first.links[1]?.inbound.map((link) => link.id)).toEqual([wider]);
  });

  it("takes new ids of the current width beside the wide ones (an id is forever)", async () => {
    const memory = open(ID_BODY_LENGTH);
    later = okOf(
      await memory.capture(
        { title: "Rollback", body: `Undo a [[${wide}|zanzibar deploy]] by redeploying the tag.` },
        { commit: "capture rollback" },
      ),
    ).id;
    expect(bodyOf(later)).toHaveLength(ID_BODY_LENGTH);
    expect(
      okOf(await memory.links(wide))
        .inbound.map((link) => link.id)
        .toSorted(),
    ).toEqual([wider, later].toSorted());
    expect(
      okOf(await open().list())
        .map((note) => note.id)
        .toSorted(),
    ).toEqual([old, wide, wider, later].toSorted());
  });

  it("shows, lists and searches them through the built CLI", async () => {
    const shown = await sandbox.cli(["show", bodyOf(wide), "--root", root, "--json"]);
    expect(shown.stderr).toBe("");
    expect(shown.code).toBe(0);
    expect(JSON.parse(shown.stdout)).toMatchObject({
      id: wide,
      title: "Zanzibar deploys go through staging",
    });
    const listed = await sandbox.cli(["list", "--root", root, "--json"]);
    expect(listed.code).toBe(0);
    const notes = JSON.parse(listed.stdout) as { id: string; createdAt: number }[];
    expect(notes.map((note) => note.id).toSorted()).toEqual([old, wide, wider, later].toSorted());
    for (const note of notes) expect(note.createdAt).toBeGreaterThan(0);
    const found = await sandbox.cli(["search", "zanzibar", "--root", root, "--json"]);
    expect(found.code).toBe(0);
    expect((JSON.parse(found.stdout) as { id: string }[]).map((hit) => hit.id)).toContain(wide);
  });
});
