/**
 * `memory why` on a note with a long history (issue 30): the isomorphic-git adapter's blame
 * (its own line-following walk) against the git CLI adapter's (`git blame --porcelain`),
 * beside bare `git blame --porcelain HEAD` of the same file, in the same run and alternating
 * so all three see the same load. The memory: 500 notes of real prose (LoCoMo); the history:
 * 300 commits, each touching a few notes, the measured note in every other one (a line
 * edited, a section appended), renamed once (a retitle) halfway.
 * Run: npx tsx bench/why.bench.ts
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import { mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fsPersistence } from "../src/adapters/fs/fs-persistence.js";
import { gitCli } from "../src/adapters/git-cli/git-cli.js";
import { isomorphicGit } from "../src/adapters/isomorphic-git/isomorphic-git.js";
import { createNotesMemory } from "../src/create-notes-memory.js";
import { alternatingMediansMs, report } from "./measure.js";
import { hasLocomo, proseNotes } from "./prose-notes.js";
import { writeNotes } from "./synthetic-memory.js";

const NOTES = 500;
const COMMITS = 300;

async function main(): Promise<void> {
  if (!hasLocomo()) throw new Error("LoCoMo is missing (see bench/retrieval/locomo.ts)");
  const dir = mkdtempSync(join(tmpdir(), "why-bench-"));
  const root = join(dir, "memory");
  const env = {
    ...process.env,
    GIT_CONFIG_NOSYSTEM: "1",
    HOME: dir,
    GIT_AUTHOR_NAME: "bench",
    GIT_AUTHOR_EMAIL: "bench@example.com",
    GIT_COMMITTER_NAME: "bench",
    GIT_COMMITTER_EMAIL: "bench@example.com",
  };
  const git = (...args: string[]) =>
    execFileSync("git", args, { cwd: root, env, encoding: "utf8", maxBuffer: 1 << 28 });
  try {
    const notes = proseNotes(NOTES, 0.1);
    const lines = proseNotes(COMMITS, 0, 7).map(
      (note) => note.markdown.split("\n").find((line) => line.length > 40) ?? "A later line.",
    );
    writeNotes(root, notes);
    git("init", "-q", "-b", "main");
    git("add", "-A");
    git("commit", "-q", "-m", "seed");
    const measured = notes[0];
    if (measured === undefined) throw new Error("no notes");
    let path = join(root, measured.path);
    for (let at = 0; at < COMMITS; at++) {
      const line = lines[at] ?? "A later line.";
      if (at % 2 === 0) {
        const text = readFileSync(path, "utf8");
        // Every fourth commit appends a section, the others rewrite a line in place.
        const edited =
          at % 4 === 0
            ? `${text.trimEnd()}\n\n## Session ${at}\n\n${line}\n`
            : text.replace(/^(?!#)(.{40,})$/m, line);
        writeFileSync(path, edited);
      }
      if (at === COMMITS / 2) {
        const renamed = join(root, "topics", `retitled ${measured.id}.md`);
        renameSync(path, renamed);
        path = renamed;
      }
      for (let k = 1; k <= 3; k++) {
        const other = notes[(at * 3 + k) % NOTES];
        if (other === undefined || other === measured) continue;
        fs.appendFileSync(join(root, other.path), `\n${line}\n`);
      }
      git("add", "-A");
      git("commit", "-q", "-m", `edit ${at}`);
    }
    const relative = path.slice(root.length + 1);
    const cli = createNotesMemory({
      persistence: fsPersistence({ fs, root }),
      git: gitCli({ dir: root, env }),
    });
    const iso = createNotesMemory({
      persistence: fsPersistence({ fs, root }),
      git: isomorphicGit({ fs, dir: root }),
    });
    const whyWith = (memory: typeof cli) => async () => {
      const why = await memory.why(measured.id);
      if (why.isErr()) throw why.error;
      if (why.value.attribution !== "blame") throw new Error("no blame");
      return why.value;
    };
    const [cliParts, isoParts] = [await whyWith(cli)(), await whyWith(iso)()];
    if (JSON.stringify(cliParts) !== JSON.stringify(isoParts))
      throw new Error("the two adapters disagree on the note's provenance");
    const commits = new Set(cliParts.parts.flatMap((part) => part.commits)).size;
    const [blame, cliMs, isoMs] = await alternatingMediansMs(
      [() => git("blame", "--porcelain", "HEAD", "--", relative), whyWith(cli), whyWith(iso)],
      7,
    );
    const size = readFileSync(path, "utf8").split("\n").length;
    console.log(
      `note: ${size} lines, ${cliParts.parts.length} parts from ${commits} commits; history ${COMMITS + 1} commits over ${NOTES} notes`,
    );
    report("memory why, gitCli adapter", cliMs ?? Number.NaN, "git blame --porcelain", blame ?? 1);
    report(
      "memory why, isomorphic-git adapter",
      isoMs ?? Number.NaN,
      "git blame --porcelain",
      blame ?? 1,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
