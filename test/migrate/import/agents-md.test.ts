import { join } from "node:path";
import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { agentsMdKind } from "../../../src/migrate/import/agents-md.js";
import type { ImportReading, SourceFile } from "../../../src/migrate/import/import-kind.js";
import { bodyText, FIXTURES, linkTargets, lostSentences, sourceFiles } from "./import-fixture.js";

function readCodex(): { files: SourceFile[]; reading: ImportReading } {
  const files = sourceFiles(agentsMdKind, join(FIXTURES, "agents-md", "codex"));
  return { files, reading: agentsMdKind.read(files) };
}

describe("agentsMdKind", () => {
  it("wants the AGENTS.md files of a repository at any depth", () => {
    expect(
      [
        "AGENTS.md",
        "codex-rs/AGENTS.md",
        "a/b/AGENTS.override.md",
        "README.md",
        "docs/AGENTS.md.bak",
      ].map(agentsMdKind.wants),
    ).toEqual([true, true, true, false, false]);
  });

  it("reads a root and a nested AGENTS.md: sections as notes under an overview, the nested folder as a title prefix", () => {
    const { reading } = readCodex();
    expect(reading.notes.map((n) => [n.key, n.title])).toEqual([
      ["AGENTS.md", "Rust/codex-rs"],
      ["AGENTS.md#TUI style conventions", "TUI style conventions"],
      ["AGENTS.md#TUI code conventions", "TUI code conventions"],
      ["AGENTS.md#Tests", "Tests"],
      ["codex-rs/AGENTS.md", "codex-rs: App-server API Development Best Practices"],
      ["codex-rs/AGENTS.md#Core Rules", "codex-rs: Core Rules"],
      ["codex-rs/AGENTS.md#Additional Conventions", "codex-rs: Additional Conventions"],
      ["codex-rs/AGENTS.md#Development Workflow", "codex-rs: Development Workflow"],
    ]);
    expect(reading.problems).toEqual([]);
    expect(reading.notes.every((n) => n.tags.length === 0)).toBe(true);
    const nested = reading.notes.find((n) => n.key === "codex-rs/AGENTS.md#Core Rules");
    expect(nested?.source).toEqual({
      kind: "agents-md",
      file: "codex-rs/AGENTS.md",
      section: "Core Rules",
    });
    const root = reading.notes.find((n) => n.key === "AGENTS.md");
    expect(bodyText(root?.body ?? [])).toMatch(
      /^In the codex-rs folder where the rust code lives:\n/,
    );
    expect(linkTargets(root === undefined ? [] : [root])).toEqual([
      "AGENTS.md#TUI style conventions",
      "AGENTS.md#TUI code conventions",
      "AGENTS.md#Tests",
    ]);
    const tests = reading.notes.find((n) => n.key === "AGENTS.md#Tests");
    expect(bodyText(tests?.body ?? [])).toMatch(
      /^### Snapshot tests\n\nThis repo uses snapshot tests/,
    );
  });

  it("keeps every sentence of both files", () => {
    const { files, reading } = readCodex();
    expect(files.map((file) => lostSentences(file.text, reading.notes))).toEqual([[], []]);
  });

  it("gives the same reading whatever the order and however often", () => {
    const { files, reading } = readCodex();
    expect(agentsMdKind.read(files.toReversed())).toEqual(reading);
    expect(agentsMdKind.read(files)).toEqual(reading);
  });

  it("links to another AGENTS.md of the import, reports other relative .md links, and leaves @ as text", () => {
    const reading = agentsMdKind.read([
      {
        path: "AGENTS.md",
        text: "See [the API rules](api/AGENTS.md#rules) and [style](docs/style.md).\nRead @README.md first; web: [site](https://x.io/a.md).",
      },
      { path: "api/AGENTS.md", text: "Keep handlers small." },
    ]);
    expect(reading.notes.find((n) => n.key === "AGENTS.md")?.body).toEqual([
      "See ",
      { linkTo: "api/AGENTS.md", text: "the API rules" },
      " and [style](docs/style.md).\nRead @README.md first; web: [site](https://x.io/a.md).",
    ]);
    expect(reading.problems).toEqual([
      {
        code: "unresolved-link",
        file: "AGENTS.md",
        detail:
          "[style](docs/style.md): docs/style.md is not a file this import reads (agents-md reads only AGENTS.md and AGENTS.override.md files); the link is kept as text. Import that file separately if it belongs in memory.",
      },
    ]);
    expect(reading.notes.find((n) => n.key === "api/AGENTS.md")?.title).toBe("api: AGENTS.md");
  });

  it("keeps every sentence of any nested AGENTS.md, with unique keys and resolvable links", () => {
    const word = fc.stringMatching(/^[A-Za-z][a-z]{0,9}$/);
    const sentence = fc
      .array(word, { minLength: 1, maxLength: 12 })
      .map((words) => `${words.join(" ")}.`);
    const paragraph = fc
      .array(sentence, { minLength: 1, maxLength: 6 })
      .map((sentences) => sentences.join(" "));
    const section = fc
      .tuple(fc.integer({ min: 1, max: 3 }), word, fc.array(paragraph, { maxLength: 3 }))
      .map(([level, heading, paragraphs]) =>
        [`${"#".repeat(level)} ${heading}`, ...paragraphs].join("\n\n"),
      );
    const file = fc
      .tuple(paragraph, fc.array(section, { maxLength: 10 }))
      .map(([preamble, sections]) => [preamble, ...sections].join("\n\n"));
    fc.assert(
      fc.property(file, file, (root, nested) => {
        const files = [
          { path: "AGENTS.md", text: root },
          { path: "pkg/AGENTS.md", text: nested },
        ];
        const reading = agentsMdKind.read(files);
        expect(files.map((f) => lostSentences(f.text, reading.notes))).toEqual([[], []]);
        const keys = reading.notes.map((n) => n.key);
        expect(new Set(keys).size).toBe(keys.length);
        expect(linkTargets(reading.notes).every((target) => keys.includes(target))).toBe(true);
      }),
      { numRuns: 150, endOnFailure: true },
    );
  });
});
