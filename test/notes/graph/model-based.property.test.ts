/**
 * A model-based property test of the link graph and the safe mutations: random sequences of
 * capture, link (update), rename, move, archive, merge, non-forced remove, index-note writes
 * and edits behind the library's back run against one long-lived in-memory memory and against
 * a plain model of the notes (ids, titles, statuses, exact bodies). After the operations the
 * memory must agree with the model and with a fresh scan of the same files:
 *
 * - no operation creates a broken link (links to ids that never existed are deliberate
 *   breadcrumbs, tracked by the model);
 * - no body is lost: every note's body is exactly what the model predicts, and every captured
 *   body's marker is still in some note (a merge appends each source under `## <title>`);
 * - `links(id)`, `orphans()`, `deadEnds()` and `brokenLinks()` equal those of a NEW memory over
 *   the same ports (a fresh scan), so the incrementally kept index never drifts;
 * - a non-forced remove of a note with inbound links fails with CONFLICT and changes nothing;
 * - each mutation touches only the files it has to (the note, the notes linking to it, the index).
 */
import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { inMemoryPorts } from "../../../src/adapters/in-memory/in-memory.js";
import { createMemory, type Memory } from "../../../src/memory.js";
import { parseFilename } from "../../../src/model/filename.js";
import type { NoteStatus } from "../../../src/model/layout.js";
import type { Persistence } from "../../../src/ports/persistence.js";
import type { FsLike } from "../../../src/adapters/fs/fs-like.js";
import { okOf } from "../../helpers/result-helpers.js";

// ---------------------------------------------------------------------------------------------
// Operations, as generated data: notes are picked by index into the model's current notes, so
// a sequence stays meaningful while fast-check shrinks it.

type LinkForm = "bare" | "title" | "custom" | "embed" | "anchor";

interface LinkSpec {
  /** known: a note that exists now; unknown: a breadcrumb id no note ever had. */
  readonly target: "known" | "unknown";
  readonly pick: number;
  readonly form: LinkForm;
}

/** What the id generator offers a capture, in order; a fresh id always comes last. */
type Candidate =
  | { readonly kind: "note"; readonly pick: number }
  | { readonly kind: "crumb"; readonly pick: number };

type Op =
  | {
      readonly kind: "capture";
      readonly status: NoteStatus;
      readonly title: string;
      readonly empty: boolean;
      readonly links: readonly LinkSpec[];
      readonly candidates: readonly Candidate[];
    }
  | { readonly kind: "link"; readonly pick: number; readonly links: readonly LinkSpec[] }
  | { readonly kind: "rename"; readonly pick: number; readonly title: string }
  | { readonly kind: "move"; readonly pick: number; readonly status: NoteStatus }
  | { readonly kind: "archive"; readonly pick: number }
  | { readonly kind: "merge"; readonly target: number; readonly sources: readonly number[] }
  | { readonly kind: "remove"; readonly pick: number }
  | { readonly kind: "index"; readonly links: readonly LinkSpec[] }
  | {
      readonly kind: "edit";
      readonly pick: number;
      readonly title: string | undefined;
      readonly keep: boolean;
      readonly links: readonly LinkSpec[];
    };

/** An operation, and whether to compare everything with the model right after it. */
interface Step {
  readonly op: Op;
  readonly check: boolean;
}

const WORDS = ["alpha", "beta", "gamma", "Café", "naïve", "C#", "x|y", "(draft)", "日本", "delta"];
const STATUSES: readonly NoteStatus[] = ["inbox", "active", "archived"];
/**
 * Whether the index note may hold breadcrumbs too. Off because capture does not count the
 * index note's link targets as used ids (src/notes/capture.ts usedIds), so it may hand out an
 * id that index.md already links to and that broken link silently resolves to the new note.
 * Turn it on once that is fixed.
 */
const INDEX_BREADCRUMBS = true;
/** Ids no note is given unless the generator offers them: links to them are breadcrumbs. */
const CRUMBS = ["id__Crumb1", "id__Crumb2", "id__Crumb3", "id__Crumb4", "id__Crumb5"];

const titleArb = fc
  .tuple(fc.constantFrom(...WORDS), fc.constantFrom(...WORDS), fc.nat({ max: 99 }))
  .map(([a, b, n]) => `${a} ${b} ${n}`);
const linkArb: fc.Arbitrary<LinkSpec> = fc.record({
  target: fc.constantFrom<LinkSpec["target"]>("known", "known", "known", "unknown"),
  pick: fc.nat({ max: 40 }),
  form: fc.constantFrom<LinkForm>("bare", "title", "title", "custom", "embed", "anchor"),
});
const linksArb = fc.array(linkArb, { maxLength: 4 });
const pickArb = fc.nat({ max: 40 });
const statusArb = fc.constantFrom(...STATUSES);
const candidateArb: fc.Arbitrary<Candidate> = fc.oneof(
  fc.record({ kind: fc.constant("note" as const), pick: pickArb }),
  fc.record({ kind: fc.constant("crumb" as const), pick: pickArb }),
);

const captureArb = fc.record({
  kind: fc.constant("capture" as const),
  status: statusArb,
  title: titleArb,
  empty: fc.boolean(),
  links: linksArb,
  candidates: fc.array(candidateArb, { maxLength: 2 }),
});

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: captureArb },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant("link" as const), pick: pickArb, links: linksArb }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant("rename" as const), pick: pickArb, title: titleArb }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant("move" as const), pick: pickArb, status: statusArb }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("archive" as const), pick: pickArb }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("merge" as const),
      target: pickArb,
      sources: fc.array(pickArb, { minLength: 1, maxLength: 2 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("remove" as const), pick: pickArb }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("index" as const), links: linksArb }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("edit" as const),
      pick: pickArb,
      title: fc.option(titleArb, { nil: undefined }),
      keep: fc.boolean(),
      links: linksArb,
    }),
  },
);

/** A few captures first, so that most later operations find notes to work on. */
const stepsArb: fc.Arbitrary<Step[]> = fc
  .tuple(
    fc.array(fc.record({ op: captureArb, check: fc.constant(false) }), {
      minLength: 1,
      maxLength: 4,
    }),
    fc.array(fc.record({ op: opArb, check: fc.boolean() }), { maxLength: 24 }),
  )
  .map(([seed, rest]) => [...seed, ...rest]);

// ---------------------------------------------------------------------------------------------
// The model: what the notes must say, computed without the library.

interface ModelNote {
  readonly id: string;
  title: string;
  status: NoteStatus;
  body: string;
}

/** A link as the model reads it: `[[id#anchor|text]]`, `[[id]]`, `![[id]]`. */
const LINK = /(!?)\[\[(id__[0-9A-Za-z]{6})(#[a-z]+)?(?:\|([^\]\n]+))?\]\]/g;

interface ModelLink {
  readonly id: string;
  readonly text: string | undefined;
}

function mapLinks(body: string, edit: (link: ModelLink) => ModelLink): string {
  return body.replace(
    LINK,
    (_all, bang: string, id: string, anchor: string | undefined, text: string | undefined) => {
      const next = edit({ id, text });
      return `${bang}[[${next.id}${anchor ?? ""}${next.text === undefined ? "" : `|${next.text}`}]]`;
    },
  );
}

/** `body` with every link to `id` replaced by its text (the title when it has none). */
function unlinkSelf(body: string, id: string, title: string): string {
  return body.replace(
    LINK,
    (all, _bang: string, linked: string, _anchor: string | undefined, text: string | undefined) =>
      linked === id ? (text ?? title) : all,
  );
}

function linkIds(body: string): string[] {
  return [...body.matchAll(LINK)].map((match) => match[2] ?? "");
}

class Model {
  readonly notes = new Map<string, ModelNote>();
  index: string | undefined;
  /** Every id a note ever had: a link to one of them must never be broken. */
  readonly issued = new Set<string>();
  /** Ids merged away: their redirect records keep them taken. */
  readonly merged = new Set<string>();
  /** Marker of each captured body -> the note that holds it now. */
  readonly markers = new Map<string, string>();
  private fresh = 0;

  freshId(): string {
    return `id__N${String(this.fresh++).padStart(5, "0")}`;
  }

  ids(): string[] {
    return [...this.notes.keys()].toSorted();
  }

  pick(n: number): ModelNote | undefined {
    const ids = this.ids();
    const id = ids[n % Math.max(1, ids.length)];
    return id === undefined ? undefined : this.notes.get(id);
  }

  /**
   * Ids the library must not hand out: note ids, every link target (breadcrumbs too), and the
   * ids of merged notes (a redirect record names each).
   */
  usedIds(): Set<string> {
    const used = new Set([...this.notes.keys(), ...this.merged]);
    for (const note of this.notes.values()) for (const id of linkIds(note.body)) used.add(id);
    for (const id of linkIds(this.index ?? "")) used.add(id);
    return used;
  }

  renderLinks(specs: readonly LinkSpec[]): string[] {
    const ids = this.ids();
    const crumbs = CRUMBS.filter((crumb) => !this.issued.has(crumb));
    const out: string[] = [];
    for (const [k, spec] of specs.entries()) {
      if (spec.target === "known" && ids.length > 0) {
        const target = this.notes.get(ids[spec.pick % ids.length] ?? "");
        if (target === undefined) continue;
        const forms: Record<LinkForm, string> = {
          bare: `[[${target.id}]]`,
          title: `[[${target.id}|${target.title}]]`,
          custom: `[[${target.id}|aside ${k}]]`,
          embed: `![[${target.id}]]`,
          anchor: `[[${target.id}#part|${target.title}]]`,
        };
        out.push(forms[spec.form]);
      } else if (crumbs.length > 0) {
        const crumb = crumbs[spec.pick % crumbs.length] ?? "";
        out.push(spec.form === "custom" ? `[[${crumb}|lost ${k}]]` : `[[${crumb}]]`);
      }
    }
    return out;
  }

  /** Notes other than `id` whose body links to it. */
  inbound(id: string): string[] {
    return this.ids().filter(
      (other) => other !== id && linkIds(this.notes.get(other)?.body ?? "").includes(id),
    );
  }

  indexed(id: string): boolean {
    return linkIds(this.index ?? "").includes(id);
  }

  orphans(): string[] {
    return this.ids().filter((id) => this.inbound(id).length === 0 && !this.indexed(id));
  }

  deadEnds(): string[] {
    return this.ids().filter((id) =>
      linkIds(this.notes.get(id)?.body ?? "").every((target) => target === id),
    );
  }

  broken(): string[] {
    const out: string[] = [];
    for (const note of this.notes.values()) {
      for (const target of new Set(linkIds(note.body))) {
        if (!this.notes.has(target)) out.push(`${note.id} -> ${target}`);
      }
    }
    return out.toSorted();
  }

  /** Applies `edit` to every link of every body and of the index note. */
  rewriteAll(edit: (link: ModelLink) => ModelLink): void {
    for (const note of this.notes.values()) note.body = mapLinks(note.body, edit);
    if (this.index !== undefined) this.index = mapLinks(this.index, edit);
  }
}

// ---------------------------------------------------------------------------------------------
// Running an operation on both sides.

interface World {
  readonly memory: Memory;
  readonly persistence: Persistence;
  readonly fs: FsLike;
  readonly root: string;
  readonly model: Model;
  /** What the id generator hands out next, before falling back to fresh ids. */
  readonly offered: string[];
}

/** Every file under the root but .git and the library's private folder: path -> content. */
async function dumpFiles(persistence: Persistence): Promise<Map<string, string>> {
  const files = okOf(await persistence.list());
  const out = new Map<string, string>();
  for (const file of files) {
    if (file.path.startsWith(".agent-memory/")) continue;
    out.set(file.path, okOf(await persistence.read(file.path)));
  }
  return out;
}

/** The ids (or "index") of the files that differ between two dumps. */
function changedOwners(before: Map<string, string>, after: Map<string, string>): Set<string> {
  const owners = new Set<string>();
  for (const path of new Set([...before.keys(), ...after.keys()])) {
    if (before.get(path) === after.get(path)) continue;
    if (path === "index.md") owners.add("index");
    else {
      const name = parseFilename(path);
      owners.add(name.isOk() ? name.value.id : path);
    }
  }
  return owners;
}

async function notePath(world: World, id: string): Promise<string> {
  const files = okOf(await world.persistence.list());
  const found = files.find((file) => file.path.endsWith(` ${id}.md`));
  if (found === undefined) throw new Error(`no file carries ${id}`);
  return found.path;
}

let markerCount = 0;

/** Runs one operation on the memory and the model; returns the ids whose files may change. */
async function apply(world: World, op: Op): Promise<Set<string> | "external"> {
  const { memory, model } = world;
  switch (op.kind) {
    case "capture": {
      const marker = `marker${markerCount++}`;
      const links = model.renderLinks(op.links);
      const body = op.empty
        ? ""
        : [`Body ${marker} about ${op.title}.`, ...links].join(links.length > 1 ? "\n" : " ");
      const used = model.usedIds();
      const ids = model.ids();
      const offered = op.candidates.map((candidate) =>
        candidate.kind === "note"
          ? (ids[candidate.pick % Math.max(1, ids.length)] ?? model.freshId())
          : (CRUMBS[candidate.pick % CRUMBS.length] ?? model.freshId()),
      );
      const fresh = model.freshId();
      world.offered.push(...offered, fresh);
      const expectedId = [...offered, fresh].find((id) => !used.has(id));
      const meta = okOf(await memory.capture({ title: op.title, body }, { status: op.status }));
      world.offered.length = 0;
      expect(meta.id).toBe(expectedId);
      expect(meta.status).toBe(op.status);
      model.notes.set(meta.id, { id: meta.id, title: op.title, status: op.status, body });
      model.issued.add(meta.id);
      if (!op.empty) model.markers.set(marker, meta.id);
      return new Set([meta.id]);
    }
    case "link": {
      const note = model.pick(op.pick);
      if (note === undefined) return new Set();
      const links = model.renderLinks(op.links);
      if (links.length === 0) return new Set();
      const added = `See also ${links.join(", ")}.`;
      const body = note.body === "" ? added : `${note.body}\n\n${added}`;
      okOf(await memory.update(note.id, { body }));
      note.body = body;
      return new Set([note.id]);
    }
    case "rename": {
      const note = model.pick(op.pick);
      if (note === undefined) return new Set();
      const allowed = new Set([note.id, ...model.inbound(note.id), "index"]);
      const result = okOf(await memory.rename(note.id, op.title));
      expect(result.id).toBe(note.id);
      const oldTitle = note.title;
      model.rewriteAll((link) =>
        link.id === note.id && link.text === oldTitle ? { id: link.id, text: op.title } : link,
      );
      note.title = op.title;
      return allowed;
    }
    case "move":
    case "archive": {
      const note = model.pick(op.pick);
      if (note === undefined) return new Set();
      const status = op.kind === "move" ? op.status : "archived";
      const result = okOf(
        op.kind === "move" ? await memory.move(note.id, status) : await memory.archive(note.id),
      );
      expect(result.status).toBe(status);
      note.status = status;
      return new Set([note.id]);
    }
    case "merge": {
      const target = model.pick(op.target);
      if (target === undefined) return new Set();
      const sources = [...new Set(op.sources.map((n) => model.pick(n)))].filter(
        (source): source is ModelNote => source !== undefined && source.id !== target.id,
      );
      if (sources.length === 0) return new Set();
      const sourceIds = new Set(sources.map((source) => source.id));
      const allowed = new Set([target.id, ...sourceIds, "index"]);
      for (const source of sources) for (const id of model.inbound(source.id)) allowed.add(id);
      const result = okOf(await memory.merge([...sourceIds], target.id));
      expect(result.removed).toEqual([...sourceIds]);
      target.body = [target.body, ...sources.map((s) => `## ${s.title}\n\n${s.body}`)]
        .filter((part) => part !== "")
        .join("\n\n")
        .trimEnd();
      for (const source of sources) {
        model.notes.delete(source.id);
        model.merged.add(source.id);
      }
      for (const [marker, owner] of model.markers)
        if (sourceIds.has(owner)) model.markers.set(marker, target.id);
      model.rewriteAll((link) =>
        sourceIds.has(link.id) ? { id: target.id, text: link.text } : link,
      );
      // A merge never leaves the target linking to itself: those links become their words.
      target.body = unlinkSelf(target.body, target.id, target.title);
      return allowed;
    }
    case "remove": {
      const note = model.pick(op.pick);
      if (note === undefined) return new Set();
      const linked = model.inbound(note.id).length > 0 || model.indexed(note.id);
      const result = await memory.remove(note.id);
      if (linked) {
        expect(result).toMatchObject({ error: { code: "CONFLICT" } });
        return new Set();
      }
      okOf(result);
      model.notes.delete(note.id);
      for (const [marker, owner] of model.markers)
        if (owner === note.id) model.markers.delete(marker);
      return new Set([note.id]);
    }
    case "index": {
      const specs = INDEX_BREADCRUMBS
        ? op.links
        : op.links.filter((spec) => spec.target === "known" && model.notes.size > 0);
      const links = model.renderLinks(specs);
      const content = `# Index\n\n## Hot\n\n${links.map((link) => `- ${link}`).join("\n")}\n`;
      await world.fs.promises.writeFile(`${world.root}/index.md`, content);
      model.index = content;
      return "external";
    }
    case "edit": {
      const note = model.pick(op.pick);
      if (note === undefined) return "external";
      const links = model.renderLinks(op.links);
      const kept = op.keep ? note.body : "";
      const added = links.length === 0 ? "" : `Edited by hand: ${links.join(" ")}`;
      const body = [kept, added].filter((part) => part !== "").join("\n\n");
      const title = op.title ?? note.title;
      const path = await notePath(world, note.id);
      const before = okOf(await world.persistence.read(path));
      let content = body === "" ? `# ${title}\n` : `# ${title}\n\n${body}\n`;
      // (mtime, size) is how edits are seen: keep the size different so that a same-size edit
      // within the filesystem's timestamp granularity is not what this test is about.
      if (Buffer.byteLength(content) === Buffer.byteLength(before)) content += "\n";
      await world.fs.promises.writeFile(`${world.root}/${path}`, content);
      note.title = title;
      note.body = body;
      // Dropping a body by hand is deliberate: its marker is no longer expected.
      if (!op.keep)
        for (const [marker, owner] of model.markers)
          if (owner === note.id) model.markers.delete(marker);
      return "external";
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Comparing the memory with the model and with a fresh scan.

async function graphOf(memory: Memory, ids: readonly string[]) {
  const links = [];
  for (const id of ids) links.push(okOf(await memory.links(id)));
  return {
    links,
    orphans: okOf(await memory.orphans()),
    deadEnds: okOf(await memory.deadEnds()),
    brokenLinks: okOf(await memory.brokenLinks()),
  };
}

async function checkAgainstModel(world: World): Promise<void> {
  const { memory, model } = world;
  const listed = okOf(await memory.list());
  expect(listed.map((meta) => [meta.id, meta.title, meta.status]).toSorted()).toEqual(
    model.ids().map((id) => {
      const note = model.notes.get(id);
      return [id, note?.title, note?.status];
    }),
  );
  const bodies: string[] = [];
  for (const id of model.ids()) {
    const note = okOf(await memory.read(id));
    expect({ id, body: note.body }).toEqual({ id, body: model.notes.get(id)?.body });
    bodies.push(note.body);
  }
  for (const [marker, owner] of model.markers) {
    expect(
      bodies.some((body) => body.includes(`Body ${marker} `)),
      `${marker} of ${owner}`,
    ).toBe(true);
  }

  const graph = await graphOf(memory, model.ids());
  const broken = graph.brokenLinks.map((link) => `${link.sourceId} -> ${link.targetId}`).toSorted();
  expect(broken).toEqual(model.broken());
  for (const link of graph.brokenLinks) {
    // A broken link may only point at a deliberate breadcrumb, never at an id a note once had.
    expect({ ...link, issued: model.issued.has(link.targetId) }).toEqual({
      ...link,
      issued: false,
    });
  }
  expect(graph.orphans.toSorted()).toEqual(model.orphans());
  expect(graph.deadEnds.toSorted()).toEqual(model.deadEnds());
  for (const [k, id] of model.ids().entries()) {
    const links = graph.links[k];
    expect(links?.inbound.map((link) => link.id).toSorted()).toEqual(model.inbound(id));
    expect(links?.outbound.map((link) => link.id)).toEqual(
      linkIds(model.notes.get(id)?.body ?? ""),
    );
    expect(links?.indexed).toBe(model.indexed(id));
  }

  // The incrementally kept index equals a fresh scan of the same files.
  const fresh = createMemory({ persistence: world.persistence });
  expect(graph).toEqual(await graphOf(fresh, model.ids()));
  expect((await world.persistence.read(".agent-memory/lock")).isErr()).toBe(true);
}

async function newWorld(): Promise<World> {
  const ports = okOf(await inMemoryPorts());
  const model = new Model();
  const offered: string[] = [];
  const memory = createMemory({
    persistence: ports.persistence,
    generateId: () => offered.shift() ?? model.freshId(),
  });
  return { memory, persistence: ports.persistence, fs: ports.fs, root: ports.root, model, offered };
}

async function runSteps(steps: readonly Step[]): Promise<void> {
  const world = await newWorld();
  for (const { op, check } of steps) {
    const before = await dumpFiles(world.persistence);
    const allowed = await apply(world, op);
    // A mutation touches the files it has to and no other (an external edit is not checked).
    const changed = changedOwners(before, await dumpFiles(world.persistence));
    const unexpected =
      allowed === "external" ? [] : [...changed].filter((owner) => !allowed.has(owner));
    expect({ op: op.kind, unexpected }).toEqual({ op: op.kind, unexpected: [] });
    if (check) await checkAgainstModel(world);
  }
  await checkAgainstModel(world);
}

describe("the link graph under random mutation sequences (model-based)", () => {
  it("never breaks a link, never loses a body, and always equals a fresh scan", async () => {
    const numRuns = Number(process.env["MODEL_RUNS"] ?? 60);
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(stepsArb, async (steps) => {
        markerCount = 0;
        runs++;
        await runSteps(steps);
      }),
      { numRuns },
    );
    expect(runs).toBeGreaterThanOrEqual(numRuns);
  }, 120_000);

  it("refuses a non-forced remove of a linked note with CONFLICT and changes nothing", async () => {
    const world = await newWorld();
    const { memory, persistence } = world;
    const target = okOf(
      await memory.capture({ title: "Target", body: "kept" }, { status: "active" }),
    );
    const from = okOf(await memory.capture({ title: "From", body: `see [[${target.id}|Target]]` }));
    const indexOnly = okOf(await memory.capture({ title: "Indexed", body: "in the index" }));
    await world.fs.promises.writeFile(
      `${world.root}/index.md`,
      `# Index\n\n- [[${indexOnly.id}]]\n`,
    );
    for (const id of [target.id, indexOnly.id]) {
      const before = await dumpFiles(persistence);
      const result = await memory.remove(id);
      expect(result).toMatchObject({ error: { code: "CONFLICT" } });
      expect(await dumpFiles(persistence)).toEqual(before);
      expect(okOf(await memory.read(id)).id).toBe(id);
    }
    expect(okOf(await memory.links(target.id)).inbound.map((link) => link.id)).toEqual([from.id]);
    // Once nothing links to it, the same remove goes through.
    okOf(await memory.update(from.id, { body: "no link any more" }));
    okOf(await memory.remove(target.id));
    expect(okOf(await memory.brokenLinks())).toEqual([]);
  });
});
