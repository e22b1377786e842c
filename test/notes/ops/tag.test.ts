/**
 * Issue 33: `memory.tag(id, { add, remove })` changes a note's tag line (a compare-and-swap,
 * one write, one commit) and refuses bad tags with nothing written.
 */
import * as git from "isomorphic-git";
import { describe, expect, it } from "vitest";
import { freshMemory } from "../../helpers/fresh-memory.js";
import { errOf, okOf } from "../../helpers/result-helpers.js";

const ID = "id__Ab3xYz";

async function tagged(body = "Igor designs. #inline") {
  const fresh = await freshMemory({ generateId: () => ID });
  const meta = okOf(
    await fresh.memory.capture(
      { title: "Igor", body, tags: ["people", "draft"] },
      { commit: "memory: capture" },
    ),
  );
  const file = `${fresh.root}/${meta.path}`;
  const text = async () => String(await fresh.fs.promises.readFile(file, "utf8"));
  return { ...fresh, meta, text };
}

describe("tag", () => {
  it("adds and removes on the tag line only, keeping title and body, in one commit", async () => {
    const { memory, fs, root, meta, text } = await tagged();
    const result = okOf(
      await memory.tag(
        meta.id,
        { add: ["#work", "People"], remove: ["draft"] },
        { commit: "memory: tag" },
      ),
    );
    expect(result).toMatchObject({ added: ["work"], removed: ["draft"], changed: true });
    expect(result.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(await text()).toBe("# Igor\n\n#people #work\n\nIgor designs. #inline\n");
    expect(okOf(await memory.read(meta.id)).tags).toEqual(["people", "work", "inline"]);
    const log = await git.log({ fs, dir: root });
    expect(log.map((entry) => entry.commit.message.trim())).toEqual([
      "memory: tag",
      "memory: capture",
    ]);
  });

  it("writes nothing when the note already has what is asked", async () => {
    const { memory, meta, text } = await tagged();
    const before = await text();
    const result = okOf(
      await memory.tag(
        meta.id,
        { add: ["inline", "PEOPLE"], remove: ["absent"] },
        { commit: "memory: tag" },
      ),
    );
    expect(result).toMatchObject({ changed: false, added: [], removed: [], commit: null });
    expect(await text()).toBe(before);
  });

  it("refuses bad tags, no tag, a tag both added and removed, and a tag written in the text", async () => {
    const { memory, meta, text } = await tagged();
    const before = await text();
    const cases = [
      { change: { add: ["two words"] }, message: /whitespace/ },
      { change: { add: ["123"] }, message: /all digits/ },
      { change: { remove: ["ff0000"] }, message: /hex colour/ },
      { change: {}, message: /needs a tag/ },
      { change: { add: ["x"], remove: ["X"] }, message: /both added and removed/ },
      { change: { remove: ["inline"] }, message: /written in the note's text/ },
    ];
    for (const { change, message } of cases) {
      const error = errOf(await memory.tag(meta.id, change));
      expect(error.code).toBe("INVALID_INPUT");
      expect(error.message).toMatch(message);
    }
    expect(errOf(await memory.tag("id__Nope00", { add: ["x"] })).code).toBe("NOT_FOUND");
    expect(await text()).toBe(before);
  });

  it("is a compare-and-swap: a note changed since it was read is left alone (CONFLICT)", async () => {
    const { memory, meta, text } = await tagged();
    const stale = meta.hash;
    okOf(await memory.update(meta.id, { body: "Someone else wrote this." }));
    const after = await text();
    const error = errOf(await memory.tag(meta.id, { add: ["work"] }, { expectedHash: stale }));
    expect(error.code).toBe("CONFLICT");
    expect(await text()).toBe(after);
    const fresh = okOf(await memory.read(meta.id));
    okOf(await memory.tag(meta.id, { add: ["work"] }, { expectedHash: fresh.hash }));
    expect(await text()).toContain("#people #draft #work");
  });
});
