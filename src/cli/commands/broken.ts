import { failureFrom } from "../framework/cli-failure.js";
import { COMMON_OPTIONS, defineCommand } from "../framework/command.js";
import { EXIT } from "../framework/exit-codes.js";
import { openNotes } from "../framework/open-memory.js";
import { ID_PLACEHOLDER } from "../../model/index.js";

/** `memory broken`: links whose target exists nowhere. */
export const brokenCommand = defineCommand({
  name: "broken",
  usage: "[options]",
  description:
    `Lists every [[${ID_PLACEHOLDER}]] link whose target no note carries, with the note that holds it.\n` +
    "Fix one by pointing the link at the right id, or by removing it. A link to a note merged\n" +
    "into another says where it leads; `memory doctor --fix` repoints such links.",
  options: COMMON_OPTIONS,
  optionHelp: [],
  positionals: { min: 0, max: 0 },
  examples: ["memory broken", "memory broken --json"],
  async run({ values, out, io }) {
    const opened = await openNotes(values.root, io);
    if (opened.isErr()) return out.fail(opened.error);
    const { memory } = opened.value;
    const broken = await memory.brokenLinks();
    if (broken.isErr()) return out.fail(failureFrom(broken.error));
    const listed = await memory.list();
    if (listed.isErr()) return out.fail(failureFrom(listed.error));
    const byId = new Map(listed.value.map((meta) => [meta.id, meta]));
    const rows = broken.value.map(({ sourceId, targetId, mergedInto }) => ({
      sourceId,
      sourceTitle: byId.get(sourceId)?.title ?? null,
      sourcePath: byId.get(sourceId)?.path ?? null,
      targetId,
      mergedInto: mergedInto ?? null,
    }));
    out.print(rows, () =>
      rows.length === 0
        ? "No broken links."
        : rows
            .map(
              (row) =>
                `${row.sourceId}  ${row.sourceTitle ?? row.sourceId}  ->  ${row.targetId} ${
                  row.mergedInto === null
                    ? "(no such note)"
                    : `(merged into ${row.mergedInto}; memory doctor --fix repoints it)`
                }`,
            )
            .join("\n"),
    );
    return EXIT.ok;
  },
});
