/**
 * The MCP tools that write and read single notes: capture, read, search, list, links.
 * Answers carry what an agent acts on (ids, titles, text, the hash to pass back), not the
 * library's internals (link offsets, score parts, file sizes) unless asked.
 *
 * @module
 */

import { type } from "arktype";
import { err, ok } from "neverthrow";
import { MAX_SEARCH_LIMIT, recentNotes, type Memory, type NoteMeta } from "../index.js";
import { ID_PLACEHOLDER, parseSince } from "../model/index.js";
import { defineTool, failure, type McpTool, type ToolDeps } from "./mcp-tool.js";

/** A note id argument (with or without the id__ prefix). */
export const noteId = type("string");
const status = type("'inbox' | 'active' | 'archived'");

/** The commit option of a mutation: one commit per call when the server has git. */
export const commitMessage = (deps: ToolDeps, message: string) =>
  deps.git === undefined ? {} : { commit: message };

/** A note's meta as answers show it. */
const brief = (note: NoteMeta) => ({
  id: note.id,
  title: note.title,
  tags: note.tags,
  status: note.status,
  updatedAt: note.updatedAt,
});

const captureTool = defineTool({
  name: "capture",
  description: `Write a new note: one idea, stated by the title. Link notes in the body as [[${ID_PLACEHOLDER}|text]]. No secrets.`,
  schema: type({
    "+": "reject",
    title: "string",
    "body?": "string",
    "tags?": "string[]",
    "status?": status,
  }),
  effect: "write",
  run: async (args, deps) => {
    const captured = await deps.memory.capture(
      { title: args.title, body: args.body ?? "", tags: args.tags ?? [] },
      {
        status: args.status ?? "inbox",
        ...commitMessage(deps, `memory: capture ${JSON.stringify(args.title)} (mcp)`),
      },
    );
    if (captured.isErr()) return err(failure(captured.error));
    const { id, title, status: where, path, hash, commit } = captured.value;
    return ok({ note: { id, title, status: where, path, hash }, commit });
  },
});

const readTool = defineTool({
  name: "read",
  description: "A note: body, tags, hash (for expectedHash), outbound links and backlinks.",
  schema: type({
    "+": "reject",
    id: noteId,
    "positions?": type("boolean").describe("include each link's offsets in the body"),
  }),
  effect: "read",
  run: async (args, { memory }) => {
    const note = await memory.read(args.id);
    if (note.isErr()) return err(failure(note.error));
    const links = await memory.links(note.value.id);
    if (links.isErr()) return err(failure(links.error));
    const titles = await titlesById(memory);
    const { hash, createdAt, body, supersededBy } = note.value;
    return ok({
      // First, so an agent reads which note is current before the old text.
      ...(supersededBy === undefined ? {} : { supersededBy }),
      note: {
        ...brief(note.value),
        createdAt,
        hash,
        body,
        ...(args.positions === true ? { links: note.value.links } : {}),
      },
      outbound: links.value.outbound.map(({ id, displayText, exists }) => ({
        id,
        title: titles.get(id) ?? null,
        displayText,
        exists,
      })),
      backlinks: links.value.inbound.map(({ id, title }) => ({ id, title })),
      indexed: links.value.indexed,
    });
  },
});

const searchTool = defineTool({
  name: "search",
  description: "Search titles, tags and bodies; best first, with snippets.",
  schema: type({
    "+": "reject",
    query: "string",
    "limit?": "1 <= number.integer <= 100",
    "status?": status,
    "tag?": "string",
  }),
  effect: "read",
  run: async (args, { memory }) => {
    const limit = args.limit ?? 10;
    // A tag filter is applied to a wider ranking, so filtering does not starve the result.
    const found = await memory.search(args.query, {
      limit: args.tag === undefined ? limit : MAX_SEARCH_LIMIT,
      ...(args.status === undefined ? {} : { status: args.status }),
    });
    if (found.isErr()) return err(failure(found.error));
    let results = found.value;
    if (args.tag !== undefined) {
      const tagged = await memory.list({ tag: args.tag });
      if (tagged.isErr()) return err(failure(tagged.error));
      const ids = new Set(tagged.value.map((note) => note.id));
      results = results.filter((result) => ids.has(result.id)).slice(0, limit);
    }
    return ok({
      results: results.map(({ id, title, status: where, score, snippet }) => ({
        id,
        title,
        status: where,
        score: Math.round(score * 1000) / 1000,
        snippet,
      })),
    });
  },
});

const listTool = defineTool({
  name: "list",
  description: "List notes by status/tag. recent: newest first; since: 24h, 7d or a date.",
  schema: type({
    "+": "reject",
    "status?": status,
    "tag?": "string",
    "recent?": "boolean",
    "since?": "string",
    "limit?": "1 <= number.integer <= 1000",
  }),
  effect: "read",
  run: async (args, { memory }) => {
    const filter = {
      ...(args.status === undefined ? {} : { status: args.status }),
      ...(args.tag === undefined ? {} : { tag: args.tag }),
    };
    const since = args.since === undefined ? undefined : parseSince(args.since, Date.now());
    if (args.since !== undefined && since === undefined) {
      return err({
        code: "INVALID_INPUT",
        message: `since "${args.since.slice(0, 40)}" is neither a duration (24h, 7d) nor a date (2026-05-01).`,
      });
    }
    const recent = args.recent === true || since !== undefined;
    const limit = args.limit ?? (recent ? 20 : 1000);
    if (!recent) {
      // By path: the first page's metas only.
      const page = await memory.listPage(filter, { limit });
      if (page.isErr()) return err(failure(page.error));
      return ok({ notes: page.value.notes.map(brief) });
    }
    const listed = await memory.list(filter);
    if (listed.isErr()) return err(failure(listed.error));
    const notes = recentNotes(listed.value, { limit, ...(since === undefined ? {} : { since }) });
    return ok({ notes: notes.map(brief) });
  },
});

const linksTool = defineTool({
  name: "links",
  description: "A note's inbound and outbound links, and whether the index lists it.",
  schema: type({ "+": "reject", id: noteId }),
  effect: "read",
  run: async (args, { memory }) => {
    const links = await memory.links(args.id);
    if (links.isErr()) return err(failure(links.error));
    const { id, title, inbound, outbound, indexed } = links.value;
    return ok({
      id,
      title,
      inbound: inbound.map((link) => ({ id: link.id, title: link.title, status: link.status })),
      outbound,
      indexed,
    });
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
  searchTool,
  listTool,
  linksTool,
];
