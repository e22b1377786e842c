/**
 * `importMemory` of a 10,000-note Obsidian-style vault of real prose (LoCoMo utterances, about
 * 1 KB a note, `[[Title]]` links between notes, a `tags:` property), into a fresh memory on
 * disk with real git, beside a bare read of the same files (a walk and readFile each) in the
 * same run; then the re-import of the unchanged vault (every note recognised, nothing written).
 * Run: npx tsx bench/import.bench.ts [notes]
 *
 * SEAM (issue 34): the obsidian kind is written on another branch; until it is in this build
 * the bench imports with the small kind below, which reads `[[Title]]` and `tags:` only. Once
 * `importKinds` has "obsidian", it is used instead (the line printed says which).
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { fsPersistence, gitCli, readImportSource } from "../src/adapters/index.js";
import { createNotesMemory } from "../src/notes/index.js";
import { importKinds, importMemory, type BodyPart, type ImportKind } from "../src/migrate/index.js";
import { hasLocomo, proseNotes } from "./prose-notes.js";

const NOTES = Number(process.argv[2] ?? 10_000);
const LINK = /\[\[([^\]|#]+)(?:\|([^\]]*))?\]\]/g;

/** A vault note's title: its file name without `.md`. */
function titleOf(path: string): string {
  return (path.split("/").at(-1) ?? path).replace(/\.md$/, "");
}

/** The stand-in kind: `[[Title]]` to the note of that title, a `tags:` first line. */
const benchKind: ImportKind = {
  name: "obsidian",
  describe: "bench stand-in",
  pathIs: "folder",
  wants: (path) => path.endsWith(".md"),
  read: (files) => {
    const keyOfTitle = new Map(files.map((file) => [titleOf(file.path), file.path]));
    return {
      notes: files.map((file) => {
        let text = file.text;
        const tagLine = /^tags: (.*)\n/.exec(text);
        const tags = tagLine === null ? [] : (tagLine[1] ?? "").split(" ");
        if (tagLine !== null) text = text.slice(tagLine[0].length);
        const body: BodyPart[] = [];
        let last = 0;
        for (const match of text.matchAll(LINK)) {
          const target = match[1] ?? "";
          body.push(text.slice(last, match.index));
          body.push({ linkTo: keyOfTitle.get(target) ?? target, text: match[2] ?? target });
          last = match.index + match[0].length;
        }
        body.push(text.slice(last));
        const title = titleOf(file.path);
        return { key: file.path, title, body, tags, source: { kind: "obsidian", file: file.path } };
      }),
      problems: [],
    };
  },
};

if (!hasLocomo()) {
  console.log("import bench: skipped, the LoCoMo data is not in /work/shared/data");
  process.exit(0);
}
const kind = importKinds.find((k) => k.name === "obsidian") ?? benchKind;
const dir = mkdtempSync(join(tmpdir(), "import-bench-"));
const env = { ...process.env, GIT_CONFIG_NOSYSTEM: "1", HOME: dir };
try {
  const vault = join(dir, "vault");
  const prose = proseNotes(NOTES, 0);
  const titles = prose.map(
    (_, at) =>
      `Note ${at} ${prose[at]?.markdown
        .split("\n")[0]
        ?.slice(2, 40)
        .replace(/[^\p{L}\p{N} ]/gu, "")
        .trim()}`,
  );
  for (const [at, note] of prose.entries()) {
    const folder = join(vault, `area${at % 20}`);
    mkdirSync(folder, { recursive: true });
    // The prose notes link by id: here by title, as a vault does.
    const body = note.markdown
      .split("\n")
      .slice(2)
      .join("\n")
      .replace(/\[\[id__\w+\|([^\]]*)\]\]/g, () => `[[${titles[(at * 7 + 3) % NOTES]}]]`);
    writeFileSync(join(folder, `${titles[at]}.md`), `tags: bench area${at % 20}\n${body}\n`);
  }
  const bareRead = (): number => {
    const start = performance.now();
    let bytes = 0;
    const walk = (folder: string): void => {
      for (const entry of readdirSync(folder, { withFileTypes: true })) {
        const path = join(folder, entry.name);
        if (entry.isDirectory()) walk(path);
        else bytes += readFileSync(path, "utf8").length;
      }
    };
    walk(vault);
    if (bytes === 0) throw new Error("empty vault");
    return performance.now() - start;
  };
  bareRead();
  const bare = bareRead();

  const root = join(dir, "memory");
  mkdirSync(root);
  execFileSync("git", ["init", "-q", "-b", "main"], { cwd: root, env });
  const persistence = fsPersistence({ fs, root });
  const memory = createNotesMemory({ persistence, git: gitCli({ dir: root }) });
  const run = async (): Promise<{ ms: number; line: string }> => {
    const start = performance.now();
    const source = await readImportSource({ path: vault, pathIs: kind.pathIs, wants: kind.wants });
    if (source.isErr()) throw source.error;
    const report = await importMemory({
      memory,
      persistence,
      kind,
      files: source.value.files,
      source: "vault",
    });
    if (report.isErr()) throw report.error;
    const ms = performance.now() - start;
    const { counts, links } = report.value;
    return {
      ms,
      line: `created ${counts.create}, unchanged ${counts.unchanged}, links ${links.resolved} resolved / ${links.unresolved} unresolved, commit ${report.value.commit === null ? "none" : "1"}`,
    };
  };
  const first = await run();
  const again = await run();
  console.log(
    `import ${NOTES} notes (${kind === benchKind ? "bench stand-in kind" : "obsidian kind"}): ` +
      `first import ${first.ms.toFixed(0)} ms (${first.line}); ` +
      `re-import ${again.ms.toFixed(0)} ms (${again.line}); ` +
      `bare read of the same files ${bare.toFixed(0)} ms; ratio ${(first.ms / bare).toFixed(0)}x first, ${(again.ms / bare).toFixed(0)}x re-import`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
