import { describe, expect, it } from "vitest";
import { freshMemory } from "../helpers/fresh-memory.js";
import { okOf } from "../helpers/result-helpers.js";

describe("an edit behind the library's back in the same mtime tick, keeping the size", () => {
  it("is seen: a file read within the racy window is re-read until it is old enough", async () => {
    const { memory, fs, root } = await freshMemory();
    await fs.promises.mkdir(`${root}/topics`, { recursive: true });
    const path = `${root}/topics/note id__Racy00.md`;
    let seen = 0;
    for (let i = 0; i < 50; i++) {
      const body = `version ${String(i).padStart(3, "0")}`;
      await fs.promises.writeFile(path, `# Note\n\n${body}\n`);
      if (okOf(await memory.read("id__Racy00")).body === body) seen++;
    }
    expect(seen).toBe(50);
  });
});
