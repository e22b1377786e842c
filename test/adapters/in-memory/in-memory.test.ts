import { describe, expect, it } from "vitest";
import { inMemoryPorts } from "../../../src/adapters/in-memory/in-memory.js";
import { okOf } from "../../helpers/result-helpers.js";

describe("inMemoryPorts", () => {
  it("runs a memory in RAM: repository on branch main at /memory, both ports wired", async () => {
    const { fs, root, persistence, git } = okOf(
      await inMemoryPorts({ now: () => 1_700_000_000_000 }),
    );
    expect(root).toBe("/memory");
    expect(await fs.promises.readFile("/memory/.git/HEAD", "utf8")).toBe("ref: refs/heads/main\n");
    expect(okOf(await git.timestamps()).size).toBe(0);
    await persistence.write("topics/a id__AAAAAA.md", "# A\n");
    expect(okOf(await persistence.list()).map((f) => f.path)).toEqual(["topics/a id__AAAAAA.md"]);
    expect(okOf(await git.commit("first"))).toMatch(/^[0-9a-f]{40}$/);
    expect(okOf(await git.timestamps()).get("id__AAAAAA")).toEqual({
      createdAt: 1_700_000_000_000,
      updatedAt: 1_700_000_000_000,
    });
  });

  it("gives every call a fresh volume and honours root and author", async () => {
    const a = okOf(
      await inMemoryPorts({ root: "/elsewhere/mem", author: { name: "Ada", email: "ada@x" } }),
    );
    const b = okOf(await inMemoryPorts());
    await a.persistence.write("x.md", "x");
    expect(okOf(await b.persistence.list())).toEqual([]);
    expect(a.root).toBe("/elsewhere/mem");
    expect((await a.git.commit("by ada")).isOk()).toBe(true);
  });
});
