/**
 * The `mem0` import kind: the JSON of mem0's `get_all` (open-source `Memory.get_all`:
 * `{"results": [...]}`; the platform's `MemoryClient.get_all`: the same list inside a
 * `{"count", "next", "previous", "results"}` page; older versions and the v1 REST API: a plain
 * list). Each memory is `{"id", "memory", "user_id"?, "agent_id"?, "run_id"?, "metadata"?,
 * "categories"?, "created_at", "updated_at", ...}`.
 *
 * One note per owner (user, agent, or the pair), not one per memory: mem0 memories are single
 * sentences ("Is allergic to nuts"), so a note each would make thousands of one-line notes
 * whose titles are their only text, crowding search results and the AGENTS.md budget; grouped,
 * an agent finds everything known about one user in one read, and the size limit still splits a
 * big group at its `## category` headings. Each memory stays one list item carrying its mem0 id
 * and dates, so nothing is lost and a re-import matches item by item. Keys are `mem0:user=<id>`,
 * `mem0:agent=<id>`, `mem0:user=<id>,agent=<id>`, or `mem0:unscoped`.
 *
 * The platform's structured export (`create_memory_export`) has the shape of the schema its
 * caller passes, so it has no fixed format to read: export with `get_all` instead.
 *
 * @module
 */
import { dedupeTags, isValidTagName } from "../../model/tags.js";
import { itemsOf, memoryOf, type Memory } from "./mem0-memories.js";
import type {
  ImportedNote,
  ImportKind,
  ImportProblem,
  ImportReading,
  SourceFile,
} from "./import-kind.js";

interface Group {
  readonly key: string;
  readonly owner: string;
  readonly file: string;
  readonly memories: Memory[];
}

function ownerOf(memory: Memory): { key: string; owner: string } {
  const parts = [
    ...(memory.userId === undefined
      ? []
      : [{ key: `user=${memory.userId}`, owner: `user ${memory.userId}` }]),
    ...(memory.agentId === undefined
      ? []
      : [{ key: `agent=${memory.agentId}`, owner: `agent ${memory.agentId}` }]),
  ];
  if (parts.length === 0) return { key: "mem0:unscoped", owner: "no user or agent" };
  return {
    key: `mem0:${parts.map((part) => part.key).join(",")}`,
    owner: parts.map((part) => part.owner).join(" with "),
  };
}

function itemLine(memory: Memory): string {
  const facts = [
    `mem0 ${memory.id}`,
    ...(memory.created === undefined ? [] : [`created ${memory.created}`]),
    ...(memory.updated === undefined || memory.updated === memory.created
      ? []
      : [`updated ${memory.updated}`]),
    ...(memory.runId === undefined ? [] : [`run ${memory.runId}`]),
  ];
  const more = memory.categories
    .slice(1)
    .filter(isValidTagName)
    .map((category) => ` #${category}`);
  const metadata = memory.metadata === undefined ? "" : ` metadata: ${memory.metadata}`;
  const sentence = memory.memory.trim().replace(/\r?\n/g, "\n  ");
  return `- ${sentence} (${facts.join("; ")})${metadata}${more.join("")}`;
}

function compareMemories(a: Memory, b: Memory): number {
  const byDate = (a.created ?? "").localeCompare(b.created ?? "");
  return byDate !== 0 ? byDate : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

function noteOf(group: Group): ImportedNote {
  const memories = group.memories.toSorted(compareMemories);
  const categorised = memories.some((memory) => memory.categories.length > 0);
  const lines = [
    `Memories exported from mem0 for ${group.owner}, one per item with its mem0 id and dates.`,
    "",
  ];
  if (categorised) {
    const sections = new Map<string, Memory[]>();
    for (const memory of memories) {
      const section = memory.categories[0] ?? "uncategorized";
      sections.set(section, [...(sections.get(section) ?? []), memory]);
    }
    for (const [section, items] of [...sections].toSorted(([a], [b]) => a.localeCompare(b))) {
      lines.push(`## ${section}`, "", ...items.map(itemLine), "");
    }
  } else {
    lines.push(...memories.map(itemLine), "");
  }
  const categories = memories.flatMap((memory) => memory.categories).filter(isValidTagName);
  return {
    key: group.key,
    title: `mem0 memories of ${group.owner}`,
    body: [lines.join("\n")],
    tags: dedupeTags(categories).toSorted((a, b) => a.localeCompare(b)),
    source: { kind: "mem0", file: group.file, section: group.owner },
  };
}

function readExport(files: readonly SourceFile[]): ImportReading {
  const problems: ImportProblem[] = [];
  const groups = new Map<string, Group>();
  const seen = new Set<string>();
  for (const file of files) {
    let json: unknown;
    try {
      json = JSON.parse(file.text);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      problems.push({
        code: "unreadable",
        file: file.path,
        detail: `Not JSON (${reason}): export the memories with mem0's get_all and import that file.`,
      });
      continue;
    }
    const items = itemsOf(json);
    if (items === undefined) {
      problems.push({
        code: "unreadable",
        file: file.path,
        detail:
          'Not a mem0 get_all result: expected {"results": [...]} or a list of memories, each with "id" and "memory".',
      });
      continue;
    }
    items.forEach((item, position) => {
      const memory = memoryOf(item);
      if (memory === undefined) {
        problems.push({
          code: "unreadable",
          file: file.path,
          detail: `Entry ${position + 1} has no "id" and "memory" text, so it is not imported: ${JSON.stringify(item)}`,
        });
        return;
      }
      if (seen.has(memory.id)) {
        problems.push({
          code: "skipped",
          file: file.path,
          detail: `Memory ${memory.id} appears twice: its first copy is imported.`,
        });
        return;
      }
      seen.add(memory.id);
      const { key, owner } = ownerOf(memory);
      const group = groups.get(key) ?? { key, owner, file: file.path, memories: [] };
      group.memories.push(memory);
      groups.set(key, group);
    });
  }
  const notes = [...groups.values()].toSorted((a, b) => (a.key < b.key ? -1 : 1)).map(noteOf);
  return { notes, problems };
}

/** The mem0 export kind. */
export const mem0Kind: ImportKind = {
  name: "mem0",
  describe:
    "the JSON file mem0's get_all returns: one note per user or agent, one list item per memory",
  pathIs: "file",
  wants: (path) => /\.json$/i.test(path),
  read: readExport,
};
