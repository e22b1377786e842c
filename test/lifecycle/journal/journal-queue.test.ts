import { describe, expect, it } from "vitest";
import { errOf, okOf } from "../../helpers/result-helpers.js";
import { ampEntry, setupJournal as setup } from "./journal-helpers.js";

describe("journal.pending", () => {
  it("lists valid entries oldest first and writes nothing", async () => {
    const { journal, tick, files } = setup();
    tick(60_000);
    const later = okOf(await journal.add(ampEntry));
    const earlier = okOf(await journal.add({ ...ampEntry, timestamp: "2026-02-13T08:00:00.000Z" }));
    const before = await files("");
    expect(okOf(await journal.pending()).map((entry) => entry.id)).toEqual([earlier.id, later.id]);
    expect(await files("")).toEqual(before);
  });

  it("skips invalid files without moving them; quarantineInvalid moves them with a reason", async () => {
    const { journal, persistence, files } = setup();
    const good = okOf(await journal.add(ampEntry));
    await persistence.write("journal/pending/broken.json", "{ not json");
    await persistence.write(
      "journal/pending/wrong.json",
      JSON.stringify({ version: 1, harness: "x" }),
    );
    await persistence.write("journal/pending/.gitkeep", "");
    expect(okOf(await journal.pending()).map((entry) => entry.id)).toEqual([good.id]);
    expect(await files("journal/invalid")).toEqual([]);

    const moved = okOf(await journal.quarantineInvalid());
    expect(moved.map((file) => file.id).toSorted()).toEqual(["broken", "wrong"]);
    expect(await files("journal/invalid")).toEqual([
      "journal/invalid/broken.json",
      "journal/invalid/broken.reason.txt",
      "journal/invalid/wrong.json",
      "journal/invalid/wrong.reason.txt",
    ]);
    expect(okOf(await persistence.read("journal/invalid/broken.json"))).toBe("{ not json");
    expect(okOf(await persistence.read("journal/invalid/broken.reason.txt"))).toMatch(
      /not valid JSON/,
    );
    expect(okOf(await persistence.read("journal/invalid/wrong.reason.txt"))).toMatch(/timestamp/);
    expect(await files("journal/pending")).toEqual([
      "journal/pending/.gitkeep",
      `journal/pending/${good.id}.json`,
    ]);
    const invalid = okOf(await journal.list({ status: "invalid" }));
    expect(invalid.map((file) => [file.id, file.quarantined])).toEqual([
      ["broken", true],
      ["wrong", true],
    ]);
    expect(invalid[0]?.reason).toMatch(/not valid JSON/);
  });

  it("quarantines an oversized file unread and keeps both copies of a repeated name", async () => {
    const { journal, persistence, files } = setup();
    await persistence.write("journal/invalid/dup.json", "old");
    await persistence.write("journal/pending/dup.json", "[]");
    await persistence.write("journal/pending/huge.json", `"${"x".repeat(70 * 1024)}"`);
    const moved = okOf(await journal.quarantineInvalid());
    expect(moved.find((file) => file.path.includes("huge"))?.reason).toMatch(/65536/);
    const invalid = await files("journal/invalid");
    expect(
      invalid.filter((path) => path.startsWith("journal/invalid/dup") && path.endsWith(".json")),
    ).toHaveLength(2);
    expect(okOf(await persistence.read("journal/invalid/dup.json"))).toBe("old");
  });

  it("leaves an entry of a newer version in pending, reported but never quarantined", async () => {
    const { journal, persistence, files } = setup();
    await persistence.write(
      "journal/pending/future.json",
      JSON.stringify({ version: 2, whatever: true }),
    );
    expect(okOf(await journal.quarantineInvalid())).toEqual([]);
    expect(await files("journal/pending")).toEqual(["journal/pending/future.json"]);
    const [listed] = okOf(await journal.list({ status: "invalid" }));
    expect(listed).toMatchObject({ id: "future", quarantined: false, newerVersion: true });
  });
});

describe("journal.markConsolidated", () => {
  it("moves entries to done with the commit, and pending no longer lists them", async () => {
    const { journal, persistence, files } = setup();
    const { redacted: _redacted, ...a } = okOf(await journal.add(ampEntry));
    const b = okOf(await journal.add(ampEntry));
    const done = okOf(
      await journal.markConsolidated([a.id], { commit: "9fceb02", notes: ["id__Kf9mNp"] }),
    );
    expect(done).toEqual([
      {
        ...a,
        // The done record (committed) keeps no home directory (issue 12).
        context: { ...a.context, cwd: "~/project" },
        consolidated: {
          commit: "9fceb02",
          notes: ["id__Kf9mNp"],
          consolidatedAt: "2026-02-13T09:30:00.000Z",
        },
      },
    ]);
    expect(okOf(await journal.pending()).map((entry) => entry.id)).toEqual([b.id]);
    expect(await files("journal/done")).toEqual([`journal/done/${a.id}.json`]);
    expect(
      JSON.parse(okOf(await persistence.read(`journal/done/${a.id}.json`))).consolidated.commit,
    ).toBe("9fceb02");
    expect(okOf(await journal.list({ status: "done" }))).toEqual(done);
  });

  it("after a crash between the done write and the pending removal: not pending, and a re-run finishes", async () => {
    const { journal, persistence } = setup();
    const a = okOf(await journal.add(ampEntry));
    const pendingText = okOf(await persistence.read(`journal/pending/${a.id}.json`));
    okOf(await journal.markConsolidated([a.id], { commit: "first" }));
    // Simulate the crash: the pending file is still there beside its done record.
    await persistence.write(`journal/pending/${a.id}.json`, pendingText);
    expect(okOf(await journal.pending())).toEqual([]);
    const again = okOf(await journal.markConsolidated([a.id], { commit: "second" }));
    expect(again[0]?.consolidated.commit).toBe("first");
    expect(okOf(await persistence.list("journal/pending"))).toEqual([]);
  });

  it("fails before writing anything when one id is unknown or invalid", async () => {
    const { journal, files, persistence } = setup();
    const a = okOf(await journal.add(ampEntry));
    expect(errOf(await journal.markConsolidated([a.id, "nope"], { commit: "c" })).code).toBe(
      "NOT_FOUND",
    );
    expect(errOf(await journal.markConsolidated(["../x"], { commit: "c" })).code).toBe(
      "INVALID_INPUT",
    );
    await persistence.write("journal/pending/bad.json", "{}");
    expect(errOf(await journal.markConsolidated([a.id, "bad"], { commit: "c" })).code).toBe(
      "INVALID_INPUT",
    );
    const noResult: unknown = {};
    expect(errOf(await journal.markConsolidated([a.id], noResult as { commit: string })).code).toBe(
      "INVALID_INPUT",
    );
    expect(await files("journal/done")).toEqual([]);
  });
});
