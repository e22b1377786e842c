import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { readFrontmatter } from "../../../src/migrate/import/frontmatter.js";
import type { ImportedNote, KeyLink, SourceFile } from "../../../src/migrate/import/import-kind.js";
import { obsidianKind } from "../../../src/migrate/import/obsidian.js";
import { bodyText, lostSentences, readSourceFolder, sentenceCounts } from "./source-files.js";

const FIXTURES = fileURLToPath(new URL("../../fixtures/import/obsidian/", import.meta.url));

function note(notes: readonly ImportedNote[], key: string): ImportedNote {
  const found = notes.find((candidate) => candidate.key === key);
  if (found === undefined) throw new Error(`no note ${key}`);
  return found;
}

function links(imported: ImportedNote): KeyLink[] {
  return imported.body.filter((part): part is KeyLink => typeof part !== "string");
}

function read(files: Record<string, string>) {
  return obsidianKind.read(Object.entries(files).map(([path, text]) => ({ path, text })));
}

describe("obsidian kind: Obsidian's Sandbox vault", () => {
  const files = readSourceFolder(`${FIXTURES}sandbox`);
  const reading = obsidianKind.read(files);

  it("makes one note per file, keyed by its vault path and titled by its file name", () => {
    expect(reading.notes).toHaveLength(files.length);
    expect(reading.notes.map((n) => n.key)).toEqual(files.map((f) => f.path));
    expect(note(reading.notes, "Guides/Link notes.md").title).toBe("Link notes");
    expect(note(reading.notes, "Start here.md").source).toEqual({
      kind: "obsidian",
      file: "Start here.md",
    });
  });

  it("resolves aliased links, table links, embeds and markdown links to the notes Obsidian opens", () => {
    expect(links(note(reading.notes, "Start here.md"))).toContainEqual({
      linkTo: "Adventurer/No prior experience.md",
      text: "I have no prior experience",
    });
    // `[[Note\|alias]]` inside a table.
    expect(links(note(reading.notes, "Formatting/Table.md"))).toEqual([
      { linkTo: "Formatting/Format your notes.md", text: "Formatting" },
      { linkTo: "Formatting/Callout.md", text: "Callouts" },
    ]);
    // Percent-encoded and `<...>` markdown destinations; the examples in code blocks stay text.
    expect(links(note(reading.notes, "Formatting/Links.md"))).toEqual([
      { linkTo: "Formatting/Format your notes.md", text: "Format your notes" },
      { linkTo: "Formatting/Format your notes.md", text: "Format your notes" },
    ]);
    // `![[Task]]` embeds become plain links to the embedded notes.
    const embedded = links(note(reading.notes, "Formatting/Format your notes.md"));
    expect(embedded).toContainEqual({ linkTo: "Formatting/Task.md", text: "Task" });
    expect(bodyText(note(reading.notes, "Formatting/Format your notes.md").body)).not.toContain(
      "![[",
    );
  });

  it("keeps a link inside the note as its visible text", () => {
    const text = bodyText(note(reading.notes, "Vault is just a local folder.md").body);
    expect(text).toContain("Just keep in mind with great power comes great responsibility.");
    expect(text).not.toContain("[[#");
  });

  it("keeps link examples inside code blocks as written, with nothing to report", () => {
    const embeds = note(reading.notes, "Formatting/Embeds.md");
    expect(bodyText(embeds.body)).toContain(
      "```md\n![[Plugins makes Obsidian special for you]]\n```",
    );
    expect(links(embeds)).toEqual([
      { linkTo: "Formatting/Embeds.md", text: "Embeds" },
      {
        linkTo: "Plugins make Obsidian special for you.md",
        text: "Plugins make Obsidian special for you",
      },
    ]);
    expect(reading.problems).toEqual([]);
  });

  it("loses no sentence", () => {
    for (const file of files) {
      expect({ file: file.path, lost: lostSentences(file.text, reading.notes) }).toEqual({
        file: file.path,
        lost: [],
      });
    }
    const counts = sentenceCounts(
      files.map((f) => f.text),
      reading.notes,
    );
    expect(counts.out).toBeGreaterThanOrEqual(counts.in);
  });

  it("gives the same notes, keys and problems when read again", () => {
    expect(obsidianKind.read([...files].toReversed())).toEqual(reading);
  });
});

describe("obsidian kind: three pages of Obsidian's help vault", () => {
  const files = readSourceFolder(`${FIXTURES}help-linking`);
  const reading = obsidianKind.read(files);
  const aliases = note(reading.notes, "Linking notes and files/Aliases.md");

  it("keeps aliases as a searchable line and other properties as lines", () => {
    expect(
      bodyText(aliases.body).startsWith("Aliases: alias, aliases, How to/Add aliases to note\n\n"),
    ).toBe(true);
    expect(bodyText(aliases.body)).toContain("- permalink: aliases\n- cssclasses: soft-embed\n\n");
    expect(aliases.tags).toEqual([]);
  });

  it("resolves links between the pages and reports those to pages outside them", () => {
    expect(links(aliases)).toContainEqual({
      linkTo: "Linking notes and files/Internal links.md",
      text: "internal link",
    });
    const unresolved = reading.problems.filter((p) => p.code === "unresolved-link");
    expect(unresolved.map((p) => p.detail)).toContain(
      '[[Settings#Files and links|Files and links]] names "Settings", which is no note of the vault: the link is kept as written.',
    );
  });

  it("reports every link to a page outside the three and every attachment, once per link", () => {
    const reported = reading.problems.map((p) => [
      p.code,
      p.file.replace("Linking notes and files/", ""),
      p.detail.split(" names ")[0],
    ]);
    expect(reported).toEqual([
      ["unresolved-link", "Aliases.md", "[[Properties]]"],
      ["unresolved-link", "Aliases.md", "[[Backlinks]]"],
      ["unresolved-link", "Embed files.md", "[[Accepted file formats]]"],
      ["attachment", "Embed files.md", "![[Engelbart.jpg#outline]]"],
      ["attachment", "Embed files.md", "![[Engelbart.jpg#outline|100]]"],
      ["attachment", "Embed files.md", "![[Excerpt from Mother of All Demos (1968).ogg]]"],
      ["unresolved-link", "Embed files.md", "[[Canvas|canvas]]"],
      ["unresolved-link", "Embed files.md", "![[Search#Embed search results in a note]]"],
      ["unresolved-link", "Internal links.md", "[[Settings]]"],
      ["unresolved-link", "Internal links.md", "[[Settings#Files and links|Files and links]]"],
      [
        "unresolved-link",
        "Internal links.md",
        "[[Settings#Automatically update internal links|Automatically update internal links]]",
      ],
      [
        "unresolved-link",
        "Internal links.md",
        "[[Settings#Default location for new notes|default location for new notes]]",
      ],
      ["unresolved-link", "Internal links.md", "[[Settings]]"],
      ["unresolved-link", "Internal links.md", "[[Command palette]]"],
      ["unresolved-link", "Internal links.md", "![[Quick switcher#^search-autocomplete-large]]"],
      ["unresolved-link", "Internal links.md", "[[Accepted file formats]]"],
      ["unresolved-link", "Internal links.md", "[[Settings#Excluded files|Excluded files]]"],
      ["unresolved-link", "Internal links.md", "[[About Obsidian#Links are first-class citizens]]"],
      [
        "unresolved-link",
        "Internal links.md",
        "[[Help and support#Questions and advice#Report bugs and request features]]",
      ],
      ["attachment", "Internal links.md", "![[internal-links-header.png#interface]]"],
      ["attachment", "Internal links.md", "![[link-block-heading.png#interface]]"],
      ["unresolved-link", "Internal links.md", "[[Example]]"],
      ["unresolved-link", "Internal links.md", "[[Example#Details]]"],
      ["unresolved-link", "Internal links.md", "[[Example|Custom name]]"],
      ["unresolved-link", "Internal links.md", "[[Example#Details|Section name]]"],
      ["unresolved-link", "Internal links.md", "[Custom name](Example.md)"],
      ["unresolved-link", "Internal links.md", "[Section name](Example.md#Details)"],
      ["unresolved-link", "Internal links.md", "[[Page preview]]"],
    ]);
    for (const problem of reading.problems.filter((p) => p.code === "attachment")) {
      expect(problem.detail).toMatch(
        /the file is left where it is and the link is kept as written\.$/,
      );
    }
  });

  it("loses no sentence and keeps every property value", () => {
    for (const file of files) {
      const frontmatter = readFrontmatter(file.text);
      expect({ file: file.path, lost: lostSentences(frontmatter.body, reading.notes) }).toEqual({
        file: file.path,
        lost: [],
      });
      if (frontmatter.kind !== "parsed") continue;
      const text = bodyText(note(reading.notes, file.path).body);
      for (const value of Object.values(frontmatter.properties).flat()) {
        expect(text).toContain(String(value));
      }
    }
  });
});

describe("obsidian kind: link resolution by Obsidian's rules", () => {
  it("prefers an exact vault path, then the linking note's folder, then the shortest path", () => {
    // The three-`Note.md` vault of markdown-vault-mcp pull request #1380, observed on Obsidian 1.13.7.
    const reading = read({
      "Note.md": "root",
      "a/b/Note.md": "deep",
      "b/Note.md": "b",
      "zzzz/Note.md": "z",
      "zzzz/deep/Source.md": "[[Note]] [[b/Note]] [[a/b/Note]]",
      "b/Source.md": "[[Note]] [[note.MD]]",
      "c/Source.md": "[[Tie]]",
      "x/Tie.md": "x",
      "aa/bb/Tie.md": "longer",
    });
    expect(links(note(reading.notes, "zzzz/deep/Source.md")).map((l) => l.linkTo)).toEqual([
      "Note.md",
      "b/Note.md",
      "a/b/Note.md",
    ]);
    expect(links(note(reading.notes, "b/Source.md")).map((l) => l.linkTo)).toEqual([
      "Note.md",
      "Note.md",
    ]);
    expect(links(note(reading.notes, "c/Source.md")).map((l) => l.linkTo)).toEqual(["x/Tie.md"]);
  });

  it("takes the linking note's folder for a bare name, and ./ and ../ paths exactly", () => {
    const reading = read({
      "A/Target.md": "a",
      "B/Target.md": "b",
      "B/Source.md": "[[Target]] [[../A/Target|up]] [[./Target]] [[./Missing]] [t](../A/Target.md)",
    });
    expect(links(note(reading.notes, "B/Source.md"))).toEqual([
      { linkTo: "B/Target.md", text: "Target" },
      { linkTo: "A/Target.md", text: "up" },
      { linkTo: "B/Target.md", text: "./Target" },
      { linkTo: "A/Target.md", text: "t" },
    ]);
    expect(reading.problems.map((p) => p.code)).toEqual(["unresolved-link"]);
  });

  it("shows heading and block links as Obsidian does and never resolves by alias", () => {
    const reading = read({
      "Topic.md": "---\naliases: [Nickname]\n---\n# Part\nText ^b1",
      "Source.md": "[[Topic#Part]] [[Topic#^b1]] [[topic.md|t]] [[Nickname]]",
    });
    expect(links(note(reading.notes, "Source.md"))).toEqual([
      { linkTo: "Topic.md", text: "Topic > Part" },
      { linkTo: "Topic.md", text: "Topic > ^b1" },
      { linkTo: "Topic.md", text: "t" },
    ]);
    expect(reading.problems).toEqual([
      {
        code: "unresolved-link",
        file: "Source.md",
        detail:
          '[[Nickname]] names "Nickname", which is no note of the vault: the link is kept as written.',
      },
    ]);
  });

  it("keeps tags from the property (list or string) and from the text, and skips dot-folders", () => {
    const reading = read({
      "List.md": "---\ntags:\n  - project/alpha\n  - '#urgent'\n---\nBody #inline and `#code`.",
      "String.md": "---\ntags: one, two three\nstatus: done\n---\n# String\nBody.",
      ".obsidian/app.json": "{}",
      ".trash/Old.md": "old",
      "image.png": "binary",
    });
    expect(note(reading.notes, "List.md").tags).toEqual(["project/alpha", "urgent", "inline"]);
    const string = note(reading.notes, "String.md");
    expect(string.tags).toEqual(["one", "two", "three"]);
    // The heading repeats the title: dropped; the other property is kept as a line.
    expect(bodyText(string.body)).toBe("- status: done\n\nBody.");
    expect(reading.notes.map((n) => n.key)).toEqual(["List.md", "String.md"]);
    expect(reading.problems.map((p) => [p.code, p.file])).toEqual([
      ["skipped", ".obsidian/app.json"],
      ["skipped", ".trash/Old.md"],
      ["attachment", "image.png"],
    ]);
    expect(obsidianKind.wants(".obsidian/app.json")).toBe(false);
    expect(obsidianKind.wants(".trash/Old.md")).toBe(false);
    expect(obsidianKind.wants("Notes/Real.md")).toBe(true);
    expect(obsidianKind.wants("image.png")).toBe(false);
  });

  it("keeps a heading that differs from the file name and invalid properties as text", () => {
    const reading = read({
      "File name.md": "# Another title\nBody.",
      "Broken.md": "---\ntags: [unclosed\n---\nBody.",
    });
    expect(bodyText(note(reading.notes, "File name.md").body)).toBe("# Another title\nBody.");
    expect(bodyText(note(reading.notes, "Broken.md").body)).toBe(
      "---\ntags: [unclosed\n---\nBody.",
    );
    expect(reading.problems.map((p) => [p.code, p.file])).toEqual([["unreadable", "Broken.md"]]);
  });

  it("never modifies the files it is given", () => {
    const files: SourceFile[] = [
      { path: "A.md", text: "[[B]]" },
      { path: "B.md", text: "b" },
    ];
    const copy = structuredClone(files);
    obsidianKind.read(files);
    expect(files).toEqual(copy);
  });
});
