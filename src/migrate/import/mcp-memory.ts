/**
 * The `mcp-memory` import kind: the knowledge graph of the reference MCP memory server
 * (`memory.jsonl`, or `memory.json` from its older versions; see {@link readGraphLines}).
 *
 * One note per entity, keyed `entity:<name>`: its entity type as a first line and a tag, its
 * observations as a list, then its relations as typed links in prose on the `from` note
 * (`- works_at [[…|Acme]]`). Lines for the same entity name are one note (observations in
 * order, exact repeats once), as the server itself keeps one entity per name. A relation whose
 * target is not an entity stays as text on its `from` note; one whose source is not an entity
 * stays as text on its target's note; one with neither end an entity goes to a note of such
 * relations. Each is reported. Lines that are not an entity or a relation are kept verbatim in
 * a note of unreadable lines and reported, so nothing of the file is lost.
 *
 * @module
 */
import type {
  BodyPart,
  ImportKind,
  ImportProblem,
  ImportReading,
  ImportedNote,
  SourceFile,
} from "./import-kind.js";
import {
  readGraphLines,
  type GraphEntity,
  type GraphOddLine,
  type GraphRelation,
} from "./mcp-memory-lines.js";
import { pushText } from "./relative-links.js";
import { tagName } from "./tag-name.js";

/** The `mcp-memory` kind. */
export const mcpMemoryKind: ImportKind = {
  name: "mcp-memory",
  describe: "PATH is the MCP memory server's memory.jsonl (or memory.json from older versions)",
  pathIs: "file",
  wants: (path) => /\.jsonl?$/i.test(path),
  read: readMcpMemory,
};

interface MergedEntity {
  readonly name: string;
  readonly file: string;
  readonly types: string[];
  readonly observations: string[];
  readonly relations: BodyPart[][];
}

function readMcpMemory(files: readonly SourceFile[]): ImportReading {
  const entities = new Map<string, MergedEntity>();
  const problems: ImportProblem[] = [];
  const extra: ImportedNote[] = [];
  const sorted = files.toSorted((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const graphs = sorted.map((file) => ({ file: file.path, graph: readGraphLines(file.text) }));
  for (const { file, graph } of graphs) {
    for (const entity of graph.entities) mergeEntity(entities, entity, file, problems);
  }
  for (const { file, graph } of graphs) {
    const loose = placeRelations(entities, dedupeRelations(graph.relations), file, problems);
    if (loose.length > 0) extra.push(looseRelationsNote(file, loose));
    if (graph.odd.length > 0) extra.push(oddLinesNote(file, graph.odd, problems));
  }
  return { notes: [...[...entities.values()].map(entityNote), ...extra], problems };
}

function mergeEntity(
  entities: Map<string, MergedEntity>,
  entity: GraphEntity,
  file: string,
  problems: ImportProblem[],
): void {
  const merged = entities.get(entity.name) ?? {
    name: entity.name,
    file,
    types: [],
    observations: [],
    relations: [],
  };
  entities.set(entity.name, merged);
  if (!merged.types.includes(entity.entityType)) merged.types.push(entity.entityType);
  for (const observation of entity.observations) {
    if (!merged.observations.includes(observation)) merged.observations.push(observation);
  }
  if (entity.nonTextObservations > 0) {
    problems.push({
      code: "unreadable",
      file,
      detail: `Entity "${entity.name}"${atLine(entity.line)} has ${entity.nonTextObservations} observation(s) that are not text; each is kept as its JSON.`,
    });
  }
}

function dedupeRelations(relations: readonly GraphRelation[]): GraphRelation[] {
  const seen = new Set<string>();
  return relations.filter((relation) => {
    const key = JSON.stringify([relation.from, relation.relationType, relation.to]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Puts each relation on its note; returns those with neither end an entity. */
function placeRelations(
  entities: ReadonlyMap<string, MergedEntity>,
  relations: readonly GraphRelation[],
  file: string,
  problems: ImportProblem[],
): GraphRelation[] {
  const loose: GraphRelation[] = [];
  for (const relation of relations) {
    const from = entities.get(relation.from);
    const to = entities.get(relation.to);
    const written = `"${relation.from} ${relation.relationType} ${relation.to}"${atLine(relation.line)}`;
    if (from !== undefined && to !== undefined) {
      from.relations.push([
        `${relation.relationType} `,
        { linkTo: entityKey(relation.to), text: relation.to },
      ]);
    } else if (from !== undefined) {
      from.relations.push([`${relation.relationType} ${relation.to}`]);
      problems.push(
        unresolved(
          file,
          `${written}: "${relation.to}" is not an entity; kept as text on "${relation.from}"`,
        ),
      );
    } else if (to !== undefined) {
      to.relations.push([`${relation.from} ${relation.relationType} ${relation.to}`]);
      problems.push(
        unresolved(
          file,
          `${written}: "${relation.from}" is not an entity; kept as text on "${relation.to}"`,
        ),
      );
    } else {
      loose.push(relation);
      problems.push(
        unresolved(file, `${written}: neither end is an entity; kept as text in ${looseKey(file)}`),
      );
    }
  }
  return loose;
}

function atLine(line: number): string {
  return line === 0 ? "" : ` (line ${line})`;
}

function unresolved(file: string, detail: string): ImportProblem {
  return { code: "unresolved-link", file, detail: `Relation ${detail}.` };
}

/** The key of an entity's note. */
function entityKey(name: string): string {
  return `entity:${name}`;
}

function looseKey(file: string): string {
  return `relations without entities:${file}`;
}

function entityNote(entity: MergedEntity): ImportedNote {
  const body: BodyPart[] = [];
  const label = entity.types.length === 1 ? "Entity type" : "Entity types";
  pushText(body, `${label}: ${entity.types.join(", ")}\n`);
  if (entity.observations.length > 0)
    pushText(body, `\n${entity.observations.map(listItem).join("\n")}\n`);
  if (entity.relations.length > 0) {
    pushText(body, "\nRelations:\n\n");
    for (const relation of entity.relations) {
      pushText(body, "- ");
      for (const part of relation) {
        if (typeof part === "string") pushText(body, part);
        else body.push(part);
      }
      pushText(body, "\n");
    }
  }
  return {
    key: entityKey(entity.name),
    title: oneLine(entity.name),
    body: trimEnd(body),
    tags: entity.types.flatMap((type) => tagName(type) ?? []),
    source: { kind: "mcp-memory", file: entity.file, section: entity.name },
  };
}

function looseRelationsNote(file: string, relations: readonly GraphRelation[]): ImportedNote {
  const lines = relations.map((relation) =>
    listItem(`${relation.from} ${relation.relationType} ${relation.to}`),
  );
  return {
    key: looseKey(file),
    title: `Relations between names that are not entities (${file})`,
    body: [`These relations of ${file} name no entity at either end.\n\n${lines.join("\n")}`],
    tags: [],
    source: { kind: "mcp-memory", file, section: "relations without entities" },
  };
}

function oddLinesNote(
  file: string,
  odd: readonly GraphOddLine[],
  problems: ImportProblem[],
): ImportedNote {
  const key = `unreadable lines:${file}`;
  for (const line of odd) {
    const what = line.line === 0 ? `An item of the graph (${line.text})` : `Line ${line.line}`;
    problems.push({
      code: "unreadable",
      file,
      detail: `${what} ${line.why}; it is kept verbatim in ${key}.`,
    });
  }
  const fence = "`".repeat(Math.max(3, longestBacktickRun(odd) + 1));
  return {
    key,
    title: `Unreadable lines of ${file}`,
    body: [
      `These lines of ${file} are not an entity or a relation the memory server writes; they are kept as they were.\n\n${fence}\n${odd.map((line) => line.text).join("\n")}\n${fence}`,
    ],
    tags: [],
    source: { kind: "mcp-memory", file, section: "unreadable lines" },
  };
}

function longestBacktickRun(odd: readonly GraphOddLine[]): number {
  return Math.max(
    0,
    ...odd.flatMap((line) => [...line.text.matchAll(/`+/g)].map((match) => match[0].length)),
  );
}

/** A list item; the lines of a multi-line observation stay inside the item. */
function listItem(text: string): string {
  return `- ${text.replace(/\r?\n/g, "\n  ")}`;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

function trimEnd(parts: BodyPart[]): BodyPart[] {
  const last = parts.at(-1);
  if (typeof last === "string") parts[parts.length - 1] = last.replace(/\s+$/, "");
  return parts;
}
