/**
 * Writes a synthetic memory for the benchmarks: N notes of about 1 KB with about 5 links
 * and 3 tags each, and optionally a git history of C commits built with `git fast-import`
 * (thousands of `git commit` processes would take minutes).
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildFilename } from "../src/model/filename.js";
import { serializeNote } from "../src/model/note-format.js";

const WORDS =
  "memory agent note link graph design console query builder decision person repo pattern session commit index topic archive inbox review deploy release schema parser format signal journal budget token prompt cluster merge split rename".split(
    " ",
  );
const TAGS = [
  "people",
  "work",
  "repo",
  "decision",
  "pattern",
  "design",
  "infra",
  "area__work",
  "topic__search",
  "project/console",
];

/** A deterministic pseudo-random generator (mulberry32), so every run writes the same memory. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** The i-th synthetic id: distinct for every i below 62^6. */
export function syntheticId(i: number): string {
  let n = i;
  let body = "";
  for (let k = 0; k < 6; k++) {
    body = (BASE62[n % 62] ?? "0") + body;
    n = Math.floor(n / 62);
  }
  return `id__${body}`;
}

/** One synthetic note's path and markdown. */
export interface SyntheticNote {
  readonly id: string;
  readonly path: string;
  readonly markdown: string;
}

/** Builds `count` notes in topics/ (no I/O). */
export function syntheticNotes(count: number, seed = 42): SyntheticNote[] {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const notes: SyntheticNote[] = [];
  for (let i = 0; i < count; i++) {
    const id = syntheticId(i);
    const title = `${pick(WORDS)} ${pick(WORDS)} ${pick(WORDS)} ${i}`;
    const tags = [...new Set([pick(TAGS), pick(TAGS), pick(TAGS)])];
    const sentences: string[] = [];
    let length = 0;
    let links = 0;
    while (length < 900) {
      const words = Array.from({ length: 12 }, () => pick(WORDS)).join(" ");
      const link =
        links < 5 && random() < 0.5
          ? ` see [[${syntheticId(Math.floor(random() * count))}|${pick(WORDS)}]]`
          : "";
      if (link !== "") links++;
      const sentence = `${words}${link}.`;
      sentences.push(sentence);
      length += sentence.length + 1;
    }
    const markdown = serializeNote({ title, tags, body: sentences.join(" ") });
    notes.push({ id, path: `topics/${buildFilename(title, id)}`, markdown });
  }
  return notes;
}

/** Writes the notes under `root` with node:fs. */
export function writeNotes(root: string, notes: readonly SyntheticNote[]): void {
  mkdirSync(join(root, "topics"), { recursive: true });
  for (const note of notes) writeFileSync(join(root, note.path), note.markdown);
}

/**
 * Creates a git repository at `root` whose history has `commits` commits: the first adds
 * every note, each later one edits a handful (and renames one in ten to a new slug), so
 * every note has a createdAt and most an updatedAt later than it.
 */
export function writeHistory(
  root: string,
  notes: readonly SyntheticNote[],
  commits: number,
  seed = 7,
): void {
  const random = seededRandom(seed);
  execFileSync("git", ["init", "-q", "-b", "main", root]);
  const chunks: string[] = [];
  const paths = notes.map((note) => note.path);
  let time = 1_700_000_000;
  for (let c = 0; c < commits; c++) {
    time += 3600;
    const lines = [`commit refs/heads/main`, `committer bench <bench@localhost> ${time} +0000`];
    const message = `commit ${c}`;
    lines.push(`data ${Buffer.byteLength(message)}`, message);
    const touched =
      c === 0
        ? notes.map((_, i) => i)
        : Array.from({ length: 5 }, () => Math.floor(random() * notes.length));
    for (const index of touched) {
      const note = notes[index];
      if (note === undefined) continue;
      const body = c === 0 ? note.markdown : `${note.markdown}\nedit ${c}\n`;
      if (c > 0 && random() < 0.1) {
        const renamed = `topics/renamed ${c} ${note.id}.md`;
        lines.push(`D ${quote(paths[index] ?? note.path)}`);
        paths[index] = renamed;
      }
      lines.push(
        `M 100644 inline ${quote(paths[index] ?? note.path)}`,
        `data ${Buffer.byteLength(body)}`,
        body,
      );
    }
    chunks.push(lines.join("\n"));
  }
  execFileSync("git", ["-C", root, "fast-import", "--quiet"], {
    input: `${chunks.join("\n")}\n`,
    maxBuffer: 1 << 30,
  });
  execFileSync("git", ["-C", root, "checkout", "-q", "-f", "main"]);
}

function quote(path: string): string {
  return `"${path.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
}
