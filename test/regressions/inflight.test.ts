import { okAsync, ResultAsync } from "neverthrow";
import { expect, it } from "vitest";
import { inMemoryPorts } from "../../src/adapters/in-memory/in-memory.js";
import { createMemory } from "../../src/memory.js";
import type { Persistence } from "../../src/ports/persistence.js";
import { okOf } from "../helpers/result-helpers.js";

it("a mutation under the lock must not reuse a refresh started before the lock was taken", async () => {
  const { persistence } = okOf(await inMemoryPorts());
  // Process B's port onto the same files, with a slow listing of archive/ (the last folder the
  // store lists): B's refresh lists inbox/ and topics/ at once, then waits.
  let gate: Promise<void> | undefined;
  const slow: Persistence = {
    ...persistence,
    list: (dir) =>
      persistence
        .list(dir)
        .andThen((files) =>
          gate === undefined || dir !== "archive"
            ? okAsync(files)
            : ResultAsync.fromSafePromise(gate.then(() => files)),
        ),
  };
  const a = createMemory({ persistence }); // process A
  const b = createMemory({ persistence: slow }); // process B (a host serving requests)
  const note = okOf(await a.capture({ title: "Old title", body: "first" }, { status: "active" }));
  okOf(await b.list());

  const opener: { open?: () => void } = {};
  gate = new Promise<void>((resolve) => {
    opener.open = resolve;
  });
  const query = b.links(note.id); // B: a read starts a refresh; topics/ is listed now
  okOf(await a.rename(note.id, "New title")); // A: takes the lock, renames, releases
  const update = b.update(note.id, { body: "second" }); // B: takes the lock, reuses the old refresh
  await new Promise((resolve) => setTimeout(resolve, 50));
  gate = undefined;
  opener.open?.();
  await query;
  await update;
  const files = okOf(await persistence.list("topics")).map((file) => file.path);
  expect(files).toEqual([`topics/new-title ${note.id}.md`]);
  // Actual: ["topics/new-title <id>.md", "topics/old-title <id>.md"] and update() returns DUPLICATE_ID:
  // B wrote its update to the path its stale snapshot knew.
});
