/**
 * The MCP tools over notes: capture, read, edit, search, list, links, rename, move, merge, tier.
 * Mutations commit (one commit each, only the files they touched) when the server has git.
 *
 * @module
 */

import { type } from "arktype";
import { err, ok } from "neverthrow";
import {
  editNote,
  MAX_SEARCH_LIMIT,
  recentNotes,
  type Memory,
  type NoteEdit,
  type NoteMeta,
} from "../index.js";
import { INDEX_NOTE_PATH, parseSince } from "../model/index.js";
import { defineTool, failure, type McpTool, type ToolDeps } from "./mcp-tool.js";

const id = type("string").describe("a note id, with or without the id__ prefix, e.g. id__Kf9mNp");
const status = type("'inbox' | 'active' | 'archived'");

const commitMessage = (deps: ToolDeps, message: string) =>
  deps.git === undefined ? {} : { commit: message };

const captureTool = defineTool({
  name: "capture",
  description:
    "Write a new note (to inbox/ unless status says otherwise). One idea per note; the title states it. " +
    "Link other notes by id in the body: [[id__XXXXXX|text]]. Never write secrets. Returns the note's id and path.",
  schema: type({
    "+": "reject",
    title: type("string").describe(
      "the idea the note states, e.g. 'Deploys go through the release branch'",
    ),
    "body?": type("string").describe("markdown; [[id__XXXXXX|text]] links and #tags are picked up"),
    "tags?": type("string[]").describe("tags for the tag line, with or without #"),
    "status?": status.describe("inbox (default), active or archived"),
  }),
  readOnly: false,
  run: async (args, deps) => {
    const captured = await deps.memory.capture(
      { title: args.title, body: args.body ?? "", tags: args.tags ?? [] },
      {
        status: args.status ?? "inbox",
        ...commitMessage(deps, `memory: capture ${JSON.stringify(args.title)} (mcp)`),
      },
    );
    return captured.isErr() ? err(failure(captured.error)) : ok({ note: captured.value });
  },
});

const readTool = defineTool({
  name: "read",
  description:
    "Read one note: title, tags, status, times, body, its outbound links with the target titles, and its backlinks (notes linking to it).",
  schema: type({ "+": "reject", id }),
  readOnly: true,
  run: async (args, { memory }) => {
    const note = await memory.read(args.id);
    if (note.isErr()) return err(failure(note.error));
    const links = await memory.links(note.value.id);
    if (links.isErr()) return err(failure(links.error));
    const titles = await titlesById(memory);
    return ok({
      note: note.value,
      outbound: links.value.outbound.map((link) => ({
        ...link,
        title: titles.get(link.id) ?? null,
      })),
      backlinks: links.value.inbound,
      indexed: links.value.indexed,
    });
  },
});

const editTool = defineTool({
  name: "edit",
  description:
    "Change a note's body. kind: append (text at the end), prepend (text at the start), replace (exact text `find` " +
    "becomes `text`; refused when missing or ambiguous unless all=true), replace-section (the content under the heading " +
    "`heading` becomes `text`), replace-body (the whole body becomes `text`). Read the note first. The title and tags stay.",
  schema: type({
    "+": "reject",
    id,
    kind: type("'append' | 'prepend' | 'replace' | 'replace-section' | 'replace-body'"),
    text: type("string").describe("the text to add, the replacement, or the new section or body"),
    "find?": type("string").describe("replace only: the exact text to find"),
    "all?": type("boolean").describe("replace only: replace every occurrence"),
    "heading?": type("string").describe("replace-section only: the heading's text, e.g. Decisions"),
  }),
  readOnly: false,
  run: async (args, deps) => {
    const edit = toEdit(args);
    if ("code" in edit) return err(edit);
    const edited = await editNote(
      deps.memory,
      args.id,
      edit,
      commitMessage(deps, `memory: edit ${args.id} (${args.kind}, mcp)`),
    );
    return edited.isErr() ? err(failure(edited.error)) : ok(edited.value);
  },
});

function toEdit(args: {
  kind: NoteEdit["kind"];
  text: string;
  find?: string;
  all?: boolean;
  heading?: string;
}): NoteEdit | { code: string; message: string } {
  if (args.kind === "replace") {
    if (args.find === undefined) {
      return {
        code: "INVALID_INPUT",
        message: "A replace edit needs `find`: the exact text to replace.",
      };
    }
    return { kind: "replace", find: args.find, replacement: args.text, all: args.all === true };
  }
  if (args.kind === "replace-section") {
    if (args.heading === undefined) {
      return {
        code: "INVALID_INPUT",
        message: "A replace-section edit needs `heading`: the section's heading text.",
      };
    }
    return { kind: "replace-section", heading: args.heading, text: args.text };
  }
  return { kind: args.kind, text: args.text };
}

const searchTool = defineTool({
  name: "search",
  description:
    "Full-text search over titles, tags and bodies (titles and tags weigh more; notes linked from the best hits rise). " +
    "Returns ids, titles, scores and snippets, best first. Search before capturing, to link or edit instead of duplicating.",
  schema: type({
    "+": "reject",
    query: type("string").describe("words to look for"),
    "limit?": type("1 <= number.integer <= 100").describe("at most this many results (default 10)"),
    "status?": status.describe("only notes in this status folder"),
    "tag?": type("string").describe("only notes with this tag (or a nested tag under it)"),
  }),
  readOnly: true,
  run: async (args, { memory }) => {
    const limit = args.limit ?? 10;
    // A tag filter is applied to a wider ranking, so filtering does not starve the result.
    const found = await memory.search(args.query, {
      limit: args.tag === undefined ? limit : MAX_SEARCH_LIMIT,
      ...(args.status === undefined ? {} : { status: args.status }),
    });
    if (found.isErr()) return err(failure(found.error));
    if (args.tag === undefined) return ok({ results: found.value });
    const tagged = await memory.list({ tag: args.tag });
    if (tagged.isErr()) return err(failure(tagged.error));
    const ids = new Set(tagged.value.map((note) => note.id));
    return ok({ results: found.value.filter((result) => ids.has(result.id)).slice(0, limit) });
  },
});

const listTool = defineTool({
  name: "list",
  description:
    "List notes (id, title, tags, status, path, times). Filter by status and tag; recent=true sorts by last change, " +
    "newest first, and `since` (24h, 7d, 2026-05-01) keeps only notes changed since then.",
  schema: type({
    "+": "reject",
    "status?": status,
    "tag?": type("string").describe("only notes with this tag (or a nested tag under it)"),
    "recent?": type("boolean").describe("newest first (by last change)"),
    "since?": type("string").describe("with recent: a duration (24h, 7d) or a date (2026-05-01)"),
    "limit?": type("1 <= number.integer <= 1000").describe("at most this many notes"),
  }),
  readOnly: true,
  run: async (args, { memory }) => {
    const listed = await memory.list({
      ...(args.status === undefined ? {} : { status: args.status }),
      ...(args.tag === undefined ? {} : { tag: args.tag }),
    });
    if (listed.isErr()) return err(failure(listed.error));
    const since = args.since === undefined ? undefined : parseSince(args.since, Date.now());
    if (args.since !== undefined && since === undefined) {
      return err({
        code: "INVALID_INPUT",
        message: `since "${args.since}" is neither a duration (24h, 7d) nor a date (2026-05-01).`,
      });
    }
    const limit = args.limit ?? (args.recent === true || since !== undefined ? 20 : 1000);
    const notes =
      args.recent === true || since !== undefined
        ? recentNotes(listed.value, { limit, ...(since === undefined ? {} : { since }) })
        : listed.value.slice(0, limit);
    return ok({ notes });
  },
});

const linksTool = defineTool({
  name: "links",
  description:
    "A note's links: inbound (notes linking to it), outbound (its links, with whether each target exists), and whether the index lists it.",
  schema: type({ "+": "reject", id }),
  readOnly: true,
  run: async (args, { memory }) => {
    const links = await memory.links(args.id);
    return links.isErr() ? err(failure(links.error)) : ok(links.value);
  },
});

const renameTool = defineTool({
  name: "rename",
  description:
    "Retitle a note: its heading, filename, and the link text of inbound links that showed the old title. The id stays.",
  schema: type({ "+": "reject", id, title: type("string").describe("the new title") }),
  readOnly: false,
  run: async (args, deps) => {
    const renamed = await deps.memory.rename(
      args.id,
      args.title,
      commitMessage(deps, `memory: rename ${args.id} to ${JSON.stringify(args.title)} (mcp)`),
    );
    return renamed.isErr() ? err(failure(renamed.error)) : ok(renamed.value);
  },
});

const moveTool = defineTool({
  name: "move",
  description:
    "Move a note to another status folder: inbox, active, or archived (archiving keeps the note and its links).",
  schema: type({ "+": "reject", id, status }),
  readOnly: false,
  run: async (args, deps) => {
    const moved = await deps.memory.move(
      args.id,
      args.status,
      commitMessage(deps, `memory: move ${args.id} to ${args.status} (mcp)`),
    );
    return moved.isErr() ? err(failure(moved.error)) : ok(moved.value);
  },
});

const mergeTool = defineTool({
  name: "merge",
  description:
    "Merge source notes into a target: their bodies are appended to the target (or `body` replaces it), every link to a source is repointed at the target, and the sources are removed.",
  schema: type({
    "+": "reject",
    sources: type("string[] > 0").describe("ids of the notes to merge away"),
    target: id,
    "body?": type("string").describe(
      "the target's new body, written by you; default: the bodies joined",
    ),
  }),
  readOnly: false,
  run: async (args, deps) => {
    const merged = await deps.memory.merge(args.sources, args.target, {
      ...(args.body === undefined ? {} : { body: args.body }),
      ...commitMessage(deps, `memory: merge ${args.sources.join(", ")} into ${args.target} (mcp)`),
    });
    return merged.isErr() ? err(failure(merged.error)) : ok(merged.value);
  },
});

const tierTool = defineTool({
  name: "tier",
  description:
    "Put a note in the index note's hot tier (inlined where agents start) or warm tier (listed), or take it out (none).",
  schema: type({ "+": "reject", id, tier: type("'hot' | 'warm' | 'none'") }),
  readOnly: false,
  run: async (args, deps) => {
    const { index } = deps.memory;
    const changed =
      args.tier === "none" ? await index.demote(args.id) : await index.promote(args.id, args.tier);
    if (changed.isErr()) return err(failure(changed.error));
    if (deps.git === undefined) return ok({ ...changed.value, commit: null });
    const committed = await deps.git.commit(`memory: tier ${args.id} ${args.tier} (mcp)`, [
      INDEX_NOTE_PATH,
    ]);
    if (committed.isErr()) {
      return err({
        code: committed.error.code,
        message: `index.md was changed but not committed: ${committed.error.message}`,
      });
    }
    return ok({ ...changed.value, commit: committed.value });
  },
});

async function titlesById(memory: Memory): Promise<Map<string, string>> {
  const listed = await memory.list();
  const notes: readonly NoteMeta[] = listed.isOk() ? listed.value : [];
  return new Map(notes.map((note) => [note.id, note.title]));
}

/** The note tools, in the order clients list them. */
export const NOTE_TOOLS: readonly McpTool[] = [
  captureTool,
  readTool,
  editTool,
  searchTool,
  listTool,
  linksTool,
  renameTool,
  moveTool,
  mergeTool,
  tierTool,
];
