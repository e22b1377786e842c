/**
 * The memories of the scale benchmark: `count` notes of LoCoMo prose (`proseNotes`: about
 * 1 KB, up to 5 links and 2 tags a note, as in the 10,000-note benchmarks), one of them linked
 * by its title from exactly 100 others (the rename target), in a git repository whose history
 * adds the notes in 10 commits and then edits five notes in each of 10 more, written with one
 * `git fast-import` (100,000 notes in about a minute; one `git commit` per note would take
 * hours).
 *
 * Generated once per size and kept under `.bench-tmp/cache/scale-v<version>-<count>/`
 * (`BENCH_CACHE_DIR` moves it); a change to what is generated must raise GENERATOR_VERSION.
 * Each later run puts the repository back to its last commit and removes every untracked and
 * ignored file (so `.agent-memory/` too): each run starts with nothing cached.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import { join, resolve } from "node:path";
import { hasLocomo, proseNotes } from "./prose-notes.js";
import { seededRandom } from "./synthetic-memory.js";

const GENERATOR_VERSION = 1;
const INBOUND = 100;
const ADD_COMMITS = 10;
const EDIT_COMMITS = 10;

/** A generated memory, ready to measure. */
export interface ScaleMemory {
  readonly root: string;
  readonly count: number;
  /** The note `inbound` others link to by its title. */
  readonly targetId: string;
  readonly targetTitle: string;
  readonly inbound: number;
  /** A note the show and links calls ask for. */
  readonly someId: string;
  /** Whether this run generated it (else it came from the cache). */
  readonly generated: boolean;
}

type Plan = Omit<ScaleMemory, "generated">;

/** The memory of `count` notes: from the cache, reset, or generated into it. */
export function scaleMemory(count: number): ScaleMemory {
  if (!hasLocomo()) throw new Error("the scale benchmark needs the LoCoMo data");
  const cache =
    process.env.BENCH_CACHE_DIR ?? resolve(import.meta.dirname, "..", ".bench-tmp", "cache");
  const root = join(cache, `scale-v${GENERATOR_VERSION}-${count}`);
  const done = `${root}.json`;
  // Another process generating this size (`npx tsx bench/scale-memory.ts 100000`): wait for it.
  while (fs.existsSync(`${root}.generating`) && !fs.existsSync(done)) sleep(5_000);
  if (fs.existsSync(done) && fs.existsSync(join(root, ".git"))) {
    const plan = JSON.parse(fs.readFileSync(done, "utf8")) as Plan;
    git(root, "reset", "-q", "--hard");
    git(root, "clean", "-qfdx");
    emptyFolders(root);
    return { ...plan, root, generated: false };
  }
  fs.rmSync(done, { force: true });
  fs.rmSync(root, { recursive: true, force: true });
  fs.mkdirSync(root, { recursive: true });
  fs.writeFileSync(`${root}.generating`, String(process.pid));
  try {
    const plan = generate(root, count);
    fs.writeFileSync(done, JSON.stringify(plan));
    return { ...plan, generated: true };
  } finally {
    fs.rmSync(`${root}.generating`, { force: true });
  }
}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
function git(root: string, ...args: string[]): void {
  execFileSync("git", ["-C", root, ...args], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, GIT_CONFIG_NOSYSTEM: "1" },
  });
}

function emptyFolders(root: string): void {
  for (const folder of ["inbox", "archive"]) fs.mkdirSync(join(root, folder), { recursive: true });
}

function generate(root: string, count: number): Plan {
  const notes = proseNotes(count, 0);
  const targetAt = Math.floor(count / 2);
  const target = notes[targetAt];
  const targetTitle = /^# (.*)$/m.exec(target?.markdown ?? "")?.[1];
  if (target === undefined || targetTitle === undefined) throw new Error("no rename target");
  const contents = notes.map((note) => note.markdown);
  const paths = notes.map((note) => note.path);
  // Small sizes (a quick try) get fewer linking notes, so no note links twice.
  const inbound = Math.min(INBOUND, Math.floor(count / 4));
  const step = Math.floor(count / inbound);
  for (let k = 0; k < inbound; k++) {
    const at = k * step + 1 === targetAt ? k * step + 2 : k * step + 1;
    contents[at] += `\nAlso see [[${target.id}|${targetTitle}]].\n`;
  }

  const stream = join(root, "..", `scale-${count}.fast-import`);
  const fd = fs.openSync(stream, "w");
  const random = seededRandom(11);
  let time = 1_700_000_000;
  const commit = (message: string, files: readonly [string, string][]) => {
    time += 86_400;
    const lines = [
      "commit refs/heads/main",
      `committer bench <bench@localhost> ${time} +0000`,
      `data ${Buffer.byteLength(message)}`,
      message,
    ];
    for (const [path, text] of files)
      lines.push(`M 100644 inline "${path}"`, `data ${Buffer.byteLength(text)}`, text);
    fs.writeSync(fd, `${lines.join("\n")}\n`);
  };
  const first = notes[0]?.id ?? "";
  for (let c = 0; c < ADD_COMMITS; c++) {
    const from = Math.floor((c * count) / ADD_COMMITS);
    const to = Math.floor(((c + 1) * count) / ADD_COMMITS);
    const files: [string, string][] = [];
    if (c === 0) {
      files.push([".gitignore", ".agent-memory/\n"]);
      files.push(["index.md", `# Index\n\n## Hot\n\n- [[${first}|first]]\n`]);
    }
    for (let i = from; i < to; i++) files.push([paths[i] ?? "", contents[i] ?? ""]);
    commit(`memory: add notes ${from}-${to - 1}`, files);
  }
  for (let c = 0; c < EDIT_COMMITS; c++) {
    const files: [string, string][] = [];
    for (let k = 0; k < 5; k++) {
      const at = Math.floor(random() * count);
      contents[at] += `\nedit ${c}\n`;
      files.push([paths[at] ?? "", contents[at] ?? ""]);
    }
    commit(`memory: edit ${c}`, files);
  }
  fs.closeSync(fd);
  execFileSync("git", ["init", "-q", "-b", "main", root]);
  const input = fs.openSync(stream, "r");
  try {
    execFileSync("git", ["-C", root, "fast-import", "--quiet"], {
      stdio: [input, "ignore", "inherit"],
    });
  } finally {
    fs.closeSync(input);
    fs.rmSync(stream, { force: true });
  }
  git(root, "reset", "-q", "--hard");
  emptyFolders(root);
  return {
    root,
    count,
    targetId: target.id,
    targetTitle,
    inbound,
    someId: notes[Math.floor(count / 3)]?.id ?? "",
  };
}

// Generates a size ahead of a run, e.g. while a smaller size is being measured.
if (import.meta.url === `file://${process.argv[1]}`) {
  for (const size of process.argv.slice(2)) scaleMemory(Number(size));
}
