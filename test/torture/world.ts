/**
 * The memory every torture case starts from, the scripted model that answers it, the
 * operations swept, and the checks made after each fault and re-run.
 */
import * as isoGit from "isomorphic-git";
import { isTempName } from "../../src/adapters/fs/fs-temp-name.js";
import { inMemoryPorts } from "../../src/adapters/in-memory/in-memory.js";
import { llmFromFunction } from "../../src/adapters/llm/llm-from-function.js";
import { parseFilename } from "../../src/model/filename.js";
import { basename, PRIVATE_FOLDER, statusOfPath } from "../../src/model/layout.js";
import { extractLinks } from "../../src/model/links.js";
import { parseNote } from "../../src/model/note-format.js";
import { plainText, sentencesOf } from "../../src/model/markdown/sentences.js";
import { createMemory, type Memory, type MemoryOptions } from "../../src/memory.js";
import type { Git } from "../../src/ports/git.js";
import type { Llm, LlmRequest } from "../../src/ports/llm.js";
import type { Persistence } from "../../src/ports/persistence.js";
import type { FsLike } from "../../src/adapters/fs/fs-like.js";

export const NOW = Date.UTC(2026, 10, 23, 12);
const LONG = Array.from(
  { length: 60 },
  (_, i) => `Checklist step ${i} keeps the release safe.`,
).join(" ");

/** The seed: active notes linked to each other, inbox notes, an orphan, a long note. */
export const SEED = [
  {
    id: "id__Topic1",
    folder: "topics",
    title: "Deploys go through the release branch",
    body: "Deploys go through the release branch. Reviews happen before a deploy. See [[id__Topic2|the checklist]].",
  },
  {
    id: "id__Topic2",
    folder: "topics",
    title: "Release checklist",
    body: "The checklist has five steps. Owners sign off on every release.",
  },
  { id: "id__Topic3", folder: "topics", title: "Long release checklist", body: LONG },
  {
    id: "id__Topic4",
    folder: "topics",
    title: "Old scratch",
    body: "An old scratch note nobody links to.",
  },
  {
    id: "id__Topic5",
    folder: "topics",
    title: "Runbook for deploys and alerts",
    body: "Roll back by reverting the tag. Alerts page the owner of the release.",
  },
  {
    id: "id__Inbox1",
    folder: "inbox",
    title: "Release approvals",
    body: "Approvals for a release come from two owners.",
  },
  {
    id: "id__Inbox2",
    folder: "inbox",
    title: "Maybe try canary deploys",
    body: "Canary deploys might catch release bugs earlier.",
  },
  {
    id: "id__Inbox3",
    folder: "inbox",
    title: "Stray release thought",
    body: "A stray thought about the release branch colour.",
  },
] as const;

/** The journal entry's note: the session the model makes its one fact from. */
const JOURNAL_NOTE = "Deploys of the release branch: approvals, the checklist and canary deploys.";

/** The one sentence the model creates a note from: it must exist exactly once in the end. */
export const FACT = "Fact F1: the release branch is cut every Tuesday.";

const sliceOf = (id: string) => SEED.find((note) => note.id === id)?.body ?? "";

/**
 * A deterministic model: for consolidation it creates one note, rewrites Topic1 when the
 * prompt shows it whole, appends to Topic3, merges Inbox1 into Topic1, keeps Inbox2 and
 * archives Inbox3 (each only when shown); for defrag it archives the orphan, relinks
 * Topic2 (adding a link, keeping its text) and splits Topic5 into two parts.
 */
export function scriptedModel(): { llm: Llm; requests: LlmRequest[] } {
  const requests: LlmRequest[] = [];
  const llm = llmFromFunction((request) => {
    requests.push(request);
    if (request.prompt.includes("## It was rejected")) return '{"notes": [], "inbox": []}';
    if (request.system.startsWith("You reorganise")) return JSON.stringify(defragAnswer(request));
    return JSON.stringify(consolidationAnswer(request));
  });
  return { llm, requests };
}

function consolidationAnswer(request: LlmRequest) {
  const shows = (id: string) => request.prompt.includes(`id: ${id}`);
  const topic1 = sliceOf("id__Topic1");
  // The fact comes from the journal entry: only a prompt that shows the entry yields it.
  const notes: unknown[] = [];
  if (request.prompt.includes(JOURNAL_NOTE))
    notes.push({
      op: "create",
      key: "fact",
      title: "The release branch is cut on Tuesdays",
      tags: ["decision"],
      body: `${FACT} See [[id__Topic1|deploys]].`,
    });
  // A faithful model: its rewrite keeps all it was shown of the note and adds a sentence.
  const shown = shownBodyOf(request.prompt, "id__Topic1");
  if (shown !== undefined && shown.includes(topic1) && !shown.includes("[…cut"))
    notes.push({
      op: "update",
      id: "id__Topic1",
      title: "Deploys go through the release branch",
      tags: [],
      body: `${shown}\n\nModel addition: deploys wait for the Tuesday cut.`,
    });
  if (shows("id__Topic3"))
    notes.push({ op: "append", id: "id__Topic3", body: "Model section: the list is long." });
  const inbox: unknown[] = [];
  if (shows("id__Inbox1")) inbox.push({ id: "id__Inbox1", action: "merged", into: "id__Topic1" });
  if (shows("id__Inbox2")) inbox.push({ id: "id__Inbox2", action: "keep" });
  if (shows("id__Inbox3")) inbox.push({ id: "id__Inbox3", action: "archive" });
  return { notes, inbox };
}

/** The body the prompt shows for `id` (rendered `### title\nid: X\n\nbody`). */
function shownBodyOf(prompt: string, id: string): string | undefined {
  const start = prompt.indexOf(`id: ${id}\n\n`);
  if (start === -1) return undefined;
  const from = start + `id: ${id}\n\n`.length;
  const end = prompt.indexOf("\n\n### ", from);
  return prompt.slice(from, end === -1 ? undefined : end).trim();
}

function defragAnswer(request: LlmRequest) {
  const shows = (id: string) => request.prompt.includes(id);
  const actions: unknown[] = [];
  if (shows("id__Topic4")) actions.push({ type: "archive", id: "id__Topic4" });
  if (shows("id__Topic2"))
    actions.push({
      type: "relink",
      id: "id__Topic2",
      body: `${sliceOf("id__Topic2")} See [[id__Topic1|deploys]].`,
    });
  // Split once: the parts' titles in the prompt say it is done.
  if (shows("id__Topic5") && !shows("| Roll back by reverting the tag |"))
    actions.push({
      type: "split",
      id: "id__Topic5",
      parts: [
        {
          title: "Roll back by reverting the tag",
          tags: [],
          body: "Roll back by reverting the tag.",
        },
        {
          title: "Alerts page the release owner",
          tags: [],
          body: "Alerts page the owner of the release.",
        },
      ],
    });
  return { hotTier: shows("id__Topic1") ? ["id__Topic1"] : [], warmTier: [], actions };
}

/** A fresh world: memfs, a git repository, the seed committed, one journal entry and one session-log section. */
export async function freshWorld(): Promise<{
  fs: FsLike;
  root: string;
  persistence: Persistence;
  git: Git;
}> {
  const ports = await inMemoryPorts();
  if (ports.isErr()) throw ports.error;
  const { fs, root, persistence, git } = ports.value;
  for (const note of SEED) {
    await fs.promises.mkdir(`${root}/${note.folder}`, { recursive: true });
    const slug = note.title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "");
    await fs.promises.writeFile(
      `${root}/${note.folder}/${slug} ${note.id}.md`,
      `# ${note.title}\n\n${note.body}\n`,
    );
  }
  const memory = createMemory({ persistence, git, now: () => NOW });
  const journal = await memory.journal.add({
    harness: "manual",
    retrieval: { method: "none" },
    note: JOURNAL_NOTE,
  });
  if (journal.isErr()) throw journal.error;
  const logged = await memory.sessionLog.append({
    what: "cut the release branch",
    why: "release day",
    how: "git",
    next: "deploy",
  });
  if (logged.isErr()) throw logged.error;
  const seeded = await memory.commit("seed");
  if (seeded.isErr()) throw seeded.error;
  return { fs, root, persistence, git };
}

// TORTURE_CACHE=1: the memory keeps its facts cache on the persistence, as the CLI does, so
// the cache's own writes are among the faulted calls.
const PERSIST_CACHE = process.env["TORTURE_CACHE"] === "1";

/** A memory over the given ports with the scripted model. */
export function memoryOver(
  persistence: Persistence,
  git: Git,
  llm: Llm,
  extra: Partial<MemoryOptions> = {},
): Memory {
  return createMemory({
    persistence,
    git,
    llm,
    now: () => NOW,
    ...(PERSIST_CACHE ? { cache: { persist: true } } : {}),
    ...extra,
  });
}

/** What the checks compare: every note file's id, status, sentences and links. */
export interface Picture {
  readonly ids: readonly string[];
  readonly sentences: ReadonlyMap<string, readonly string[]>;
  readonly text: string;
  readonly broken: ReadonlySet<string>;
}

/** Reads every note file straight from the persistence (no cache, no library logic). */
export async function picture(persistence: Persistence): Promise<Picture> {
  const files = await persistence.list();
  if (files.isErr()) throw files.error;
  const ids: string[] = [];
  const sentences = new Map<string, string[]>();
  const texts: string[] = [];
  const links: string[] = [];
  for (const file of files.value) {
    if (statusOfPath(file.path) === undefined || !file.path.endsWith(".md")) continue;
    const parsed = parseFilename(basename(file.path));
    if (parsed.isErr()) continue;
    const content = await persistence.read(file.path);
    if (content.isErr()) throw content.error;
    const note = parseNote(content.value, parsed.value.id);
    ids.push(note.id);
    sentences.set(note.id, [...(sentences.get(note.id) ?? []), ...sentencesOf(note.body)]);
    texts.push(plainText(note.body));
    links.push(...extractLinks(note.body).map((link) => link.id));
  }
  const known = new Set(ids);
  return {
    ids,
    sentences,
    text: texts.join(" \u0000 "),
    broken: new Set(links.filter((id) => !known.has(id))),
  };
}

/** What a case found wrong; empty when nothing was lost, broken, duplicated or redone. */
export interface Findings {
  readonly lost: readonly string[];
  readonly brokenLinks: readonly string[];
  readonly duplicateIds: readonly string[];
  readonly consolidatedTwice: number;
}

/**
 * The checks: every sentence of every note before is somewhere after (except the notes
 * `deleted` on purpose), no link broken that was not broken before, no id on two files,
 * and the model's one fact in at most one note.
 */
export function compare(
  before: Picture,
  after: Picture,
  deleted: readonly string[] = [],
): Findings {
  const lost: string[] = [];
  for (const [id, sentences] of before.sentences) {
    if (deleted.includes(id)) continue;
    for (const sentence of sentences)
      if (!after.text.includes(sentence)) lost.push(`${id}: ${sentence}`);
  }
  const seen = new Set<string>();
  const duplicateIds = after.ids.filter((id) => (seen.has(id) ? true : (seen.add(id), false)));
  return {
    lost,
    brokenLinks: [...after.broken].filter((id) => !before.broken.has(id)),
    duplicateIds,
    consolidatedTwice: Math.max(0, after.text.split(FACT.replace(/\s+/g, " ")).length - 2),
  };
}

/** What a run left behind besides the notes: temp files, and changes git does not hold. */
export interface Leftovers {
  /** The adapter's temp files (`.name.….tmp`) anywhere under the root. */
  readonly tempFiles: readonly string[];
  /** Paths that differ from the last commit (outside the private, git-ignored folder). */
  readonly uncommitted: readonly string[];
}

/** Reads the files and the repository directly: temp files, and `git status` of the root. */
export async function leftovers(fs: FsLike, root: string): Promise<Leftovers> {
  const tempFiles: string[] = [];
  const walk = async (dir: string, rel: string): Promise<void> => {
    for (const entry of await fs.promises.readdir(dir, { withFileTypes: true })) {
      if (typeof entry !== "object" || !("isFile" in entry)) continue;
      const name = String(entry.name);
      if (entry.isDirectory()) {
        if (name !== ".git") await walk(`${dir}/${name}`, `${rel}${name}/`);
      } else if (isTempName(name)) tempFiles.push(`${rel}${name}`);
    }
  };
  await walk(root, "");
  const matrix = await isoGit.statusMatrix({ fs, dir: root });
  const uncommitted = matrix
    .filter(
      ([path, head, work, stage]) =>
        !(head === 1 && work === 1 && stage === 1) &&
        !String(path).startsWith(`${PRIVATE_FOLDER}/`),
    )
    .filter(([, head, work]) => !(head === 0 && work === 0))
    .map(([path]) => String(path));
  return { tempFiles, uncommitted };
}
