import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mergeMarkLines } from "../../../src/model/merge/merge-mark.js";
import { mergeNoteText } from "../../../src/model/merge/merge-note.js";
import { sentencesOf } from "../../../src/model/markdown/sentences.js";

const BASE =
  "# Deploys\n\n#infra\n\nWe deploy on Mondays. Staging goes first.\n\nRollback uses tags.\n";

describe("mergeNoteText: the concrete cases", () => {
  it("keeps both clones' appends, in the same order whichever side is ours", () => {
    const ours = `${BASE}\nThe VPN is needed.\n`;
    const theirs = `${BASE}\nIgor reviews the release.\n`;
    const merged = mergeNoteText(BASE, ours, theirs);
    expect(merged.text).toBe(`${BASE}\nIgor reviews the release.\n\nThe VPN is needed.\n`);
    expect(mergeNoteText(BASE, theirs, ours).text).toBe(merged.text);
    expect(merged.marked).toBe(0);
  });

  it("merges edits to two neighbouring paragraphs, and to two sentences of one paragraph", () => {
    const ours = BASE.replace("Mondays", "Tuesdays");
    expect(mergeNoteText(BASE, ours, BASE.replace("uses tags", "uses SHAs")).text).toBe(
      "# Deploys\n\n#infra\n\nWe deploy on Tuesdays. Staging goes first.\n\nRollback uses SHAs.\n",
    );
    expect(mergeNoteText(BASE, ours, BASE.replace("Staging goes", "Prod goes")).text).toBe(
      "# Deploys\n\n#infra\n\nWe deploy on Tuesdays. Prod goes first.\n\nRollback uses tags.\n",
    );
  });

  it("keeps the same sentence changed differently on both sides as two marked versions", () => {
    const ours = BASE.replace("Mondays", "Tuesdays");
    const theirs = BASE.replace("Mondays", "Fridays");
    const merged = mergeNoteText(BASE, ours, theirs);
    expect(merged.marked).toBe(1);
    expect(merged.decisions[0]).toContain("both versions are kept");
    expect(merged.text).toContain("We deploy on Tuesdays.");
    expect(merged.text).toContain("We deploy on Fridays.");
    expect(merged.text).not.toMatch(/^(<{7}|={7}|>{7})/m);
    expect(mergeMarkLines(merged.text)).toHaveLength(3);
    expect(merged.text.indexOf("Fridays")).toBeLessThan(merged.text.indexOf("Tuesdays"));
    expect(mergeNoteText(BASE, theirs, ours).text).toBe(merged.text);
  });

  it("resolves a title changed on both sides to one heading and keeps the other as text", () => {
    const merged = mergeNoteText(
      BASE,
      BASE.replace("# Deploys", "# Shipping"),
      BASE.replace("# Deploys", "# Deploy days").replace("#infra", "#infra #ops"),
    );
    expect(merged.text).toBe(
      "# Deploy days\n\n#infra #ops\n\nAlso titled: Shipping\n\nWe deploy on Mondays. Staging goes first.\n\nRollback uses tags.\n",
    );
    expect(merged.decisions[0]).toContain('"Deploy days" is the heading');
  });

  it("keeps an edit made on one side when the other deleted the paragraph", () => {
    const ours = BASE.replace("\nRollback uses tags.\n", "");
    const theirs = BASE.replace("uses tags", "uses SHAs");
    expect(mergeNoteText(BASE, ours, theirs).text).toContain("Rollback uses SHAs.");
  });

  it("merges list items appended on both sides into one list", () => {
    const base = "# Todo\n\n- one\n- two\n";
    expect(mergeNoteText(base, `${base}- three\n`, `${base}- four\n`).text).toBe(
      "# Todo\n\n- one\n- two\n- four\n- three\n",
    );
  });

  it("never splits a fenced code block with a blank line in it", () => {
    const base = "# Code\n\n```\na\n\nb\n```\n";
    const merged = mergeNoteText(base, `${base}\nOne.\n`, `${base}\nTwo.\n`).text;
    expect(merged).toBe("# Code\n\n```\na\n\nb\n```\n\nOne.\n\nTwo.\n");
  });
});

const WORDS = [
  "deploy",
  "vpn",
  "igor",
  "staging",
  "rollback",
  "review",
  "tag",
  "schema",
  "cache",
  "queue",
];
const sentence = fc
  .tuple(fc.constantFrom(...WORDS), fc.constantFrom(...WORDS), fc.integer({ min: 0, max: 999 }))
  .map(([a, b, n]) => `The ${a} needs ${b} ${n}.`);
const paragraph = fc.array(sentence, { minLength: 1, maxLength: 3 }).map((s) => s.join(" "));

type Note = { title: string; tags: string[]; paragraphs: string[] };
const render = (note: Note) =>
  `# ${note.title}\n` +
  (note.tags.length > 0 ? `\n${note.tags.map((t) => `#${t}`).join(" ")}\n` : "") +
  (note.paragraphs.length > 0 ? `\n${note.paragraphs.join("\n\n")}\n` : "");

const baseNote = fc.record({
  title: fc.constantFrom("Deploys", "Igor", "Schema"),
  tags: fc.subarray(["infra", "people", "ops"]),
  paragraphs: fc.array(paragraph, { maxLength: 5 }),
});

/** One clone's edits: appends, inserts, rewrites, deletions, a title, tags. */
const edit = fc.record({
  title: fc.option(fc.constantFrom("Deploy days", "Shipping", "Igor the designer"), {
    nil: undefined,
  }),
  tags: fc.option(fc.subarray(["infra", "people", "ops", "work"]), { nil: undefined }),
  steps: fc.array(
    fc.tuple(
      fc.constantFrom("append", "insert", "replace", "delete", "sentence"),
      fc.nat(),
      paragraph,
    ),
    { maxLength: 4 },
  ),
});

/** Sentences of the body (tag lines are sets, checked on their own). */
function said(text: string): string[] {
  return sentencesOf(text).filter((s) => !s.startsWith("#"));
}

function taggedNote(tags: string[]): string {
  return render({ title: "T", tags, paragraphs: ["Body."] });
}

type Edit = typeof edit extends fc.Arbitrary<infer T> ? T : never;

function applyEdit(note: Note, change: Edit): Note {
  const paragraphs = [...note.paragraphs];
  for (const [kind, at, text] of change.steps) {
    const i = paragraphs.length === 0 ? 0 : at % paragraphs.length;
    if (kind === "append" || paragraphs.length === 0) paragraphs.push(text);
    else if (kind === "insert") paragraphs.splice(i, 0, text);
    else if (kind === "replace") paragraphs[i] = text;
    else if (kind === "delete") paragraphs.splice(i, 1);
    else paragraphs[i] = `${paragraphs[i]} ${text}`;
  }
  return { title: change.title ?? note.title, tags: change.tags ?? note.tags, paragraphs };
}

describe("mergeNoteText: properties", () => {
  const cases = fc.tuple(baseNote, edit, edit).map(([base, a, b]) => ({
    base: render(base),
    ours: render(applyEdit(base, a)),
    theirs: render(applyEdit(base, b)),
  }));

  it("never drops a sentence either side wrote or both sides kept", () => {
    fc.assert(
      fc.property(cases, ({ base, ours, theirs }) => {
        const merged = new Set(said(mergeNoteText(base, ours, theirs).text));
        const old = new Set(said(base));
        const other = new Set(said(theirs));
        const wanted = [
          ...said(ours).filter((s) => !old.has(s) || other.has(s)),
          ...[...other].filter((s) => !old.has(s)),
        ];
        expect(wanted.filter((s) => !merged.has(s))).toEqual([]);
      }),
      { numRuns: 400 },
    );
  });

  it("merges tags as a set: added on either side kept, removed on one side gone", () => {
    fc.assert(
      fc.property(
        fc.subarray(["a", "b", "c", "d"]),
        fc.subarray(["a", "b", "c", "d"]),
        fc.subarray(["a", "b", "c", "d"]),
        (base, ours, theirs) => {
          const text = mergeNoteText(taggedNote(base), taggedNote(ours), taggedNote(theirs)).text;
          const line = /^#\S.*$/m.exec(text)?.[0] ?? "";
          const got = new Set(
            line
              .split(" ")
              .filter((t) => t !== "")
              .map((t) => t.slice(1)),
          );
          for (const tag of ["a", "b", "c", "d"]) {
            const kept = ours.includes(tag) && theirs.includes(tag);
            const added = (ours.includes(tag) || theirs.includes(tag)) && !base.includes(tag);
            expect(got.has(tag)).toBe(kept || added);
          }
        },
      ),
    );
  });

  it("gives the same text whichever side is ours", () => {
    fc.assert(
      fc.property(cases, ({ base, ours, theirs }) => {
        expect(mergeNoteText(base, theirs, ours).text).toBe(mergeNoteText(base, ours, theirs).text);
      }),
      { numRuns: 400 },
    );
  });

  it("is idempotent: a side merged with itself, or with an unchanged side, is that side", () => {
    fc.assert(
      fc.property(cases, ({ base, ours, theirs }) => {
        expect(mergeNoteText(ours, ours, ours).text).toBe(ours);
        expect(mergeNoteText(base, ours, ours).text).toBe(ours);
        expect(mergeNoteText(base, base, theirs).text).toBe(theirs);
        const once = mergeNoteText(base, ours, theirs).text;
        expect(mergeNoteText(base, once, once).text).toBe(once);
        // Merging the result again with either side changes nothing the side added.
        expect(mergeNoteText(ours, once, ours).text).toBe(once);
      }),
      { numRuns: 200 },
    );
  });

  it("never leaves git's conflict markers", () => {
    fc.assert(
      fc.property(cases, ({ base, ours, theirs }) => {
        expect(mergeNoteText(base, ours, theirs).text).not.toMatch(/^(<{7}|>{7})/m);
      }),
    );
  });
});
