/**
 * Issue 30: references in superseded text (a note under a note-level `> Superseded by` mark,
 * or a superseded section) are history, not current claims: verify skips them by default,
 * counts them, and checks them with `includeSuperseded`.
 */
import { okAsync } from "neverthrow";
import { describe, expect, it } from "vitest";
import { verifyNoteTexts } from "../../../src/notes/verify/verify-note-texts.js";
import type { ProjectRepository } from "../../../src/ports/project-repository.js";
import { okOf } from "../../helpers/result-helpers.js";

// The shape of the port's own example (src/ports/project-repository.ts).
const repository: ProjectRepository = {
  location: "/src/app",
  files: () => okAsync(["package.json", "src/db/postgres.ts"]),
  read: () => okAsync(""),
  remoteUrls: () => okAsync([]),
  installedBinaries: () => okAsync(null),
};

const notes = [
  {
    id: "id__Whole1",
    path: "topics/old id__Whole1.md",
    title: "Old database",
    body: "> Superseded by [[id__Curr01|Database]] on 2026-03-01: moved.\n\nThe driver is src/db/sqlite.ts.",
  },
  {
    id: "id__Part01",
    path: "topics/stack id__Part01.md",
    title: "Stack",
    body:
      "## Database\n\n> Superseded by [[id__Curr01|Database]] on 2026-03-01.\n\nSee src/db/mysql.ts.\n\n" +
      "## Current\n\nThe driver is src/db/postgres.ts; the cache is src/cache/redis.ts.",
  },
];

describe("verify and superseded text", () => {
  it("skips references in a superseded note or section by default, and counts them", async () => {
    const report = okOf(await verifyNoteTexts(notes, repository));
    expect(report.findings.map((finding) => finding.text)).toEqual(["src/cache/redis.ts"]);
    expect(report.skippedSuperseded).toBe(2);
  });

  it("checks them with includeSuperseded", async () => {
    const report = okOf(await verifyNoteTexts(notes, repository, { includeSuperseded: true }));
    expect(report.findings.map((finding) => finding.text).toSorted()).toEqual([
      "src/cache/redis.ts",
      "src/db/mysql.ts",
      "src/db/sqlite.ts",
    ]);
    expect(report.skippedSuperseded).toBe(0);
  });
});
