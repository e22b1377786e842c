/**
 * The memories of a mem0 `get_all` result: the list inside `{"results": [...]}` (the open-source
 * `Memory.get_all` and the platform's page) or a plain list, each memory read into the fields an
 * import keeps. Field names are those of mem0's `MemoryItem` and the payload keys
 * `_get_all_from_vector_store` promotes (mem0ai/mem0 `mem0/memory/main.py`).
 *
 * @module
 */

/** One mem0 memory, as the import keeps it. */
export interface Memory {
  readonly id: string;
  readonly memory: string;
  readonly userId?: string;
  readonly agentId?: string;
  readonly runId?: string;
  readonly categories: readonly string[];
  readonly metadata?: string;
  readonly created?: string;
  readonly updated?: string;
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}

/** The day of an ISO timestamp (`2024-11-27T16:53:43-08:00` to `2024-11-27`), else the text. */
function day(value: unknown): string | undefined {
  const written = text(value);
  return written === undefined ? undefined : (/^\d{4}-\d{2}-\d{2}/.exec(written)?.[0] ?? written);
}

/** The memory an item of the list holds, or undefined when it has no id or no text. */
export function memoryOf(item: unknown): Memory | undefined {
  if (typeof item !== "object" || item === null || Array.isArray(item)) return undefined;
  const record = item as Record<string, unknown>;
  const id = text(record["id"]);
  const memory = text(record["memory"]);
  if (id === undefined || memory === undefined) return undefined;
  const metadata = record["metadata"];
  const categories = Array.isArray(record["categories"])
    ? record["categories"].filter((category): category is string => typeof category === "string")
    : [];
  const optional = {
    userId: text(record["user_id"]),
    agentId: text(record["agent_id"]),
    runId: text(record["run_id"]),
    metadata:
      typeof metadata === "object" && metadata !== null && Object.keys(metadata).length > 0
        ? JSON.stringify(metadata)
        : undefined,
    created: day(record["created_at"]),
    updated: day(record["updated_at"]),
  };
  const defined = Object.fromEntries(
    Object.entries(optional).filter(([, value]) => value !== undefined),
  );
  return { id, memory, categories, ...defined };
}

/** The list of items of a get_all result, or undefined when `json` is not one. */
export function itemsOf(json: unknown): unknown[] | undefined {
  if (Array.isArray(json)) return json;
  if (typeof json === "object" && json !== null) {
    const results = (json as Record<string, unknown>)["results"];
    if (Array.isArray(results)) return results;
  }
  return undefined;
}
