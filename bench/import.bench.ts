/**
 * `importMemory` of a 10,000-note Obsidian-style vault of real prose (LoCoMo utterances, about
 * 1 KB a note, `[[Title]]` links between notes, a `tags:` property), into a fresh memory on
 * disk with real git, beside a bare read of the same files (a walk and readFile each) in the
 * same run; then the re-import of the unchanged vault (every note recognised, nothing written).
 * Run: npx tsx bench/import.bench.ts [notes]
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { fsPersistence, gitCli, readImportSource } from "../src/adapters/index.js";
import { createNotesMemory } from "../src/notes-entry.js";
import { importKinds, importMemory } from "../src/migrate/index.js";
import { hasLocomo, proseNotes } from "./prose-notes.js";

const NOTES = Number(process.argv[2] ?? 10_000);
if (!hasLocomo()) {
  console.log("import bench: skipped, the LoCoMo data is not in /work/shared/data");
  process.exit(0);
}
const kind = importKinds.find((k) => k.name === "obsidian");
if (kind === undefined) throw new Error("the obsidian kind is not registered");
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
    `import ${NOTES} notes (obsidian kind): ` +
      `first import ${first.ms.toFixed(0)} ms (${first.line}); ` +
      `re-import ${again.ms.toFixed(0)} ms (${again.line}); ` +
      `bare read of the same files ${bare.toFixed(0)} ms; ratio ${(first.ms / bare).toFixed(0)}x first, ${(again.ms / bare).toFixed(0)}x re-import`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
