import { describe, expect, it } from "vitest";
import { freshMemory, sequentialIds } from "../../helpers/fresh-memory.js";
import { errOf, okOf } from "../../helpers/result-helpers.js";

const read = async (fs: Awaited<ReturnType<typeof freshMemory>>["fs"], path: string) =>
  String(await fs.promises.readFile(path, "utf8"));

describe("capture", () => {
  it("writes a pure markdown file in inbox/ named by slug and id", async () => {
    const { memory, fs, root } = await freshMemory({ generateId: () => "id__Ab3xYz" });
    const meta = okOf(
      await memory.capture({
        title: "Igor — fullstack developer, design expertise",
        body: "igor works on the [[id__Kf9mNp|console app]].",
        tags: ["people", "#work"],
      }),
    );
    expect(meta.path).toBe("inbox/igor-fullstack-developer-design-expertise id__Ab3xYz.md");
    expect(meta).toMatchObject({
      id: "id__Ab3xYz",
      status: "inbox",
      tags: ["people", "work"],
      committed: false,
    });
    expect(await read(fs, `${root}/${meta.path}`)).toBe(
      "# Igor — fullstack developer, design expertise\n\n#people #work\n\nigor works on the [[id__Kf9mNp|console app]].\n",
    );
  });

  it("writes no tag line when there are no tags and honours the status", async () => {
    const { memory, fs, root } = await freshMemory({ generateId: () => "id__Ab3xYz" });
    const meta = okOf(await memory.capture({ title: "Plain", body: "text" }, { status: "active" }));
    expect(meta.path).toBe("topics/plain id__Ab3xYz.md");
    expect(await read(fs, `${root}/${meta.path}`)).toBe("# Plain\n\ntext\n");
  });

  it("refuses an injected generator's id that is not a note id, writing nothing", async () => {
    const { memory } = await freshMemory({ generateId: () => "id__Ab3" });
    const error = errOf(await memory.capture({ title: "Plain", body: "text" }));
    expect(error.code).toBe("INVALID_INPUT");
    expect(error.message).toContain('The id generator returned "id__Ab3"');
    expect(okOf(await memory.list())).toEqual([]);
  });

  it("never reuses an id used by a file anywhere or by a link target", async () => {
    const ids = ["id__AAAAAA", "id__BBBBBB", "id__CCCCCC", "id__DDDDDD"];
    const { memory, fs, root } = await freshMemory({
      generateId: () => ids.shift() ?? "id__ZZZZZZ",
    });
    await fs.promises.mkdir(`${root}/elsewhere`, { recursive: true });
    await fs.promises.writeFile(`${root}/elsewhere/old id__AAAAAA.md`, "# old\n");
    const first = okOf(await memory.capture({ title: "Links", body: "see [[id__CCCCCC|gone]]" }));
    expect(first.id).toBe("id__BBBBBB");
    const second = okOf(await memory.capture({ title: "Next", body: "x" }));
    expect(second.id).toBe("id__DDDDDD");
  });

  it.each([
    [{ title: "", body: "x" }, /title/i],
    [{ title: "   ", body: "x" }, /title/i],
    [{ title: "x".repeat(201), body: "x" }, /200/],
    [{ title: "ok", body: "nul\u0000byte" }, /NUL/i],
    [{ title: "ok", body: "x", tags: ["has space"] }, /tag/i],
  ])("refuses bad input %# and writes nothing", async (input, message) => {
    const { memory, persistence } = await freshMemory();
    const result = await memory.capture(input);
    expect(result.isErr()).toBe(true);
    expect(errOf(result).code).toBe("INVALID_INPUT");
    expect(errOf(result).message).toMatch(message);
    expect(okOf(await persistence.list())).toEqual([]);
  });

  it("refuses input of the wrong shape from untyped callers", async () => {
    const { memory } = await freshMemory();
    const input: unknown = { title: 42, body: "x" };
    const result = await memory.capture(input as { title: string; body: string });
    expect(errOf(result).code).toBe("INVALID_INPUT");
    expect(errOf(result).message).toMatch(/title/);
  });

  it("refuses an unknown status", async () => {
    const { memory } = await freshMemory();
    const status: unknown = "done";
    const result = await memory.capture({ title: "t", body: "b" }, { status: status as "inbox" });
    expect(errOf(result).message).toMatch(/inbox, active or archived/);
  });

  it("gives concurrent captures distinct files", async () => {
    const { memory } = await freshMemory({ generateId: sequentialIds() });
    const metas = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        memory.capture({ title: `note ${i}`, body: `body ${i}` }),
      ),
    );
    const ids = new Set(metas.map((result) => okOf(result).id));
    expect(ids.size).toBe(20);
    expect(okOf(await memory.list())).toHaveLength(20);
  });
});

describe("capture with a chosen id", () => {
  it("accepts a valid unused id, even one that links already point at", async () => {
    const { memory } = await freshMemory({ generateId: () => "id__AAAAAA" });
    okOf(await memory.capture({ title: "Linker", body: "[[id__Chosen|later]]" }));
    const chosen = okOf(await memory.capture({ title: "Later", body: "x" }, { id: "id__Chosen" }));
    expect(chosen.id).toBe("id__Chosen");
    expect(okOf(await memory.brokenLinks())).toEqual([]);
  });

  it("refuses an invalid id or one a file already has", async () => {
    const { memory } = await freshMemory({ generateId: () => "id__AAAAAA" });
    okOf(await memory.capture({ title: "First", body: "x" }));
    expect(
      errOf(await memory.capture({ title: "t", body: "b" }, { id: "id__AAAAAA" })).message,
    ).toMatch(/already/);
    expect(errOf(await memory.capture({ title: "t", body: "b" }, { id: "nope" })).code).toBe(
      "INVALID_INPUT",
    );
  });
});
