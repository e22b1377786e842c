/**
 * The defrag answer of the prompt-bound stand-in model: read from the prompt's text alone
 * (note lines, findings, shown bodies), never from the memory.
 */

import { ID_SOURCE } from "../model/id.js";

interface ShownLine {
  readonly id: string;
  readonly title: string;
  readonly tags: readonly string[];
  readonly inbound: number;
  readonly ageDays: number;
}

type Action = Record<string, unknown> & { readonly type: string };

const ID = new RegExp(ID_SOURCE, "g");
const PAIR = new RegExp(`(${ID_SOURCE}) ~ (${ID_SOURCE})`, "g");
const SUPERSEDED_ENTRY = new RegExp(`(${ID_SOURCE}) \\(by `, "g");
const SHOWN_BODY = new RegExp(`<note id="(${ID_SOURCE})">\\n([\\s\\S]*?)\\n<\\/note>`, "g");
/** Orphans at least this old are archived rather than relinked, as a careful model would. */
const STALE_DAYS = 180;

/** Whether the prompt is a defrag prompt (the shape its note list has). */
export function isDefragPrompt(prompt: string): boolean {
  return prompt.includes("## Notes (id | title | tags |");
}

/**
 * Answers a defrag prompt: merges each shown near-duplicate pair without a body, splits each
 * oversized note whose body is shown at its `## ` headings, archives each note the findings
 * say was superseded long ago, links each young orphan from a shown body sharing a tag with
 * it, archives old orphans, and tiers the best-linked notes.
 */
export function answerDefrag(prompt: string): string {
  const lines = noteLines(prompt);
  const byId = new Map(lines.map((line) => [line.id, line]));
  const bodies = shownBodies(prompt);
  const touched = new Set<string>();
  const gone = new Set<string>();
  const actions: Action[] = [];
  for (const [a, b] of pairs(finding(prompt, "near-duplicates"))) {
    if (!byId.has(a) || !byId.has(b) || touched.has(a) || touched.has(b)) continue;
    const [target, source] =
      (byId.get(a)?.inbound ?? 0) >= (byId.get(b)?.inbound ?? 0) ? [a, b] : [b, a];
    actions.push({ type: "merge", sources: [source], target });
    touched.add(a).add(b);
    gone.add(source);
  }
  for (const id of idsIn(finding(prompt, "oversize"))) {
    const body = bodies.get(id);
    const line = byId.get(id);
    if (body === undefined || line === undefined || touched.has(id)) continue;
    const parts = sectionsOf(body, line);
    if (parts.length < 2) continue;
    actions.push({ type: "split", id, parts });
    touched.add(id);
  }
  // A note superseded long ago: its successor holds the fact, so it is archived.
  for (const match of finding(prompt, "superseded for more than").matchAll(SUPERSEDED_ENTRY)) {
    const id = match[1] ?? "";
    if (!byId.has(id) || touched.has(id)) continue;
    actions.push({ type: "archive", id });
    touched.add(id);
    gone.add(id);
  }
  for (const id of idsIn(finding(prompt, "orphans"))) {
    const orphan = byId.get(id);
    if (orphan === undefined || touched.has(id)) continue;
    if (orphan.ageDays >= STALE_DAYS) {
      actions.push({ type: "archive", id });
      touched.add(id);
      gone.add(id);
      continue;
    }
    const host = lines.find(
      (line) =>
        line.id !== id &&
        !touched.has(line.id) &&
        bodies.has(line.id) &&
        line.tags.some((tag) => orphan.tags.includes(tag)),
    );
    if (host === undefined) continue;
    const body = bodies.get(host.id) ?? "";
    actions.push({
      type: "relink",
      id: host.id,
      body: `${body.trimEnd()}\n\n- [[${id}|${orphan.title.replace(/\]\]/g, "")}]]`,
    });
    touched.add(host.id);
  }
  const ranked = lines
    .filter((line) => !gone.has(line.id))
    .toSorted((x, y) => y.inbound - x.inbound || x.id.localeCompare(y.id));
  return JSON.stringify({
    hotTier: ranked.slice(0, 3).map((line) => line.id),
    warmTier: ranked.slice(3, 13).map((line) => line.id),
    actions,
  });
}

function noteLines(prompt: string): ShownLine[] {
  const start = prompt.indexOf("## Notes (id | title");
  if (start < 0) return [];
  const block = prompt.slice(start).split("\n").slice(1);
  const lines: ShownLine[] = [];
  for (const text of block) {
    if (text.trim() === "") break;
    const fields = text.split(" | ");
    if (fields.length < 8) continue;
    const tail = fields.slice(-6);
    lines.push({
      id: fields[0] ?? "",
      title: fields.slice(1, -6).join(" | "),
      tags: tail[0] === "-" ? [] : (tail[0] ?? "").split(" ").map((tag) => tag.replace(/^#/, "")),
      inbound: Number((tail[2] ?? "").replace("in ", "")),
      ageDays: Number((tail[4] ?? "").replace(" d", "")),
    });
  }
  return lines;
}

function finding(prompt: string, name: string): string {
  const line = prompt.split("\n").find((text) => text.startsWith(`${name}`));
  return line === undefined ? "" : line.slice(line.indexOf(":") + 1);
}

function idsIn(text: string): string[] {
  return [...text.matchAll(ID)].map((match) => match[0]);
}

function pairs(text: string): [string, string][] {
  return [...text.matchAll(PAIR)].map((m) => [m[1] ?? "", m[2] ?? ""]);
}

function shownBodies(prompt: string): Map<string, string> {
  const bodies = new Map<string, string>();
  for (const match of prompt.matchAll(SHOWN_BODY)) bodies.set(match[1] ?? "", match[2] ?? "");
  return bodies;
}

/** The body cut at its `## ` headings: each part titled by its heading, the lead in the first. */
function sectionsOf(
  body: string,
  line: ShownLine,
): { title: string; tags: readonly string[]; body: string }[] {
  const parts: { title: string; tags: readonly string[]; body: string }[] = [];
  let lead: string[] = [];
  let current: { title: string; lines: string[] } | undefined;
  for (const text of body.split("\n")) {
    const heading = /^## (.+)$/.exec(text);
    if (heading !== null) {
      if (current !== undefined) parts.push(part(current, line));
      current = { title: (heading[1] ?? "").trim(), lines: current === undefined ? lead : [] };
      lead = [];
      continue;
    }
    (current?.lines ?? lead).push(text);
  }
  if (current !== undefined) parts.push(part(current, line));
  return parts.length > 10
    ? []
    : parts.filter((p) => p.body.trim() !== "").length === parts.length
      ? parts
      : [];
}

function part(section: { title: string; lines: string[] }, line: ShownLine) {
  return {
    title: section.title.slice(0, 120),
    tags: line.tags,
    body: section.lines.join("\n").trim(),
  };
}
