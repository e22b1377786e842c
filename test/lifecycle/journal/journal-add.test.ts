import { describe, expect, it } from "vitest";
import type { JournalEntryInput } from "../../../src/lifecycle/journal/journal-add.js";
import { createJournal } from "../../../src/lifecycle/journal/journal.js";
import { errOf, okOf } from "../../helpers/result-helpers.js";
import { ampEntry, setupJournal as setup } from "./journal-helpers.js";

describe("journal.add", () => {
  it("writes a canonical file named <timestamp>-<random>.json and returns it with its id", async () => {
    const { journal, persistence } = setup();
    const stored = okOf(await journal.add({ ...ampEntry, note: "remember the tz bug" }));
    expect(stored).toEqual({
      id: "2026-02-13T09-30-00.000Z-r0000",
      version: 1,
      timestamp: "2026-02-13T09:30:00.000Z",
      ...ampEntry,
      note: "remember the tz bug",
      redacted: [],
    });
    const text = okOf(await persistence.read(`journal/pending/${stored.id}.json`));
    expect(JSON.parse(text)).toEqual({ ...stored, id: undefined, redacted: undefined });
    expect(text.endsWith("}\n")).toBe(true);
  });

  it("names the file by the entry's own time in UTC, whatever its offset", async () => {
    const { journal } = setup();
    const stored = okOf(await journal.add({ ...ampEntry, timestamp: "2026-02-13T11:30:00+02:00" }));
    expect(stored.id).toBe("2026-02-13T09-30-00.000Z-r0000");
    expect(stored.timestamp).toBe("2026-02-13T11:30:00+02:00");
  });

  it("refuses an invalid entry and writes nothing", async () => {
    const { journal, files } = setup();
    const error = errOf(await journal.add({ harness: "", retrieval: { method: "amp-thread" } }));
    expect(error.code).toBe("INVALID_INPUT");
    expect(error.message).toMatch(/harness/);
    const untyped: unknown = "not an entry";
    expect(errOf(await journal.add(untyped as JournalEntryInput)).code).toBe("INVALID_INPUT");
    expect(await files("journal")).toEqual([]);
  });

  it("never overwrites: a repeated random part gets a fresh one", async () => {
    const ids = ["same", "same", "other"];
    const { journal, files } = setup({ randomId: () => ids.shift() ?? "last" });
    const first = okOf(await journal.add(ampEntry));
    const second = okOf(await journal.add(ampEntry));
    expect(first.id).not.toBe(second.id);
    expect(await files("journal/pending")).toHaveLength(2);
  });

  it("keeps every entry when many are added at once", async () => {
    const { persistence, files } = setup();
    const journal = createJournal({ persistence });
    const added = await Promise.all(Array.from({ length: 50 }, () => journal.add(ampEntry)));
    expect(added.every((result) => result.isOk())).toBe(true);
    expect(await files("journal/pending")).toHaveLength(50);
  });
});
