/**
 * Derived files never widen access (issue 28, finding 3): what the library derives from the
 * notes (`.agent-memory/cache/notes.json`, `search.json`, the git CLI adapter's saved
 * timestamps walk) is created owner-only, and a note a person made less readable than the
 * memory (0600 in a 0755 memory) has nothing of it (title, tags, links, words) in them.
 * Proven with a second local user, who reads a public note but neither the private one nor
 * any derived file. Creating that user needs root and `useradd`: without them the test is
 * skipped, and says so.
 */
import { execFileSync, spawnSync } from "node:child_process";
import * as nodeFs from "node:fs";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cliTimestampsStore } from "../../src/adapters/git-cli/git-cli-timestamps-file.js";
import { fsPersistence } from "../../src/adapters/fs/fs-persistence.js";
import { createNotesMemory } from "../../src/create-notes-memory.js";
import { NOTES_CACHE_PATH } from "../../src/notes/store/notes-cache-file.js";
import { SEARCH_CACHE_PATH } from "../../src/notes/search/search-cache-file.js";
import { okOf } from "../helpers/result-helpers.js";

const USER = `amtest${process.pid}`;
const PUBLIC = "topics/public id__Pubbb1.md";
const PRIVATE = "topics/secret id__Secrt2.md";

/** Why a second user cannot be made here, or undefined when it was. */
function makeUser(): string | undefined {
  if (process.getuid?.() !== 0) return "not running as root";
  const made = spawnSync("useradd", ["--no-create-home", "--shell", "/bin/sh", USER]);
  if (made.error !== undefined) return `useradd failed: ${made.error.message}`;
  if (made.status !== 0) return `useradd failed: ${made.stderr.toString().trim()}`;
  return undefined;
}

const unavailable = makeUser();
if (unavailable !== undefined) {
  // Loud on purpose: a skipped access test must not pass unnoticed.
  console.warn(`SKIPPED derived-files-access: no second local user (${unavailable}).`);
}

/** Whether the second user can read `path`. */
function otherUserReads(path: string): boolean {
  return spawnSync("runuser", ["-u", USER, "--", "cat", path]).status === 0;
}

let root = "";

beforeAll(async () => {
  if (unavailable !== undefined) return;
  const parent = await mkdtemp(join(tmpdir(), "derived-access-"));
  // mkdtemp makes the folder owner-only; the memory must be open to others for the test.
  await chmod(parent, 0o755);
  root = join(parent, "memory");
  nodeFs.mkdirSync(join(root, "topics"), { recursive: true, mode: 0o755 });
  await chmod(root, 0o755);
  await chmod(join(root, "topics"), 0o755);
  nodeFs.writeFileSync(join(root, PUBLIC), "# Public note\n\n#shared\n\nAbout gardening.\n", {
    mode: 0o644,
  });
  nodeFs.writeFileSync(
    join(root, PRIVATE),
    "# Secret plans\n\n#confidential\n\nThe zanzibar negotiation, see [[id__Pubbb1|public]].\n",
    { mode: 0o600 },
  );
  // Old enough that the racy-clean rule would save their facts.
  const past = new Date(Date.now() - 60_000);
  for (const path of [PUBLIC, PRIVATE]) nodeFs.utimesSync(join(root, path), past, past);
});

afterAll(async () => {
  if (unavailable !== undefined) return;
  spawnSync("userdel", [USER]);
  if (root !== "") await rm(join(root, ".."), { recursive: true, force: true });
});

describe.skipIf(unavailable !== undefined)("derived files, for another local user", () => {
  it("are owner-only, and hold nothing of a note narrower than the memory", async () => {
    const memory = () =>
      createNotesMemory({
        persistence: fsPersistence({ fs: nodeFs, root }),
        cache: { persist: true },
      });
    // The owner lists and searches everything, the private note included.
    const first = memory();
    const titles = okOf(await first.list()).map((meta) => meta.title);
    expect(titles.toSorted()).toEqual(["Public note", "Secret plans"]);
    expect(okOf(await first.search("zanzibar")).map((hit) => hit.title)).toEqual(["Secret plans"]);
    expect(okOf(await first.search("gardening")).map((hit) => hit.title)).toEqual(["Public note"]);

    // The other user: the public note yes; the private one and every derived file no.
    expect(otherUserReads(join(root, PUBLIC))).toBe(true);
    expect(otherUserReads(join(root, PRIVATE))).toBe(false);
    const notesCache = join(root, NOTES_CACHE_PATH);
    expect(nodeFs.existsSync(notesCache)).toBe(true);
    expect(otherUserReads(notesCache)).toBe(false);
    expect(nodeFs.statSync(notesCache).mode & 0o777).toBe(0o600);
    expect(nodeFs.statSync(join(root, ".agent-memory/cache")).mode & 0o077).toBe(0);

    // Nothing of the private note in them, even for whoever gets to read them.
    const cached = nodeFs.readFileSync(notesCache, "utf8");
    expect(cached).toContain("Public note");
    for (const fact of ["Secret plans", "confidential", "Secrt2", "secret"]) {
      expect(cached).not.toContain(fact);
    }
    // The saved index cannot leave one note out: with a narrower note there is none.
    expect(nodeFs.existsSync(join(root, SEARCH_CACHE_PATH))).toBe(false);

    // A later process still answers right, reading the private note from its file.
    const later = memory();
    expect(
      okOf(await later.list())
        .map((meta) => meta.title)
        .toSorted(),
    ).toEqual(["Public note", "Secret plans"]);
    expect(okOf(await later.search("zanzibar")).map((hit) => hit.title)).toEqual(["Secret plans"]);
  });

  it("drop a saved index and cached facts once a note is made narrower than the memory", async () => {
    // Opened up: everything is cached and indexed.
    await chmod(join(root, PRIVATE), 0o644);
    const memory = () =>
      createNotesMemory({
        persistence: fsPersistence({ fs: nodeFs, root }),
        cache: { persist: true },
      });
    okOf(await memory().search("zanzibar"));
    expect(nodeFs.readFileSync(join(root, SEARCH_CACHE_PATH), "utf8")).toContain("zanzibar");
    expect(nodeFs.readFileSync(join(root, NOTES_CACHE_PATH), "utf8")).toContain("Secret plans");
    expect(nodeFs.statSync(join(root, SEARCH_CACHE_PATH)).mode & 0o777).toBe(0o600);
    // Narrowed again (chmod changes the ctime, so the cached facts no longer stand).
    await chmod(join(root, PRIVATE), 0o600);
    const narrowed = memory();
    expect(okOf(await narrowed.search("zanzibar")).map((hit) => hit.title)).toEqual([
      "Secret plans",
    ]);
    expect(nodeFs.existsSync(join(root, SEARCH_CACHE_PATH))).toBe(false);
    expect(nodeFs.readFileSync(join(root, NOTES_CACHE_PATH), "utf8")).not.toContain("Secret plans");
  });

  it("the git CLI adapter's saved timestamps walk is owner-only", async () => {
    const gitdir = join(root, ".git");
    execFileSync("git", ["init", "-q", root]);
    await cliTimestampsStore(gitdir, "").save({
      head: "0".repeat(40),
      handle: "0".repeat(40),
      times: new Map(),
    });
    const folder = join(gitdir, "agent-memory");
    const [file = ""] = nodeFs.readdirSync(folder);
    expect(nodeFs.statSync(join(folder, file)).mode & 0o777).toBe(0o600);
    expect(otherUserReads(join(folder, file))).toBe(false);
  });
});
