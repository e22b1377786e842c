import { describe, expect, it } from "vitest";
import { inMemoryPorts } from "../../../src/adapters/in-memory/in-memory.js";
import { createNotesMemory } from "../../../src/create-notes-memory.js";
import type { SourceFile } from "../../../src/migrate/import/import-kind.js";
import { importMemory } from "../../../src/migrate/import/import-memory.js";
import type { Persistence } from "../../../src/ports/persistence.js";
import { okOf } from "../../helpers/result-helpers.js";
import { wikiKind } from "./wiki-kind.js";

// A first import used to capture note by note, each capture listing the whole memory under
// the lock: n listings of a growing memory, quadratic (2,000 notes took 443 s). The new notes
// are now written in batches, each under one lock and one listing.
describe("importMemory's first import", () => {
  it("lists the memory a few times, not once per note", async () => {
    const ports = okOf(await inMemoryPorts({ now: () => Date.UTC(2026, 10, 27) }));
    let listings = 0;
    const persistence: Persistence = {
      ...ports.persistence,
      list: (dir) => {
        listings++;
        return ports.persistence.list(dir);
      },
    };
    const memory = createNotesMemory({ persistence, git: ports.git });
    const files: SourceFile[] = Array.from({ length: 60 }, (_, at) => ({
      path: `Note ${at}.md`,
      text: `# Note ${at}\nSee [[Note ${(at + 1) % 60}]].\n`,
    }));
    let ids = 0;
    const report = okOf(
      await importMemory({
        memory,
        persistence,
        kind: wikiKind,
        files,
        source: "vault",
        generateId: () => `id__L${String(ids++).padStart(5, "0")}`,
      }),
    );
    expect(report.counts.create).toBe(60);
    expect(report.notes.map((note) => note.key)).toEqual(files.map((f) => f.path.slice(0, -3)));
    expect(report.commit).not.toBeNull();
    expect(okOf(await memory.list())).toHaveLength(60);
    expect(listings).toBeLessThan(20);
  });
});
