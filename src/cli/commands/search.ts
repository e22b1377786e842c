import { isNoteStatus } from "../../model/index.js";
import type { SearchResult } from "../../index.js";
import { MAX_SEARCH_LIMIT } from "../../index.js";
import { failureFrom, usageFailure } from "../framework/cli-failure.js";
import { COMMON_OPTIONS, defineCommand } from "../framework/command.js";
import { EXIT } from "../framework/exit-codes.js";
import { openMemory } from "../framework/open-memory.js";

/** `memory search <query>`: ranked notes, best first, each with a snippet. */
export const searchCommand = defineCommand({
  name: "search",
  summary: "Search the notes: ranked results with a snippet each.",
  usage: "<query...> [--limit N] [--status STATUS] [options]",
  description:
    "Ranks the notes for the words after search (quoted or not): title and tags weigh more than the\n" +
    "body, and notes the best hits link to are lifted. One line per result (score, id, title) with\n" +
    "the snippet indented under it. Changes nothing.",
  options: {
    ...COMMON_OPTIONS,
    limit: { type: "string" },
    status: { type: "string" },
  },
  optionHelp: [
    ["--limit N", "At most N results, 1 to 100 (default 10), e.g. --limit 5."],
    ["--status STATUS", "Only notes in this state: inbox, active or archived."],
  ],
  positionals: { min: 1, max: undefined },
  examples: [
    "memory search igor designer",
    'memory search "console app" --limit 3 --status active --json',
  ],
  async run({ values, positionals, out, io }) {
    const { status } = values;
    if (status !== undefined && !isNoteStatus(status)) {
      return out.fail(
        usageFailure(`unknown status "${status}": use inbox, active or archived`, "search"),
      );
    }
    const limit = values.limit === undefined ? undefined : values.limit.trim();
    if (
      limit !== undefined &&
      !(/^\d+$/.test(limit) && Number(limit) >= 1 && Number(limit) <= MAX_SEARCH_LIMIT)
    ) {
      return out.fail(
        usageFailure(`--limit takes a whole number from 1 to ${MAX_SEARCH_LIMIT}`, "search"),
      );
    }
    const opened = await openMemory(values.root, io);
    if (opened.isErr()) return out.fail(opened.error);
    const query = positionals.join(" ");
    const found = await opened.value.memory.search(query, {
      ...(limit === undefined ? {} : { limit: Number(limit) }),
      ...(status === undefined ? {} : { status }),
    });
    if (found.isErr()) return out.fail(failureFrom(found.error));
    out.print(found.value, () =>
      found.value.length === 0
        ? `No notes match ${JSON.stringify(query)}.`
        : found.value.map(resultLines).join("\n"),
    );
    return EXIT.ok;
  },
});

/** `score  id  title`, then the snippet indented (nothing when the body is empty). */
function resultLines(result: SearchResult): string {
  const head = `${result.score.toFixed(2).padStart(6)}  ${result.id}  ${result.title}`;
  const snippet = result.snippet.replaceAll(/\s+/g, " ").trim();
  return snippet === "" ? head : `${head}\n        ${snippet}`;
}
