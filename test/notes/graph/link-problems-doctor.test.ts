/**
 * Doctor reports links an agent or a person wrote by hand that the library cannot follow
 * (issue 15): title links, with the note they most likely mean, and malformed id links;
 * `fix` turns a title link into an id link when exactly one note can be meant.
 */
import { describe, expect, it } from "vitest";
import { freshMemory, sequentialIds } from "../../helpers/fresh-memory.js";
import { okOf } from "../../helpers/result-helpers.js";

async function seeded() {
  const world = await freshMemory({ generateId: sequentialIds("D") });
  const { memory } = world;
  const igor = okOf(
    await memory.capture({ title: "Igor", body: "A designer." }, { status: "active" }),
  );
  okOf(await memory.capture({ title: "Twin", body: "one" }, { status: "active" }));
  okOf(await memory.capture({ title: "twin", body: "two" }, { status: "active" }));
  const writer = okOf(
    await memory.capture(
      {
        title: "Team",
        body: "Ask [[Igor#cv|him]], see [[Twin]], [[Nobody]] and [[id__bad|a typo]].\n\n```\n[[Igor]] in code\n```",
      },
      { status: "active" },
    ),
  );
  return { ...world, igor, writer };
}

describe("doctor and hand-written links", () => {
  it("reports title links with the note they most likely mean, and malformed id links", async () => {
    const { memory, igor, writer } = await seeded();
    const report = okOf(await memory.doctor());
    const mine = report.findings.filter((finding) => finding.id === writer.id);
    expect(mine.map((finding) => finding.kind).toSorted()).toEqual([
      "malformed-id-link",
      "title-link",
      "title-link",
      "title-link",
    ]);
    const toIgor = mine.find((finding) => finding.message.startsWith("[[Igor#cv|him]]"));
    expect(toIgor?.message).toContain(igor.id);
    expect(toIgor?.fix).toContain(`[[${igor.id}|him]]`);
    expect(mine.find((f) => f.message.startsWith("[[Twin]]"))?.message).toMatch(
      /2 notes have that title/,
    );
    expect(mine.find((f) => f.message.startsWith("[[Nobody]]"))?.message).toMatch(
      /no note has that title/,
    );
    expect(mine.find((f) => f.kind === "malformed-id-link")?.message).toMatch(/id__bad/);
    expect(report.fixed).toEqual([]);
  });

  it("--fix turns only the unambiguous title link into an id link, code untouched", async () => {
    const { memory, igor, writer } = await seeded();
    const report = okOf(await memory.doctor({ fix: true }));
    expect(report.fixed).toEqual([
      { kind: "title-link", path: writer.path, before: "[[Igor#cv|him]]", id: igor.id },
    ]);
    const body = okOf(await memory.read(writer.id)).body;
    expect(body).toContain(`Ask [[${igor.id}#cv|him]], see [[Twin]], [[Nobody]]`);
    expect(body).toContain("[[Igor]] in code");
    expect(okOf(await memory.links(igor.id)).inbound.map((link) => link.id)).toEqual([writer.id]);
    expect(report.findings.filter((f) => f.kind === "title-link")).toHaveLength(2);
  });
});
