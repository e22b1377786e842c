/**
 * Reading the knowledge graph the reference MCP memory server keeps
 * (modelcontextprotocol/servers, `src/memory`): one JSON object a line,
 * `{"type":"entity","name","entityType","observations":[...]}` or
 * `{"type":"relation","from","to","relationType"}`. Older versions wrote the same lines to
 * `memory.json` (the server renames it to `memory.jsonl` on start), and `read_graph` returns
 * the graph as one object `{"entities":[...],"relations":[...]}`; both are read too.
 *
 * Forks add fields (`createdAt`, `version`) and some omit `type`: extra fields are ignored, a
 * missing `type` is inferred from the fields present. A line that is neither is kept whole.
 *
 * @module
 */

/** An entity as the server stores it; observations that were not text are kept as their JSON. */
export interface GraphEntity {
  readonly name: string;
  readonly entityType: string;
  readonly observations: readonly string[];
  /** 1-based line of the file, for reports; 0 when the file is one JSON graph object. */
  readonly line: number;
  /** How many observations were not strings (kept as their JSON text). */
  readonly nonTextObservations: number;
}

export interface GraphRelation {
  readonly from: string;
  readonly to: string;
  readonly relationType: string;
  readonly line: number;
}

/** A line that is not an entity or a relation, kept verbatim with why. */
export interface GraphOddLine {
  readonly line: number;
  readonly text: string;
  readonly why: string;
}

export interface GraphLines {
  readonly entities: readonly GraphEntity[];
  readonly relations: readonly GraphRelation[];
  readonly odd: readonly GraphOddLine[];
}

/**
 * The entities, relations and unreadable lines of a memory file's text.
 *
 * @example
 * ```ts
 * readGraphLines('{"type":"relation","from":"A","to":"B","relationType":"knows"}').relations[0]?.to; // "B"
 * ```
 */
export function readGraphLines(text: string): GraphLines {
  const whole = wholeGraph(text);
  if (whole !== undefined) return whole;
  const entities: GraphEntity[] = [];
  const relations: GraphRelation[] = [];
  const odd: GraphOddLine[] = [];
  text.split("\n").forEach((raw, index) => {
    const line = raw.replace(/\r$/, "");
    if (line.trim() === "") return;
    const item = parseJson(line);
    if (item === undefined) {
      odd.push({ line: index + 1, text: line, why: "is not JSON" });
      return;
    }
    classify(item, index + 1, line, { entities, relations, odd });
  });
  return { entities, relations, odd };
}

function wholeGraph(text: string): GraphLines | undefined {
  if (!text.trimStart().startsWith("{")) return undefined;
  const graph = parseJson(text);
  if (!isRecord(graph) || !Array.isArray(graph["entities"])) return undefined;
  const out = {
    entities: [] as GraphEntity[],
    relations: [] as GraphRelation[],
    odd: [] as GraphOddLine[],
  };
  const relations: unknown[] = Array.isArray(graph["relations"]) ? graph["relations"] : [];
  for (const item of [...graph["entities"], ...relations])
    classify(item, 0, JSON.stringify(item), out);
  return out;
}

function classify(
  item: unknown,
  line: number,
  text: string,
  out: { entities: GraphEntity[]; relations: GraphRelation[]; odd: GraphOddLine[] },
): void {
  if (!isRecord(item)) {
    out.odd.push({ line, text, why: "is not a JSON object" });
    return;
  }
  const type = item["type"] ?? inferredType(item);
  if (type === "entity") {
    const entity = entityOf(item, line);
    if (entity === undefined)
      out.odd.push({
        line,
        text,
        why: "is an entity without a name, an entityType or observations",
      });
    else out.entities.push(entity);
  } else if (type === "relation") {
    const relation = relationOf(item, line);
    if (relation === undefined)
      out.odd.push({ line, text, why: "is a relation without from, to or relationType" });
    else out.relations.push(relation);
  } else out.odd.push({ line, text, why: "is neither an entity nor a relation" });
}

function inferredType(item: Record<string, unknown>): string | undefined {
  if ("name" in item && "observations" in item) return "entity";
  if ("from" in item && "to" in item) return "relation";
  return undefined;
}

function entityOf(item: Record<string, unknown>, line: number): GraphEntity | undefined {
  const { name, entityType, observations } = item;
  if (typeof name !== "string" || typeof entityType !== "string" || !Array.isArray(observations))
    return undefined;
  const texts = observations.map((observation: unknown) =>
    typeof observation === "string" ? observation : JSON.stringify(observation),
  );
  const nonText = observations.filter(
    (observation: unknown) => typeof observation !== "string",
  ).length;
  return { name, entityType, observations: texts, line, nonTextObservations: nonText };
}

function relationOf(item: Record<string, unknown>, line: number): GraphRelation | undefined {
  const { from, to, relationType } = item;
  if (typeof from !== "string" || typeof to !== "string" || typeof relationType !== "string")
    return undefined;
  return { from, to, relationType, line };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
