import { errAsync } from "neverthrow";
import { describe, expect, it } from "vitest";
import { inMemoryPorts } from "../../src/adapters/in-memory/in-memory.js";
import { migrateToV2 } from "../../src/migrate/migrate-to-v2.js";
import { PersistenceError } from "../../src/errors.js";
import type { Git } from "../../src/ports/git.js";
import type { Persistence } from "../../src/ports/persistence.js";
import { errOf, okOf } from "../helpers/result-helpers.js";

const header = (meta: Record<string, unknown>): string =>
  `<!-- agent-memory:meta ${JSON.stringify(meta)} -->\n`;

const OLD_TREE: Readonly<Record<string, string>> = {
  "orgs/acme/topics/_top-of-mind igor -- people id__Kf9mNp.md":
    header({
      id: "id__Kf9mNp",
      title: "Igor",
      tags: ["topic__team"],
      used: 3,
      last_used: "2025-01-01",
    }) + "Works with [[id__Ab3xYz|Ana]].\n",
  "orgs/acme/archive/ana -- people id__Ab3xYz.md":
    header({ id: "id__Ab3xYz", title: "Ana", pinned: true }) + "Ana.\n",
  "orgs/acme/topics/broken -- x id__Brk001.md": "<!-- agent-memory:meta {nope} -->\nx\n",
  "orgs/acme/topics/done id__New001.md": "# Done\n\nAlready new.\n",
};

/** A fresh in-memory memory holding `tree`, all committed. */
async function seeded(tree: Readonly<Record<string, string>>) {
  const ports = okOf(await inMemoryPorts({ now: () => Date.UTC(2025, 0, 1) }));
  for (const [path, content] of Object.entries(tree))
    okOf(await ports.persistence.write(path, content));
  okOf(await ports.git.commit("old format"));
  return ports;
}

/** Wraps a persistence, recording every call that could change a file. */
function spyOn(persistence: Persistence): { persistence: Persistence; writes: string[] } {
  const writes: string[] = [];
  const create = persistence.createExclusive?.bind(persistence);
  return {
    writes,
    persistence: {
      list: (dir) => persistence.list(dir),
      read: (path) => persistence.read(path),
      write: (path, content) => {
        writes.push(`write ${path}`);
        return persistence.write(path, content);
      },
      move: (from, to) => {
        writes.push(`move ${from}`);
        return persistence.move(from, to);
      },
      remove: (path) => {
        writes.push(`remove ${path}`);
        return persistence.remove(path);
      },
      ...(create === undefined
        ? {}
        : {
            createExclusive: (path: string, content: string) => {
              writes.push(`create ${path}`);
              return create(path, content);
            },
          }),
    },
  };
}

/** Records the commits made through a git port. */
function countingGit(git: Git): { git: Git; commits: string[] } {
  const commits: string[] = [];
  return {
    commits,
    git: {
      timestamps: (prefix) => git.timestamps(prefix),
      commit: (message, paths) => {
        commits.push(message);
        return git.commit(message, paths);
      },
    },
  };
}

describe("migrateToV2", () => {
  it("migrates, links top-of-mind entries from their index note, and commits once", async () => {
    const ports = await seeded(OLD_TREE);
    const { git, commits } = countingGit(ports.git);
    const summary = okOf(await migrateToV2({ persistence: ports.persistence, git }));
    expect(summary.migrated.map(({ from, to, hot }) => ({ from, to, hot }))).toEqual([
      {
        from: "orgs/acme/archive/ana -- people id__Ab3xYz.md",
        to: "orgs/acme/archive/ana id__Ab3xYz.md",
        hot: true,
      },
      {
        from: "orgs/acme/topics/_top-of-mind igor -- people id__Kf9mNp.md",
        to: "orgs/acme/topics/igor id__Kf9mNp.md",
        hot: true,
      },
    ]);
    expect(summary.skipped).toEqual([
      { path: "orgs/acme/topics/done id__New001.md", id: "id__New001" },
    ]);
    expect(summary.errors).toMatchObject([{ path: "orgs/acme/topics/broken -- x id__Brk001.md" }]);
    expect(summary.indexUpdates).toEqual([
      {
        path: "orgs/acme/index.md",
        created: true,
        added: [
          { id: "id__Ab3xYz", title: "Ana" },
          { id: "id__Kf9mNp", title: "Igor" },
        ],
      },
    ]);
    const read = async (path: string) => okOf(await ports.persistence.read(path));
    expect(await read("orgs/acme/topics/igor id__Kf9mNp.md")).toBe(
      "# Igor\n\n#topic__team #people\n\nWorks with [[id__Ab3xYz|Ana]].\n",
    );
    expect(await read("orgs/acme/archive/ana id__Ab3xYz.md")).toBe("# Ana\n\n#people\n\nAna.\n");
    expect(await read("orgs/acme/index.md")).toBe(
      "# Index\n\n## Hot\n\n- [[id__Ab3xYz|Ana]]\n- [[id__Kf9mNp|Igor]]\n\n## Warm\n",
    );
    expect(commits).toEqual(["memory: migrate 2 entries to the v2 note format"]);
    expect(summary.commit).toMatch(/^[0-9a-f]{40}$/);
    // Nothing is left uncommitted by the migration: the old names are gone from the tree too.
    expect(okOf(await ports.git.commit("anything left?"))).toBeNull();
  });

  it("is idempotent: a second run writes nothing and skips every entry", async () => {
    const ports = await seeded(OLD_TREE);
    okOf(await migrateToV2({ persistence: ports.persistence, git: ports.git }));
    const spy = spyOn(ports.persistence);
    const { git, commits } = countingGit(ports.git);
    const again = okOf(await migrateToV2({ persistence: spy.persistence, git }));
    expect(again.migrated).toEqual([]);
    expect(again.indexUpdates).toEqual([]);
    expect(again.skipped.map((entry) => entry.id)).toEqual([
      "id__Ab3xYz",
      "id__New001",
      "id__Kf9mNp",
    ]);
    expect(again.commit).toBeNull();
    expect(spy.writes).toEqual([]);
    expect(commits).toEqual([]);
  });

  it("dry run: returns the same plan as a real run and writes and commits nothing", async () => {
    const ports = await seeded(OLD_TREE);
    const spy = spyOn(ports.persistence);
    const { git, commits } = countingGit(ports.git);
    const plan = okOf(await migrateToV2({ persistence: spy.persistence, git, dryRun: true }));
    expect(spy.writes).toEqual([]);
    expect(commits).toEqual([]);
    expect(plan).toMatchObject({ dryRun: true, commit: null });
    const real = okOf(await migrateToV2({ persistence: ports.persistence, git: ports.git }));
    expect({ ...plan, dryRun: true, commit: null }).toEqual({
      ...real,
      dryRun: true,
      commit: null,
    });
  });

  it("commits nothing when told not to, and works without git", async () => {
    const ports = await seeded(OLD_TREE);
    const { git, commits } = countingGit(ports.git);
    const summary = okOf(await migrateToV2({ persistence: ports.persistence, git, commit: false }));
    expect(summary.migrated).toHaveLength(2);
    expect(commits).toEqual([]);
    const other = await seeded(OLD_TREE);
    expect(okOf(await migrateToV2({ persistence: other.persistence })).commit).toBeNull();
  });

  it("reports a file it cannot write, leaves it, and goes on", async () => {
    const ports = await seeded(OLD_TREE);
    const failing: Persistence = {
      list: (dir) => ports.persistence.list(dir),
      read: (path) => ports.persistence.read(path),
      remove: (path) => ports.persistence.remove(path),
      move: (from, to) => ports.persistence.move(from, to),
      write: (path, content) =>
        path.includes("igor")
          ? errAsync(new PersistenceError("disk full"))
          : ports.persistence.write(path, content),
    };
    const summary = okOf(await migrateToV2({ persistence: failing, git: ports.git }));
    expect(summary.migrated.map((entry) => entry.id)).toEqual(["id__Ab3xYz"]);
    expect(summary.errors.map((problem) => problem.reason).join("\n")).toMatch(
      /could not write .*disk full/,
    );
    expect(summary.indexUpdates[0]?.added).toEqual([{ id: "id__Ab3xYz", title: "Ana" }]);
    expect(
      okOf(
        await ports.persistence.read("orgs/acme/topics/_top-of-mind igor -- people id__Kf9mNp.md"),
      ),
    ).toBe(OLD_TREE["orgs/acme/topics/_top-of-mind igor -- people id__Kf9mNp.md"]);
  });

  it("fails when the tree cannot be listed", async () => {
    const ports = await seeded({});
    const broken: Persistence = {
      list: () => errAsync(new PersistenceError("gone")),
      read: (path) => ports.persistence.read(path),
      write: (path, content) => ports.persistence.write(path, content),
      move: (from, to) => ports.persistence.move(from, to),
      remove: (path) => ports.persistence.remove(path),
    };
    expect(errOf(await migrateToV2({ persistence: broken })).code).toBe("PERSISTENCE");
  });
});
