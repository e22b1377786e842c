import * as isoGit from "isomorphic-git";
import { describe, expect, it } from "vitest";
import { inMemoryPorts, type InMemoryPorts } from "../../../src/adapters/in-memory/in-memory.js";
import { createNotesMemory } from "../../../src/create-notes-memory.js";
import type { SourceFile } from "../../../src/migrate/import/import-kind.js";
import {
  importMemory,
  type ImportMemoryOptions,
} from "../../../src/migrate/import/import-memory.js";
import { parseImportRecord } from "../../../src/migrate/import/import-record.js";
import { MAX_NOTE_BYTES } from "../../../src/model/note-size.js";
import { parseSourceTrailers } from "../../../src/model/provenance.js";
import { sentencesOf } from "../../../src/model/markdown/sentences.js";
import type { NotesMemory } from "../../../src/notes/notes-memory.js";
import { okOf } from "../../helpers/result-helpers.js";
import { wikiKind } from "./wiki-kind.js";

const VAULT: readonly SourceFile[] = [
  {
    path: "Deploys.md",
    text: "tags: ops, release\n# Deploys\nDeploys go out on Tuesdays. See [[Checklist|the checklist]] first.\n",
  },
  {
    path: "Checklist.md",
    text: "# Checklist\nFive steps. Owners sign off. Back to [[Deploys]].\n",
  },
  { path: "Orphan.md", text: "No heading here. It points at [[Nowhere]].\n" },
];

interface World {
  readonly ports: InMemoryPorts;
  readonly memory: NotesMemory;
}

let ids = 0;
async function world(): Promise<World> {
  const ports = okOf(await inMemoryPorts({ now: () => Date.UTC(2026, 10, 27) }));
  okOf(await ports.persistence.write("index.md", "# Index\n\n## Hot\n\n## Warm\n"));
  okOf(await ports.git.commit("init"));
  return { ports, memory: over(ports) };
}

function over(ports: InMemoryPorts): NotesMemory {
  return createNotesMemory({ persistence: ports.persistence, git: ports.git });
}

function importInto(
  w: World,
  files: readonly SourceFile[],
  extra: Partial<ImportMemoryOptions> = {},
) {
  return importMemory({
    memory: w.memory,
    persistence: w.ports.persistence,
    kind: wikiKind,
    files,
    source: "vault",
    generateId: () => `id__T${String(ids++).padStart(5, "0")}`,
    ...extra,
  });
}

async function commits(w: World): Promise<{ oid: string; message: string }[]> {
  const log = await isoGit.log({ fs: w.ports.fs, dir: w.ports.root });
  return log.map((entry) => ({ oid: entry.oid, message: entry.commit.message }));
}

/** Every file under the root (but the private folder) with its text. */
async function tree(w: World): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  const walk = async (dir: string): Promise<void> => {
    const entries = await w.ports.fs.promises.readdir(dir, { withFileTypes: true });
    for (const entry of entries as readonly { name: string; isDirectory(): boolean }[]) {
      const path = `${dir}/${entry.name}`;
      if (
        path === `${w.ports.root}/.agent-memory` ||
        path.endsWith(".git/agent-memory") ||
        path.endsWith(".git/index")
      )
        continue;
      if (entry.isDirectory()) await walk(path);
      else files[path] = String(await w.ports.fs.promises.readFile(path, "utf8"));
    }
  };
  await walk(w.ports.root);
  return files;
}

async function notesText(w: World): Promise<string> {
  const all = okOf(await w.memory.readAll());
  return all.map((note) => `${note.title}\n${note.body}`).join("\n");
}

const section = (n: number): string =>
  `## Part ${n}\n${Array.from({ length: 15000 }, (_, i) => `Line ${n}.${i} says something.`).join("\n")}`;

describe("importMemory", () => {
  it("makes one note per key, resolves links to ids and keeps an unresolved link as text, in one commit", async () => {
    const w = await world();
    const before = (await commits(w)).length;
    const report = okOf(await importInto(w, VAULT));
    expect(report.counts).toMatchObject({ create: 3, update: 0, unchanged: 0 });
    expect(report.links).toEqual({ resolved: 2, unresolved: 1 });
    expect(report.problems).toEqual([
      expect.objectContaining({ code: "unresolved-link", file: "Orphan.md" }),
    ]);
    const byKey = new Map(report.notes.map((note) => [note.key, note]));
    const deploys = okOf(await w.memory.read(byKey.get("Deploys")?.id ?? ""));
    expect(deploys.status).toBe("inbox");
    expect(deploys.tags).toEqual(["ops", "release"]);
    expect(deploys.body).toContain(`[[${byKey.get("Checklist")?.id}|the checklist]]`);
    const orphan = okOf(await w.memory.read(byKey.get("Orphan")?.id ?? ""));
    expect(orphan.body).toBe("No heading here. It points at Nowhere.");
    expect(okOf(await w.memory.brokenLinks())).toEqual([]);
    const log = await commits(w);
    expect(log.length).toBe(before + 1);
    expect(report.commit).toBe(log[0]?.oid);
    expect(parseSourceTrailers(log[0]?.message ?? "")).toEqual([
      { kind: "import", ref: "obsidian/vault", record: "journal/imports/obsidian/vault.json" },
    ]);
    const record = parseImportRecord(
      okOf(await w.ports.persistence.read("journal/imports/obsidian/vault.json")),
    );
    expect(record?.notes["Checklist"]).toMatchObject({
      id: byKey.get("Checklist")?.id,
      file: "Checklist.md",
    });
  });

  it("puts new notes in topics/ with status active", async () => {
    const w = await world();
    const report = okOf(await importInto(w, VAULT, { status: "active" }));
    expect(report.notes.every((note) => note.path?.startsWith("topics/"))).toBe(true);
  });

  it("keeps every sentence of the source", async () => {
    const w = await world();
    okOf(await importInto(w, VAULT));
    const out = await notesText(w);
    const missing = VAULT.flatMap((file) =>
      sentencesOf(
        file.text
          .replace(/^tags: .*\n/, "")
          .replace(
            /\[\[([^\]|]+)(?:\|([^\]]+))?\]\]/g,
            (_m, name: string, text?: string) => text ?? name,
          ),
      ).filter((sentence) => !sentencesOf(out).includes(sentence)),
    );
    expect(missing).toEqual([]);
  });

  it("a second run creates nothing, writes nothing and reports every note unchanged", async () => {
    const w = await world();
    okOf(await importInto(w, VAULT));
    const log = (await commits(w)).length;
    const files = await tree(w);
    const again = okOf(await importInto(w, VAULT));
    expect(again.counts).toMatchObject({ create: 0, update: 0, unchanged: 3 });
    expect(again.commit).toBeNull();
    expect((await commits(w)).length).toBe(log);
    expect(await tree(w)).toEqual(files);
  });

  it("a changed source updates the note it made, and a retitled one is renamed", async () => {
    const w = await world();
    const first = okOf(await importInto(w, VAULT));
    const changed = VAULT.map((file) =>
      file.path === "Checklist.md"
        ? { ...file, text: "# Release checklist\nSix steps now. Back to [[Deploys]].\n" }
        : file,
    );
    const again = okOf(await importInto(w, changed));
    expect(again.counts).toMatchObject({ create: 0, update: 1, unchanged: 2 });
    const id = first.notes.find((note) => note.key === "Checklist")?.id ?? "";
    const note = okOf(await w.memory.read(id));
    expect(note.title).toBe("Release checklist");
    expect(note.body).toContain("Six steps now.");
    expect((await commits(w))[0]?.message).toContain("updated: 1");
  });

  it("never overwrites a note edited in the memory: a changed source is a conflict, an unchanged one is kept", async () => {
    const w = await world();
    const first = okOf(await importInto(w, VAULT));
    const id = first.notes.find((note) => note.key === "Checklist")?.id ?? "";
    const note = okOf(await w.memory.read(id));
    okOf(await w.memory.update(id, { body: `${note.body}\n\nMy own line.` }, { commit: "edit" }));
    const same = okOf(await importInto(w, VAULT));
    expect(same.notes.find((n) => n.id === id)?.action).toBe("edited");
    const changed = VAULT.map((file) =>
      file.path === "Checklist.md" ? { ...file, text: "# Checklist\nSeven steps.\n" } : file,
    );
    const again = okOf(await importInto(w, changed));
    expect(again.notes.find((n) => n.id === id)?.action).toBe("conflict");
    expect(okOf(await w.memory.read(id)).body).toContain("My own line.");
  });

  it("a dry run writes and commits nothing and returns the plan", async () => {
    const w = await world();
    const files = await tree(w);
    const log = await commits(w);
    const plan = okOf(await importInto(w, VAULT, { dryRun: true }));
    expect(plan.dryRun).toBe(true);
    expect(plan.counts.create).toBe(3);
    expect(plan.notes.every((note) => note.path?.startsWith("inbox/"))).toBe(true);
    expect(plan.links.unresolved).toBe(1);
    expect(await tree(w)).toEqual(files);
    expect(await commits(w)).toEqual(log);
  });

  it("redacts secrets and reports how many of each kind per note, never the secret", async () => {
    const w = await world();
    const key = "AKIAABCDEFGHIJKLMNOP";
    const report = okOf(
      await importInto(w, [
        { path: "Keys.md", text: `# Keys\nThe deploy key is ${key} for now.\n` },
      ]),
    );
    expect(report.redactions).toEqual([
      { key: "Keys", id: report.notes[0]?.id, kinds: { "aws-access-key": 1 } },
    ]);
    expect(JSON.stringify(report)).not.toContain(key);
    expect(await notesText(w)).not.toContain(key);
    expect((await commits(w))[0]?.message).toContain("secrets redacted: 1");
  });

  it("splits a note over the size limit at its headings, links the parts from the first and loses nothing", async () => {
    const w = await world();
    const big = `# Big\nIntro sentence.\n${[1, 2, 3].map(section).join("\n")}\n`;
    expect(big.length).toBeGreaterThan(MAX_NOTE_BYTES);
    const report = okOf(await importInto(w, [{ path: "Big.md", text: big }]));
    expect(report.splits).toHaveLength(1);
    const parts = report.splits[0]?.ids ?? [];
    expect(parts.length).toBeGreaterThan(1);
    const first = okOf(await w.memory.read(parts[0] ?? ""));
    for (const id of parts.slice(1)) expect(first.links.map((link) => link.id)).toContain(id);
    for (const id of parts)
      expect(okOf(await w.memory.read(id)).size).toBeLessThanOrEqual(MAX_NOTE_BYTES);
    const out = new Set(sentencesOf(await notesText(w)));
    expect(sentencesOf(big).filter((sentence) => !out.has(sentence))).toEqual([]);
    // Re-run: the parts are recognised.
    const again = okOf(await importInto(w, [{ path: "Big.md", text: big }]));
    expect(again.counts).toMatchObject({ create: 0, unchanged: parts.length });
  });

  it("refuses a damaged record instead of importing everything again", async () => {
    const w = await world();
    okOf(await importInto(w, VAULT));
    okOf(await w.ports.persistence.write("journal/imports/obsidian/vault.json", "{ not json"));
    const again = await importInto(w, VAULT);
    expect(again.isErr() && again.error.message).toContain("is not an import record");
  });

  it("a re-import under another source name makes new notes (two vaults with the same file names)", async () => {
    const w = await world();
    okOf(await importInto(w, VAULT));
    const other = okOf(await importInto(w, VAULT, { source: "other vault" }));
    expect(other.counts.create).toBe(3);
    expect(other.record).toBe("journal/imports/obsidian/other-vault.json");
  });
});
