import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { normalizeBody, parseNote, serializeNote } from "../../../src/model/note-format.js";
import {
  formatSupersessionLine,
  markSuperseded,
  noteSupersession,
  readSupersessions,
  type SupersessionMark,
} from "../../../src/model/supersession/supersession.js";

const NEW = "id__Ab3xYz";
const OTHER = "id__Kf9mNp";
const MARK: SupersessionMark = {
  successorId: NEW,
  successorTitle: "Use Postgres",
  date: "2026-03-14",
  reason: "SQLite could not take the write load",
};

function readMarkOf(line: string) {
  return noteSupersession(`${line}\n\nOld text.`);
}

function code(mark: SupersessionMark, section?: string) {
  return markSuperseded(
    "## A\nx\n## A\ny",
    mark,
    section === undefined ? {} : { section },
  )._unsafeUnwrapErr().code;
}

function expectedReason(text: string | undefined) {
  return (
    text
      ?.trim()
      .replace(/^because\s+/i, "")
      .replace(/\.$/, "")
      .trim() || undefined
  );
}

describe("formatSupersessionLine", () => {
  it("writes the canonical line, with a final period", () => {
    expect(formatSupersessionLine(MARK)).toBe(
      "> Superseded by [[id__Ab3xYz|Use Postgres]] on 2026-03-14: SQLite could not take the write load.",
    );
    expect(
      formatSupersessionLine({
        successorId: NEW,
        successorTitle: "Use Postgres",
        date: "2026-03-14",
      }),
    ).toBe("> Superseded by [[id__Ab3xYz|Use Postgres]] on 2026-03-14.");
    expect(formatSupersessionLine({ ...MARK, reason: "really?" })).toMatch(/: really\?$/);
  });

  it("leaves out a title that cannot be display text", () => {
    expect(formatSupersessionLine({ ...MARK, successorTitle: "see [x]" })).toMatch(
      /^> Superseded by \[\[id__Ab3xYz\]\] on/,
    );
  });
});

describe("readSupersessions: what a hand-written mark may look like", () => {
  it("reads the canonical line", () => {
    const body = `${formatSupersessionLine(MARK)}\n\nWe use SQLite.`;
    expect(readSupersessions(body)).toEqual([
      {
        scope: "note",
        successorId: NEW,
        date: "2026-03-14",
        reason: "SQLite could not take the write load",
        range: { start: 0, end: body.indexOf("\n") },
      },
    ]);
  });

  it.each([
    ["> superseded by [[id__Ab3xYz]]", {}],
    ["> SUPERSEDED BY [[id__Ab3xYz|x]].", {}],
    ["> **Superseded** by [[id__Ab3xYz|x]] as of 2026-03-14.", { date: "2026-03-14" }],
    ["> **Superseded by** [[id__Ab3xYz|x]] on 2026-03-14", { date: "2026-03-14" }],
    ["> __Superseded by [[id__Ab3xYz|x]]__ on 2026-03-14", { date: "2026-03-14" }],
    ["> Superseded by [[id__Ab3xYz|x]]: because it was slow.", { reason: "it was slow" }],
    ["> Superseded by [[id__Ab3xYz|x]] because it was slow", { reason: "it was slow" }],
    [
      "> Superseded by [[id__Ab3xYz|x]], as of 2026-03-14: note: see x.",
      { date: "2026-03-14", reason: "note: see x" },
    ],
    ["   >Superseded by [[id__Ab3xYz|x]] on 2026-02-30.", {}],
  ])("%s", (line, expected) => {
    const mark = readMarkOf(line);
    expect(mark?.successorId).toBe(NEW);
    expect(mark?.date).toBe((expected as { date?: string }).date);
    expect(mark?.reason).toBe((expected as { reason?: string }).reason);
  });

  it.each([
    "Superseded by [[id__Ab3xYz]]",
    "> Superseded by ![[id__Ab3xYz]]",
    "> Superseded by `[[id__Ab3xYz]]`",
    "> This was superseded by [[id__Ab3xYz]]",
    "> Replaced by [[id__Ab3xYz]]",
    "> Superseded by [[id__Ab3x]]",
  ])("is not a mark: %s", (line) => {
    expect(readMarkOf(line)).toBeUndefined();
  });

  it("reads a mark only as the first line of the body or of a section", () => {
    expect(readSupersessions(`Old text.\n\n> Superseded by [[${NEW}]]`)).toEqual([]);
    expect(readSupersessions(`Intro\n## A\ntext\n> Superseded by [[${NEW}]]`)).toEqual([]);
  });

  it("ignores marks inside code", () => {
    expect(readSupersessions(`\`\`\`\n> Superseded by [[${NEW}]]\n\`\`\`\n`)).toEqual([]);
    expect(readSupersessions(`## A\n\n~~~\n> Superseded by [[${NEW}]]\n~~~`)).toEqual([]);
  });

  it("reads section marks with the heading text, at any depth", () => {
    const body = [
      "Current text.",
      "",
      "## Storage ##",
      "",
      `> Superseded by [[${NEW}|Postgres]] on 2026-03-14.`,
      "",
      "We use SQLite.",
      "### Details",
      `> Superseded by [[${OTHER}]]`,
    ].join("\n");
    const marks = readSupersessions(body);
    expect(marks.map((m) => [m.scope, m.section, m.successorId])).toEqual([
      ["section", "Storage", NEW],
      ["section", "Details", OTHER],
    ]);
    expect(noteSupersession(body)).toBeUndefined();
    const first = marks[0];
    expect(first && body.slice(first.range.start, first.range.end)).toMatch(/^> Superseded/);
  });
});

describe("markSuperseded", () => {
  it("puts the note-level mark first and keeps the old text below", () => {
    expect(markSuperseded("We use SQLite.", MARK)._unsafeUnwrap()).toBe(
      `${formatSupersessionLine(MARK)}\n\nWe use SQLite.`,
    );
    expect(markSuperseded("", MARK)._unsafeUnwrap()).toBe(formatSupersessionLine(MARK));
  });

  it("marks a section, right under its heading", () => {
    const body = "Intro.\n\n## Storage\nWe use SQLite.\n\n## Other\nText.";
    expect(markSuperseded(body, MARK, { section: "## storage" })._unsafeUnwrap()).toBe(
      `Intro.\n\n## Storage\n\n${formatSupersessionLine(MARK)}\n\nWe use SQLite.\n\n## Other\nText.`,
    );
    expect(markSuperseded("## Empty", MARK, { section: "Empty" })._unsafeUnwrap()).toBe(
      `## Empty\n\n${formatSupersessionLine(MARK)}`,
    );
  });

  it("is idempotent for the same successor and refuses another one", () => {
    const once = markSuperseded("Old.", MARK)._unsafeUnwrap();
    expect(markSuperseded(once, { ...MARK, date: "2027-01-01" })._unsafeUnwrap()).toBe(once);
    expect(markSuperseded(once, { ...MARK, successorId: OTHER })._unsafeUnwrapErr().code).toBe(
      "CONFLICT",
    );
    const section = markSuperseded("## A\nx", MARK, { section: "A" })._unsafeUnwrap();
    expect(markSuperseded(section, MARK, { section: "a" })._unsafeUnwrap()).toBe(section);
    expect(
      markSuperseded(section, { ...MARK, successorId: OTHER }, { section: "A" })._unsafeUnwrapErr()
        .code,
    ).toBe("CONFLICT");
  });

  it("refuses what it cannot write as one correct line", () => {
    expect(code({ ...MARK, reason: "a\nb" })).toBe("INVALID_INPUT");
    expect(code({ ...MARK, successorTitle: "a\r\nb" })).toBe("INVALID_INPUT");
    expect(code({ ...MARK, date: "2026-02-30" })).toBe("INVALID_INPUT");
    expect(code({ ...MARK, date: "14.03.2026" })).toBe("INVALID_INPUT");
    expect(code({ ...MARK, successorId: "id__x" })).toBe("INVALID_INPUT");
    expect(code(MARK, "Missing")).toBe("NOT_FOUND");
    expect(code(MARK, "A")).toBe("INVALID_INPUT");
  });
});

describe("properties", () => {
  const id = fc.stringMatching(/^id__[A-Za-z0-9]{6}$/);
  const date = fc
    .date({ min: new Date("1990-01-01"), max: new Date("2100-12-31"), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10));
  const reason = fc.option(fc.stringMatching(/^[A-Za-z][A-Za-z ,:]{0,30}[A-Za-z.!?]$/), {
    nil: undefined,
  });
  const mark = fc
    .record({
      successorId: id,
      successorTitle: fc.string({ maxLength: 20 }).filter((t) => !/[\r\n]/.test(t)),
      date,
      reason,
    })
    .map(({ reason: text, ...rest }): SupersessionMark =>
      text === undefined ? rest : { ...rest, reason: text },
    );
  const token = fc.oneof(
    fc.string({ unit: "grapheme", maxLength: 8 }),
    fc.constantFrom("\n", "\n\n", "`", "\n```\n", "## A\n", "### B\n", "> ", "[[id__Ab3xYz]]"),
  );
  const body = fc.array(token, { maxLength: 20 }).map((parts) => normalizeBody(parts.join("")));
  it("reads back what it writes, keeps the old text, and survives the note format", () => {
    fc.assert(
      fc.property(body, mark, (old, m) => {
        fc.pre(noteSupersession(old) === undefined);
        const marked = markSuperseded(old, m)._unsafeUnwrap();
        expect(marked.endsWith(old)).toBe(true);
        const read = noteSupersession(marked);
        expect(read?.successorId).toBe(m.successorId);
        expect(read?.date).toBe(m.date);
        expect(read?.reason).toBe(expectedReason(m.reason));
        const note = parseNote(serializeNote({ title: "T", tags: ["x"], body: marked }), NEW);
        expect(note.body).toBe(marked);
        expect(note.links[0]?.id).toBe(m.successorId);
        expect(markSuperseded(marked, m)._unsafeUnwrap()).toBe(marked);
      }),
    );
  });

  it("a section mark changes nothing but the lines it inserts", () => {
    fc.assert(
      fc.property(body, body, mark, (before, inside, m) => {
        const old = normalizeBody(`${before}\n\n## Target heading\n${inside}`);
        const result = markSuperseded(old, m, { section: "target heading" });
        fc.pre(result.isOk());
        const marked = result._unsafeUnwrap();
        const line = formatSupersessionLine(m);
        const kept = marked.split("\n").filter((l) => l !== line && l.trim() !== "");
        expect(kept).toEqual(old.split("\n").filter((l) => l.trim() !== ""));
        expect(
          readSupersessions(marked).some(
            (s) => s.scope === "section" && s.successorId === m.successorId,
          ),
        ).toBe(true);
      }),
    );
  });
});
