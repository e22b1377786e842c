import { describe, expect, it } from "vitest";
import { freshMemory } from "../../helpers/fresh-memory.js";
import { errOf, okOf } from "../../helpers/result-helpers.js";

describe("compare-and-swap on update", () => {
  it("applies an update whose expected version is current", async () => {
    const { memory } = await freshMemory();
    const meta = okOf(await memory.capture({ title: "Deploys", body: "one" }));
    const note = okOf(await memory.read(meta.id));
    expect(note.hash).toBe(meta.hash);
    const updated = okOf(
      await memory.update(meta.id, { body: "one\n\ntwo" }, { expectedHash: note.hash }),
    );
    expect(updated.hash).not.toBe(note.hash);
    expect(okOf(await memory.read(meta.id)).body).toBe("one\n\ntwo");
  });

  it("refuses a stale version with CONFLICT and writes nothing", async () => {
    const { memory, fs, root } = await freshMemory();
    const meta = okOf(await memory.capture({ title: "Deploys", body: "one" }));
    // A person edits the file behind the library's back, within the same mtime tick.
    await fs.promises.writeFile(`${root}/${meta.path}`, "# Deploys\n\none\n\nhuman line\n");
    const stale = await memory.update(meta.id, { body: "model" }, { expectedHash: meta.hash });
    expect(errOf(stale).code).toBe("CONFLICT");
    expect(okOf(await memory.read(meta.id)).body).toBe("one\n\nhuman line");
  });

  it("loses nothing when two writers read, then update concurrently", async () => {
    const { memory } = await freshMemory();
    const meta = okOf(await memory.capture({ title: "Log", body: "start" }));
    const writers = ["alpha", "beta", "gamma", "delta"];
    // Each writer: read, add its line, write with the version it read; on CONFLICT, retry.
    const write = async (line: string): Promise<number> => {
      for (let attempt = 1; ; attempt++) {
        const note = okOf(await memory.read(meta.id));
        const result = await memory.update(
          meta.id,
          { body: `${note.body}\n${line}` },
          { expectedHash: note.hash },
        );
        if (result.isOk()) return attempt;
        expect(result.error.code).toBe("CONFLICT");
      }
    };
    const attempts = await Promise.all(writers.map(write));
    const body = okOf(await memory.read(meta.id)).body;
    for (const line of writers) expect(body).toContain(line);
    // Concurrency really happened: some writer had to retry.
    expect(Math.max(...attempts)).toBeGreaterThan(1);
  });

  it("a plain read-then-update without a version is what loses text", async () => {
    const { memory } = await freshMemory();
    const meta = okOf(await memory.capture({ title: "Log", body: "start" }));
    const [a, b] = [okOf(await memory.read(meta.id)), okOf(await memory.read(meta.id))];
    okOf(await memory.update(meta.id, { body: `${a.body}\nalpha` }));
    okOf(await memory.update(meta.id, { body: `${b.body}\nbeta` }));
    expect(okOf(await memory.read(meta.id)).body).not.toContain("alpha");
  });
});

describe("append", () => {
  it("adds a section at the end and keeps every word of the note", async () => {
    const { memory, fs, root } = await freshMemory();
    const meta = okOf(await memory.capture({ title: "Deploys", body: "Old text.", tags: ["ops"] }));
    await fs.promises.writeFile(
      `${root}/${meta.path}`,
      "# Deploys\n\n#ops\n\nOld text.\n\nA line a person added.\n",
    );
    okOf(await memory.append(meta.id, { heading: "2026-11-23", body: "Two approvals now." }));
    const note = okOf(await memory.read(meta.id));
    expect(note.body).toBe(
      "Old text.\n\nA line a person added.\n\n## 2026-11-23\n\nTwo approvals now.",
    );
    expect(note.tags).toEqual(["ops"]);
  });

  it("is idempotent: the same section twice is added once", async () => {
    const { memory } = await freshMemory();
    const meta = okOf(await memory.capture({ title: "Deploys", body: "Old." }));
    okOf(await memory.append(meta.id, { body: "New." }));
    okOf(await memory.append(meta.id, { body: "New." }));
    expect(okOf(await memory.read(meta.id)).body).toBe("Old.\n\nNew.");
  });

  it("concurrent appends all land", async () => {
    const { memory } = await freshMemory();
    const meta = okOf(await memory.capture({ title: "Log", body: "start" }));
    const lines = Array.from({ length: 6 }, (_, i) => `entry ${i}`);
    await Promise.all(lines.map((line) => memory.append(meta.id, { body: line })));
    const body = okOf(await memory.read(meta.id)).body;
    for (const line of lines) expect(body).toContain(line);
  });

  it("refuses an empty section and a stale version", async () => {
    const { memory } = await freshMemory();
    const meta = okOf(await memory.capture({ title: "Log", body: "start" }));
    expect(errOf(await memory.append(meta.id, { body: "  " })).code).toBe("INVALID_INPUT");
    okOf(await memory.append(meta.id, { body: "more" }));
    const stale = await memory.append(meta.id, { body: "x" }, { expectedHash: meta.hash });
    expect(errOf(stale).code).toBe("CONFLICT");
  });
});
