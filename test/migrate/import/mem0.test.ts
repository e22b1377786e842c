import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { ImportedNote, SourceFile } from "../../../src/migrate/import/import-kind.js";
import { mem0Kind } from "../../../src/migrate/import/mem0.js";
import { sentencesOf } from "../../../src/model/markdown/sentences.js";
import { bodyText } from "./source-files.js";

const FIXTURES = fileURLToPath(new URL("../../fixtures/import/mem0/", import.meta.url));

function fixture(name: string): SourceFile {
  return { path: name, text: readFileSync(`${FIXTURES}${name}`, "utf8") };
}

/** Every memory text of a mem0 JSON file. */
function memoriesOf(file: SourceFile): string[] {
  const json = JSON.parse(file.text) as { results?: { memory: string }[] } | { memory: string }[];
  const items = Array.isArray(json) ? json : (json.results ?? []);
  return items.map((item) => item.memory);
}

function lost(file: SourceFile, notes: readonly ImportedNote[]): string[] {
  const haystack = notes.map((note) => sentencesOf(bodyText(note.body)).join(" ")).join(" ");
  return memoriesOf(file)
    .flatMap((memory) => sentencesOf(memory))
    .filter((sentence) => !haystack.includes(sentence));
}

describe("mem0 kind: the platform's get_all page", () => {
  const file = fixture("get-all-platform.json");
  const reading = mem0Kind.read([file]);

  it("groups one user's memories in one note, one section per first category", () => {
    expect(reading.problems).toEqual([]);
    expect(reading.notes).toHaveLength(1);
    const [alex] = reading.notes;
    expect(alex?.key).toBe("mem0:user=alex");
    expect(alex?.title).toBe("mem0 memories of user alex");
    expect(alex?.tags).toEqual(["food", "health", "personal_details", "user_preferences"]);
    expect(alex?.source).toEqual({
      kind: "mem0",
      file: "get-all-platform.json",
      section: "user alex",
    });
    expect(bodyText(alex?.body ?? [])).toBe(
      [
        "Memories exported from mem0 for user alex, one per item with its mem0 id and dates.",
        "",
        "## health",
        "",
        '- Is allergic to nuts (mem0 8d74f7a0-6107-4589-bd6f-210f6bf4fbbb; created 2024-11-27) metadata: {"food":"vegan"}',
        "",
        "## personal_details",
        "",
        '- Name is Alex (mem0 1a75e827-7eca-45ea-8c5c-cfd43299f061; created 2024-11-27) metadata: {"food":"vegan"}',
        "",
        "## user_preferences",
        "",
        '- Is a vegetarian (mem0 91509588-0b39-408a-8df3-84b3bce8c521; created 2024-11-27) metadata: {"food":"vegan"} #food',
        "",
      ].join("\n"),
    );
  });

  it("loses no memory", () => {
    expect(lost(file, reading.notes)).toEqual([]);
  });
});

describe("mem0 kind: the v3 page without owners", () => {
  const file = fixture("get-all-v3.json");
  const reading = mem0Kind.read([file]);

  it("puts memories without a user or agent in one unscoped note, in date order", () => {
    expect(reading.notes.map((n) => [n.key, n.title])).toEqual([
      ["mem0:unscoped", "mem0 memories of no user or agent"],
    ]);
    expect(bodyText(reading.notes[0]?.body ?? [])).toBe(
      [
        "Memories exported from mem0 for no user or agent, one per item with its mem0 id and dates.",
        "",
        "- Alex is planning a trip to San Francisco from July 1st to July 10th (mem0 f4cbdb08-7062-4f3e-8eb2-9f5c80dfe64c; created 2024-07-01)",
        "- Alex prefers vegetarian restaurants (mem0 a2b8c3d4-5e6f-7g8h-9i0j-1k2l3m4n5o6p; created 2024-07-05)",
        "",
      ].join("\n"),
    );
    expect(lost(file, reading.notes)).toEqual([]);
  });
});

describe("mem0 kind: a plain list with users, an agent and a run", () => {
  const file = fixture("constructed-plain-array.json");
  const reading = mem0Kind.read([file]);

  it("makes one note per owner, keeping run, update day and metadata on each item", () => {
    expect(reading.notes.map((n) => n.key)).toEqual([
      "mem0:agent=travel_planner",
      "mem0:user=arjun",
      "mem0:user=carl",
      "mem0:user=dev",
      "mem0:user=traveler_cam",
    ]);
    const arjun = reading.notes.find((n) => n.key === "mem0:user=arjun");
    expect(bodyText(arjun?.body ?? [])).toContain(
      '- Arjun prefers morning meetings and async communication (mem0 1c7e3d2f-6a1b-4d64-8e8f-3b2a4c5d6e72; created 2025-03-04; updated 2025-03-06) metadata: {"type":"preference"}',
    );
    const cam = reading.notes.find((n) => n.key === "mem0:user=traveler_cam");
    expect(bodyText(cam?.body ?? [])).toContain("; run tokyo-2025-weekend)");
    expect(lost(file, reading.notes)).toEqual([]);
  });

  it("gives the same notes when read again, whatever the order of the memories", () => {
    const reversed = JSON.stringify((JSON.parse(file.text) as unknown[]).toReversed());
    expect(mem0Kind.read([{ path: file.path, text: reversed }])).toEqual(reading);
  });
});

describe("mem0 kind: what it cannot read", () => {
  it("reports a file that is not JSON, not a get_all result, or has entries without text", () => {
    const reading = mem0Kind.read([
      { path: "a.json", text: "{ nope" },
      { path: "b.json", text: '{"memories": []}' },
      {
        path: "c.json",
        text: '{"results": [{"id": "1", "memory": "Kept.", "user_id": "u", "agent_id": "bot"}, {"id": "2"}, {"id": "1", "memory": "Kept."}]}',
      },
    ]);
    expect(reading.problems.map((p) => [p.code, p.file])).toEqual([
      ["unreadable", "a.json"],
      ["unreadable", "b.json"],
      ["unreadable", "c.json"],
      ["skipped", "c.json"],
    ]);
    expect(reading.problems[2]?.detail).toContain('{"id":"2"}');
    expect(reading.notes.map((n) => [n.key, n.title])).toEqual([
      ["mem0:user=u,agent=bot", "mem0 memories of user u with agent bot"],
    ]);
    expect(mem0Kind.pathIs).toBe("file");
    expect(mem0Kind.wants("export.json")).toBe(true);
  });
});
