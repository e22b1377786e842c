import { expect, it } from "vitest";
import { freshMemory } from "../helpers/fresh-memory.js";
import { okOf } from "../helpers/result-helpers.js";

it("capture never hands out an id that index.md already links to", async () => {
  const ids = ["id__Gone00", "id__Fresh0"];
  const { memory, fs, root } = await freshMemory({ generateId: () => ids.shift() ?? "id__ZZZZZZ" });
  await fs.promises.writeFile(
    `${root}/index.md`,
    "# Index\n\n## Hot\n\n- [[id__Gone00|the plan, to write]]\n",
  );
  const note = okOf(await memory.capture({ title: "Unrelated", body: "x" }));
  expect(note.id).toBe("id__Fresh0"); // got id__Gone00: the index's broken link now resolves to this note
});
