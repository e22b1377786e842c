import { join } from "node:path";
import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { claudeCodeKind } from "../../../src/migrate/import/claude-code.js";
import type { ImportReading, SourceFile } from "../../../src/migrate/import/import-kind.js";
import {
  bodyText,
  FIXTURES,
  linkTargets,
  lostSentences,
  markdownSourceText,
  problemCodes,
  sourceFiles,
} from "./import-fixture.js";

const FIXTURE_FOLDERS = [
  "agterm",
  "lock-trace",
  "slack-clone-phoenix",
  "woocommerce-payments",
  "auto-memory-documented",
];

function readFixture(folder: string): { files: SourceFile[]; reading: ImportReading } {
  const files = sourceFiles(claudeCodeKind, join(FIXTURES, "claude-code", folder));
  return { files, reading: claudeCodeKind.read(files) };
}

function note(reading: ImportReading, key: string) {
  const found = reading.notes.find((candidate) => candidate.key === key);
  if (found === undefined) throw new Error(`no note ${key}`);
  return found;
}

describe("claudeCodeKind", () => {
  it("wants Claude Code's memory files and nothing else of a project", () => {
    const wanted = [
      "CLAUDE.md",
      "packages/api/CLAUDE.md",
      "CLAUDE.local.md",
      ".claude/CLAUDE.md",
      ".claude/rules/testing.md",
      ".claude/rules/frontend/react.md",
      "MEMORY.md",
      "debugging.md",
      "memory/MEMORY.md",
      ".claude/memory/patterns.md",
    ];
    const unwanted = [
      "src/index.ts",
      "docs/guide.md",
      ".claude/settings.json",
      ".claude/commands/review.md",
      ".claude/agents/x.md",
      "AGENTS.md/x.txt",
    ];
    expect(wanted.filter((path) => !claudeCodeKind.wants(path))).toEqual([]);
    expect(unwanted.filter((path) => claudeCodeKind.wants(path))).toEqual([]);
  });

  it("reads a project: CLAUDE.md split at its sections, a path-scoped rule, and the committed auto memory", () => {
    const { reading } = readFixture("agterm");
    expect(reading.notes.map((n) => [n.key, n.title, n.tags])).toEqual([
      [".claude/memory/MEMORY.md", "Auto memory index", []],
      [".claude/memory/fork-and-local-install.md", "fork-and-local-install", ["project"]],
      [".claude/rules/keymap.md", "keymap", []],
      ["CLAUDE.md", "agterm project notes", []],
      ["CLAUDE.md#Working norms", "Working norms", []],
      ["CLAUDE.md#Toolchain and gates", "Toolchain and gates", []],
      ["CLAUDE.md#Worktrees and local builds", "Worktrees and local builds", []],
      ["CLAUDE.md#Protect the live terminal", "Protect the live terminal", []],
    ]);
    expect(reading.problems).toEqual([]);
    const overview = note(reading, "CLAUDE.md");
    expect(bodyText(overview.body)).toMatch(/^agterm is a native macOS SwiftUI terminal/);
    expect(overview.body.filter((part) => typeof part !== "string")).toEqual([
      { linkTo: "CLAUDE.md#Working norms", text: "Working norms" },
      { linkTo: "CLAUDE.md#Toolchain and gates", text: "Toolchain and gates" },
      { linkTo: "CLAUDE.md#Worktrees and local builds", text: "Worktrees and local builds" },
      { linkTo: "CLAUDE.md#Protect the live terminal", text: "Protect the live terminal" },
    ]);
    expect(note(reading, "CLAUDE.md#Toolchain and gates").source).toEqual({
      kind: "claude-code",
      file: "CLAUDE.md",
      section: "Toolchain and gates",
    });
    expect(bodyText(note(reading, ".claude/rules/keymap.md").body)).toMatch(
      /^Applies to paths: `agtermCore\/Sources\/agtermCore\/Keybind\.swift`, `agtermCore\/Sources\/agtermCore\/Keymap\.swift`, `agterm\/Commands\/CustomCommandRunner\.swift`\.\n\n## Keymap\n/,
    );
    expect(note(reading, ".claude/memory/MEMORY.md").body).toEqual([
      "- ",
      { linkTo: ".claude/memory/fork-and-local-install.md", text: "Fork and local install" },
      " — remotes are inverted, and `/Applications/agterm.app` is a local ad-hoc build rather than the cask",
    ]);
    expect(bodyText(note(reading, ".claude/memory/fork-and-local-install.md").body)).toMatch(
      /^This clone is a fork whose daily-driver app is a local ad-hoc build at \/Applications, not the Homebrew cask\n\nThis checkout is a fork/,
    );
  });

  it("keeps a short CLAUDE.md of one-line sections whole and reports each import of a file it does not read", () => {
    const { reading } = readFixture("lock-trace");
    expect(reading.notes.map((n) => [n.key, n.title])).toEqual([["CLAUDE.md", "CLAUDE.md"]]);
    const body = bodyText(note(reading, "CLAUDE.md").body);
    expect(body).toContain("## Project Overview\n\n@docs/claude/project-overview.md");
    expect(reading.problems).toHaveLength(14);
    expect(new Set(problemCodes(reading.problems))).toEqual(new Set(["unresolved-link CLAUDE.md"]));
    expect(reading.problems[0]?.detail).toBe(
      "@docs/claude/project-overview.md: docs/claude/project-overview.md is not a file this import reads (claude-code reads CLAUDE.md, CLAUDE.local.md, .claude/rules and auto-memory files); the link is kept as text. Import that file separately if it belongs in memory.",
    );
  });

  it("titles a nested CLAUDE.md by its folder, and keeps a short file of many sections whole", () => {
    const { reading } = readFixture("slack-clone-phoenix");
    expect(reading.notes.map((n) => [n.key, n.title])).toEqual([
      [".claude/hooks/CLAUDE.md", ".claude/hooks: Claude Hooks Directory"],
      ["memory/CLAUDE.md", "memory: Claude Code Configuration - Memory Directory"],
    ]);
    expect(reading.problems).toEqual([]);
  });

  it("splits CLAUDE.local.md at its sections and never at a # comment inside fenced code", () => {
    const { reading } = readFixture("woocommerce-payments");
    expect(reading.notes.map((n) => n.key)).toEqual([
      "CLAUDE.local.md",
      "CLAUDE.local.md#Warning Filtering Rules",
      "CLAUDE.local.md#PHP Linting Reporting",
      "CLAUDE.local.md#CodeRabbit CLI Review Workflow",
      "CLAUDE.local.md#Related Documentation",
    ]);
    expect(note(reading, "CLAUDE.local.md").title).toBe(
      "Claude Code Local Instructions - WooPayments",
    );
    expect(
      bodyText(note(reading, "CLAUDE.local.md#CodeRabbit CLI Review Workflow").body),
    ).toContain("```bash\n# Step 1: Initial review (run in background)\n");
  });

  it("reads an auto-memory folder: the index links its topic files, whose frontmatter becomes title, lead and tag", () => {
    const { reading } = readFixture("auto-memory-documented");
    expect(reading.notes.map((n) => [n.key, n.title, n.tags])).toEqual([
      ["MEMORY.md", "Auto memory index", []],
      ["feedback_pnpm.md", "Prefers pnpm", ["feedback"]],
      ["project_release.md", "Release process", ["project"]],
    ]);
    expect(linkTargets(reading.notes)).toEqual([
      "feedback_pnpm.md",
      "project_release.md",
      "feedback_pnpm.md",
    ]);
    expect(reading.problems).toEqual([
      {
        code: "unresolved-link",
        file: "MEMORY.md",
        detail:
          "[Incident channel](reference_incidents.md): reference_incidents.md is not a file this import reads (claude-code reads CLAUDE.md, CLAUDE.local.md, .claude/rules and auto-memory files); the link is kept as text. Import that file separately if it belongs in memory.",
      },
    ]);
    const pnpm = bodyText(note(reading, "feedback_pnpm.md").body);
    expect(pnpm).toMatch(
      /^The user corrected an npm install; this repository uses pnpm only\n\nUse `pnpm install`/,
    );
    expect(pnpm).toMatch(/\n\n- originSessionId: 0c2f4a9e-3b1d-4e8a-9f60-1a2b3c4d5e6f$/);
  });

  describe.each(FIXTURE_FOLDERS)("fixture %s", (folder) => {
    it("keeps every sentence of every file in some note", () => {
      const { files, reading } = readFixture(folder);
      const lost = files.map((file) => [
        file.path,
        lostSentences(markdownSourceText(file.text), reading.notes),
      ]);
      expect(lost).toEqual(files.map((file) => [file.path, []]));
    });

    it("gives the same notes, keys and problems however often and in whatever order it is read", () => {
      const { files, reading } = readFixture(folder);
      expect(claudeCodeKind.read(files)).toEqual(reading);
      expect(claudeCodeKind.read(files.toReversed())).toEqual(reading);
    });

    it("has unique keys and links only to notes of the same import", () => {
      const { reading } = readFixture(folder);
      const keys = reading.notes.map((n) => n.key);
      expect(new Set(keys).size).toBe(keys.length);
      expect(linkTargets(reading.notes).filter((target) => !keys.includes(target))).toEqual([]);
    });
  });

  it("turns an @import of a file it reads into a link, and reports home and outside imports", () => {
    const files: SourceFile[] = [
      {
        path: "CLAUDE.md",
        text: "# Project\n\nTesting rules: @.claude/rules/testing.md.\nPersonal: @~/.claude/mine.md\nUp: @../shared/CLAUDE.md\nMail me@example.com about @alice.\nNot in code: `@.claude/rules/testing.md`\n",
      },
      { path: ".claude/rules/testing.md", text: "Run the tests before a commit." },
    ];
    const reading = claudeCodeKind.read(files);
    expect(note(reading, "CLAUDE.md").body).toEqual([
      "Testing rules: @",
      { linkTo: ".claude/rules/testing.md", text: ".claude/rules/testing.md" },
      ".\nPersonal: @~/.claude/mine.md\nUp: @../shared/CLAUDE.md\nMail me@example.com about @alice.\nNot in code: `@.claude/rules/testing.md`",
    ]);
    expect(reading.problems.map((problem) => problem.detail.split(":")[0])).toEqual([
      "@~/.claude/mine.md",
      "@../shared/CLAUDE.md",
    ]);
  });

  it("splits a CLAUDE.md written with Windows line endings the same way", () => {
    const { files, reading } = readFixture("agterm");
    const crlf = files.map((file) => ({ path: file.path, text: file.text.replace(/\n/g, "\r\n") }));
    expect(claudeCodeKind.read(crlf).notes.map((n) => n.key)).toEqual(
      reading.notes.map((n) => n.key),
    );
  });

  it("never changes the files it is given", () => {
    const { files } = readFixture("agterm");
    const frozen = files.map((file) => Object.freeze({ ...file }));
    const before = JSON.stringify(frozen);
    claudeCodeKind.read(Object.freeze(frozen));
    expect(JSON.stringify(frozen)).toBe(before);
  });

  it("leaves the other markdown files of a folder without MEMORY.md alone", () => {
    const reading = claudeCodeKind.read([
      { path: "CLAUDE.md", text: "Use pnpm." },
      { path: "README.md", text: "A project." },
    ]);
    expect(reading.notes.map((n) => n.key)).toEqual(["CLAUDE.md"]);
    expect(reading.problems).toEqual([]);
  });

  it("keeps every sentence of any CLAUDE.md made of a preamble, headed sections, lists and code", () => {
    const word = fc.stringMatching(/^[A-Za-z][a-z]{0,9}$/);
    const sentence = fc
      .array(word, { minLength: 1, maxLength: 12 })
      .map((words) => `${words.join(" ")}.`);
    const paragraph = fc
      .array(sentence, { minLength: 1, maxLength: 5 })
      .map((sentences) => sentences.join(" "));
    const block = fc.oneof(
      paragraph,
      fc
        .array(sentence, { minLength: 1, maxLength: 4 })
        .map((lines) => lines.map((line) => `- ${line}`).join("\n")),
      sentence.map((line) => `\`\`\`\n# ${line}\n\`\`\``),
    );
    const section = fc
      .tuple(fc.integer({ min: 1, max: 3 }), word, fc.array(block, { maxLength: 4 }))
      .map(([level, heading, blocks]) =>
        [`${"#".repeat(level)} ${heading}`, ...blocks].join("\n\n"),
      );
    fc.assert(
      fc.property(paragraph, fc.array(section, { maxLength: 12 }), (preamble, sections) => {
        const text = [preamble, ...sections].join("\n\n");
        const reading = claudeCodeKind.read([{ path: "CLAUDE.md", text }]);
        expect(lostSentences(text, reading.notes)).toEqual([]);
        const keys = reading.notes.map((n) => n.key);
        expect(new Set(keys).size).toBe(keys.length);
        expect(linkTargets(reading.notes).every((target) => keys.includes(target))).toBe(true);
        expect(claudeCodeKind.read([{ path: "CLAUDE.md", text }])).toEqual(reading);
      }),
      { numRuns: 200, endOnFailure: true },
    );
  });
});
