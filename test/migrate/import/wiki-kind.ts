/**
 * A small kind for the pipeline's tests (not one of the real six, which live in src/): every
 * `.md` file is one note keyed by its path without `.md`, titled by its first `# ` line (else
 * the key), `[[Name]]` a link to the file `Name.md`, and a `tags: a, b` first line its tags.
 */
import type { BodyPart, ImportKind } from "../../../src/migrate/import/import-kind.js";

const LINK = /\[\[([^\]|]+)(?:\|([^\]]*))?\]\]/g;

export const wikiKind: ImportKind = {
  name: "obsidian",
  describe: "a folder of markdown files linked by [[Name]] (test kind)",
  pathIs: "folder",
  wants: (path) => path.endsWith(".md"),
  read: (files) => ({
    notes: files.map((file) => {
      const key = file.path.replace(/\.md$/, "");
      let text = file.text;
      let tags: string[] = [];
      const tagLine = /^tags: (.*)\n/.exec(text);
      if (tagLine !== null) {
        tags = (tagLine[1] ?? "").split(",").map((tag) => tag.trim());
        text = text.slice(tagLine[0].length);
      }
      const heading = /^# (.*)\n/.exec(text);
      const title = heading?.[1] ?? key;
      if (heading !== null) text = text.slice(heading[0].length);
      const body: BodyPart[] = [];
      let last = 0;
      for (const match of text.matchAll(LINK)) {
        body.push(text.slice(last, match.index));
        body.push({ linkTo: match[1] ?? "", text: match[2] ?? match[1] ?? "" });
        last = match.index + match[0].length;
      }
      body.push(text.slice(last));
      return { key, title, body, tags, source: { kind: "obsidian", file: file.path } };
    }),
    problems: [],
  }),
};
