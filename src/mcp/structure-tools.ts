/**
 * The MCP tools that change how notes stand to each other: rename, move, merge, tier.
 *
 * @module
 */

import { type } from "arktype";
import { err, ok } from "neverthrow";
import { INDEX_NOTE_PATH } from "../model/index.js";
import { defineTool, failure, type McpTool } from "./mcp-tool.js";
import { commitMessage, noteId } from "./note-tools.js";

const renameTool = defineTool({
  name: "rename",
  description: "Retitle a note; link texts showing the old title follow. The id stays.",
  schema: type({ "+": "reject", id: noteId, title: "string" }),
  effect: "write",
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
  description: "Move a note to inbox, active or archived.",
  schema: type({ "+": "reject", id: noteId, status: "'inbox' | 'active' | 'archived'" }),
  effect: "write",
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
    "Merge sources into target: bodies appended (or `body` replaces), links repointed, sources removed.",
  schema: type({ "+": "reject", sources: "string[] > 0", target: noteId, "body?": "string" }),
  effect: "destructive",
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
  description: "Set a note's index tier: hot (inlined at session start), warm (listed) or none.",
  schema: type({ "+": "reject", id: noteId, tier: "'hot' | 'warm' | 'none'" }),
  effect: "write",
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

/** The tools over the notes' structure, in the order clients list them. */
export const STRUCTURE_TOOLS: readonly McpTool[] = [renameTool, moveTool, mergeTool, tierTool];
