import { readFileSync } from "node:fs";
import { join } from "node:path";
import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ImportReading } from "../../../src/migrate/import/import-kind.js";
import { mcpMemoryKind } from "../../../src/migrate/import/mcp-memory.js";
import { sentencesOf } from "../../../src/model/markdown/sentences.js";
import {
  bodyText,
  FIXTURES,
  linkTargets,
  lostSentences,
  noteText,
  problemCodes,
} from "./import-fixture.js";

function readFixture(folder: string, file: string): { text: string; reading: ImportReading } {
  const text = readFileSync(join(FIXTURES, "mcp-memory", folder, file), "utf8");
  return { text, reading: mcpMemoryKind.read([{ path: file, text }]) };
}

function note(reading: ImportReading, key: string) {
  const found = reading.notes.find((candidate) => candidate.key === key);
  if (found === undefined) throw new Error(`no note ${key}`);
  return found;
}

/** What each line of a memory file says, as text: entity names and observations, relations as prose. */
function graphText(text: string): string {
  const parsed: unknown = JSON.parse(text.trim().startsWith("{\n") ? text : "null");
  const items: unknown[] =
    parsed !== null && typeof parsed === "object" && "entities" in parsed && "relations" in parsed
      ? [...(parsed.entities as unknown[]), ...(parsed.relations as unknown[])]
      : text
          .split("\n")
          .filter((line) => line.trim() !== "")
          .map((line) => JSON.parse(line) as unknown);
  return items
    .map((item) => {
      const record = item as Record<string, unknown>;
      if (Array.isArray(record["observations"])) {
        return [
          String(record["name"]),
          String(record["entityType"]),
          ...record["observations"].map(String),
        ].join("\n");
      }
      return `${String(record["relationType"])} ${String(record["to"])}`;
    })
    .join("\n");
}

describe("mcpMemoryKind", () => {
  it("wants the server's memory.jsonl and the memory.json of older versions", () => {
    expect(["memory.jsonl", "memory.json", "notes.md"].map(mcpMemoryKind.wants)).toEqual([
      true,
      true,
      false,
    ]);
    expect(mcpMemoryKind.pathIs).toBe("file");
  });

  it("reads a real memory.jsonl: a note per entity, its type as tag, its relations as typed links", () => {
    const { reading } = readFixture("legalflow", "memory.jsonl");
    expect(reading.notes.map((n) => [n.key, n.title, n.tags])).toEqual([
      ["entity:LegalDocumentExtractionPrompt", "LegalDocumentExtractionPrompt", ["Prompt"]],
      ["entity:ExtractionResponseFormat", "ExtractionResponseFormat", ["Schema"]],
      ["entity:ExtractionValidationRules", "ExtractionValidationRules", ["ValidationRules"]],
    ]);
    expect(reading.problems).toEqual([]);
    const prompt = note(reading, "entity:LegalDocumentExtractionPrompt");
    expect(bodyText(prompt.body)).toMatch(
      /^Entity type: Prompt\n\n- Used for extracting meaningful legal dates and events from documents\n/,
    );
    expect(bodyText(prompt.body)).toMatch(
      /\n\nRelations:\n\n- requires \[\[entity:ExtractionResponseFormat\|ExtractionResponseFormat\]\]\n- enforcedBy \[\[entity:ExtractionValidationRules\|ExtractionValidationRules\]\]$/,
    );
    expect(prompt.source).toEqual({
      kind: "mcp-memory",
      file: "memory.jsonl",
      section: "LegalDocumentExtractionPrompt",
    });
  });

  it("merges repeated entity lines and keeps relations to non-entities as reported text", () => {
    const { reading } = readFixture("dmetrics-go", "memory.jsonl");
    expect(reading.notes.map((n) => n.key)).toEqual([
      "entity:dmetrics-go",
      "entity:cpu_package",
      "entity:test_suite",
      "entity:code_quality_improvements",
      "entity:test_improvements",
      "relations without entities:memory.jsonl",
    ]);
    expect(bodyText(note(reading, "entity:dmetrics-go").body)).toBe(
      "Entity type: Project\n\n- Go-based system metrics collection library for macOS\n- Located at /Users/smeya/git/dmetrics-go\n- Currently implements CPU metrics with cgo bindings\n\nRelations:\n\n- contains [[entity:cpu_package|cpu_package]]",
    );
    expect(bodyText(note(reading, "entity:test_improvements").body)).toMatch(
      /\n- updates TODO\.md$/,
    );
    expect(bodyText(note(reading, "entity:test_suite").body)).toMatch(
      /\n- TestingEnhancements extends test_suite$/,
    );
    expect(bodyText(note(reading, "relations without entities:memory.jsonl").body)).toMatch(
      /\n\n- power\.h defines_interface_for power\.c$/,
    );
    expect(reading.problems.map((problem) => problem.detail)).toEqual([
      'Relation "test_improvements updates TODO.md" (line 8): "TODO.md" is not an entity; kept as text on "test_improvements".',
      'Relation "TestingEnhancements extends test_suite" (line 11): "TestingEnhancements" is not an entity; kept as text on "test_suite".',
      'Relation "power.h defines_interface_for power.c" (line 12): neither end is an entity; kept as text in relations without entities:memory.jsonl.',
    ]);
  });

  it("reads the graph object read_graph returns, saved as memory.json", () => {
    const { reading } = readFixture("readme-example", "memory.json");
    expect(reading.notes.map((n) => [n.key, n.tags])).toEqual([["entity:John_Smith", ["person"]]]);
    expect(bodyText(note(reading, "entity:John_Smith").body)).toBe(
      "Entity type: person\n\n- Speaks fluent Spanish\n- Graduated in 2019\n- Prefers morning meetings\n\nRelations:\n\n- works_at Anthropic",
    );
    expect(reading.problems.map((problem) => problem.detail)).toEqual([
      'Relation "John_Smith works_at Anthropic": "Anthropic" is not an entity; kept as text on "John_Smith".',
    ]);
  });

  it.each([
    ["legalflow", "memory.jsonl"],
    ["dmetrics-go", "memory.jsonl"],
    ["readme-example", "memory.json"],
  ])(
    "keeps every name, observation and relation of %s in some note, every link resolvable",
    (folder, file) => {
      const { text, reading } = readFixture(folder, file);
      expect(lostSentences(graphText(text), reading.notes)).toEqual([]);
      const keys = reading.notes.map((n) => n.key);
      expect(new Set(keys).size).toBe(keys.length);
      expect(linkTargets(reading.notes).filter((target) => !keys.includes(target))).toEqual([]);
      expect(mcpMemoryKind.read([{ path: file, text }])).toEqual(reading);
    },
  );

  it("keeps lines it cannot read verbatim in a note of their own, and reads the JSONL of a legacy memory.json", () => {
    const text = [
      '{"type":"entity","name":"Acme","entityType":"company","observations":["Founded in 2010",{"text":"Based in Berlin"}]}',
      "not json at all",
      '{"name":"Alice","entityType":"person","observations":["Leads the\\nbackend rewrite"]}',
      '{"type":"relation","from":"Alice","to":"Acme","relationType":"works at"}',
      '{"type":"todo","text":"call Bob"}',
      "",
    ].join("\n");
    const reading = mcpMemoryKind.read([{ path: "memory.json", text }]);
    expect(reading.notes.map((n) => n.key)).toEqual([
      "entity:Acme",
      "entity:Alice",
      "unreadable lines:memory.json",
    ]);
    expect(bodyText(note(reading, "entity:Acme").body)).toBe(
      'Entity type: company\n\n- Founded in 2010\n- {"text":"Based in Berlin"}',
    );
    expect(bodyText(note(reading, "entity:Alice").body)).toBe(
      "Entity type: person\n\n- Leads the\n  backend rewrite\n\nRelations:\n\n- works at [[entity:Acme|Acme]]",
    );
    expect(bodyText(note(reading, "unreadable lines:memory.json").body)).toContain(
      '```\nnot json at all\n{"type":"todo","text":"call Bob"}\n```',
    );
    expect(problemCodes(reading.problems)).toEqual([
      "unreadable memory.json",
      "unreadable memory.json",
      "unreadable memory.json",
    ]);
    expect(reading.problems.map((problem) => problem.detail)).toEqual([
      'Entity "Acme" (line 1) has 1 observation(s) that are not text; each is kept as its JSON.',
      "Line 2 is not JSON; it is kept verbatim in unreadable lines:memory.json.",
      "Line 5 is neither an entity nor a relation; it is kept verbatim in unreadable lines:memory.json.",
    ]);
  });

  it("turns an entity type that cannot be a tag into no tag, keeping it as the first line", () => {
    const reading = mcpMemoryKind.read([
      {
        path: "memory.jsonl",
        text: '{"type":"entity","name":"Y","entityType":"2024","observations":[]}',
      },
    ]);
    expect(reading.notes[0]?.tags).toEqual([]);
    expect(bodyText(reading.notes[0]?.body ?? [])).toBe("Entity type: 2024");
  });

  it("keeps every observation of any graph and links every relation between entities", () => {
    const name = fc.stringMatching(/^[A-Z][a-z]{1,8}(?: [A-Z][a-z]{1,8})?$/);
    const observation = fc
      .array(fc.stringMatching(/^[a-z]{1,9}$/), { minLength: 1, maxLength: 9 })
      .map((words) => `${words.join(" ")}.`);
    const entity = fc.record({
      name,
      entityType: fc.constantFrom("person", "organization", "event"),
      observations: fc.array(observation, { maxLength: 5 }),
    });
    fc.assert(
      fc.property(
        fc.array(entity, { maxLength: 8 }),
        fc.array(fc.tuple(name, name, fc.constantFrom("works_at", "knows", "leads")), {
          maxLength: 10,
        }),
        (entities, relations) => {
          const text = [
            ...entities.map((e) => JSON.stringify({ type: "entity", ...e })),
            ...relations.map(([from, to, relationType]) =>
              JSON.stringify({ type: "relation", from, to, relationType }),
            ),
          ].join("\n");
          const reading = mcpMemoryKind.read([{ path: "memory.jsonl", text }]);
          const all = reading.notes.map(noteText).join("\n");
          for (const e of entities) {
            for (const sentence of e.observations.flatMap(sentencesOf))
              expect(all).toContain(sentence);
          }
          const names = new Set(entities.map((e) => e.name));
          const linked = relations.filter(([from, to]) => names.has(from) && names.has(to));
          const targets = linkTargets(reading.notes);
          expect(new Set(targets)).toEqual(new Set(linked.map(([, to]) => `entity:${to}`)));
          const keys = reading.notes.map((n) => n.key);
          expect(new Set(keys).size).toBe(keys.length);
          expect(reading.problems.filter((p) => p.code === "unresolved-link")).toHaveLength(
            new Set(relations.map((r) => JSON.stringify(r))).size -
              new Set(linked.map((r) => JSON.stringify(r))).size,
          );
        },
      ),
      { numRuns: 150, endOnFailure: true },
    );
  });
});
