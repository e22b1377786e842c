import { isNoteStatus, isValidTagName } from "../../model/index.js";
import type { SearchResult } from "../../index.js";
import { MAX_SEARCH_LIMIT } from "../../notes-entry.js";
import { failureFrom, usageFailure } from "../framework/cli-failure.js";
import { COMMON_OPTIONS, defineCommand } from "../framework/command.js";
import { EXIT } from "../framework/exit-codes.js";
import { openNotes } from "../framework/open-memory.js";

/** `memory search <query>`: ranked notes, best first, each with a snippet. */
export const searchCommand = defineCommand({
  name: "search",
  usage: "<query...> [--k N] [--status STATUS] [--tag TAG] [options]",
  description:
    "Ranks the notes for the words after search (quoted or not): stemmed words, tags weigh more,\n" +
    "and notes the best hits link to are lifted. One line per result (score, id, title, and\n" +
    "[archived] for an archived note) with the snippet indented under it. A superseded note comes\n" +
    'below the note replacing it, marked [superseded by ID "title"] (--json: supersededBy).\n' +
    "--json results carry the score parts (lexical, graph, vector). Changes nothing.",
  options: {
    ...COMMON_OPTIONS,
    k: { type: "string" },
    limit: { type: "string" },
    status: { type: "string" },
    tag: { type: "string" },
  },
  optionHelp: [
    ["--k N", "At most N results, 1 to 100 (default 10), e.g. --k 5. --limit N is the same."],
    ["--status STATUS", "Only notes in this state: inbox, active or archived."],
    ["--tag TAG", "Only notes with this tag or one nested under it, e.g. --tag project."],
  ],
  positionals: { min: 1, max: undefined },
  examples: [
    "memory search igor designer",
    'memory search "console app" --k 3 --status active --json',
    "memory search deploy --tag infra",
  ],
  async run({ values, positionals, out, io }) {
    const { status } = values;
    if (status !== undefined && !isNoteStatus(status)) {
      return out.fail(
        usageFailure(`unknown status "${status}": use inbox, active or archived`, "search"),
      );
    }
    if (values.k !== undefined && values.limit !== undefined) {
      return out.fail(usageFailure("--k and --limit are the same option: pass one", "search"));
    }
    const flag = values.k === undefined ? "--limit" : "--k";
    const limit = (values.k ?? values.limit)?.trim();
    if (
      limit !== undefined &&
      !(/^\d+$/.test(limit) && Number(limit) >= 1 && Number(limit) <= MAX_SEARCH_LIMIT)
    ) {
      return out.fail(
        usageFailure(`${flag} takes a whole number from 1 to ${MAX_SEARCH_LIMIT}`, "search"),
      );
    }
    const tag = values.tag?.trim().replace(/^#/, "");
    if (tag !== undefined && !isValidTagName(tag)) {
      return out.fail(
        usageFailure(
          `"${values.tag ?? ""}" is not a tag name (letters, digits, _, - or /)`,
          "search",
        ),
      );
    }
    const opened = await openNotes(values.root, io);
    if (opened.isErr()) return out.fail(opened.error);
    const query = positionals.join(" ");
    const found = await opened.value.memory.search(query, {
      ...(limit === undefined ? {} : { limit: Number(limit) }),
      ...(status === undefined ? {} : { status }),
      ...(tag === undefined ? {} : { tag }),
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

/**
 * `score  id  title`, `[archived]` after an archived note's title, then the snippet indented
 * (nothing when the body is empty). A fused (hybrid) score is a small fraction: shown with
 * four decimals so the order stays readable.
 */
function resultLines(result: SearchResult): string {
  const score = result.scores.vector === null ? result.score.toFixed(2) : result.score.toFixed(4);
  const archived = result.status === "archived" ? "  [archived]" : "";
  const by = result.supersededBy;
  const superseded =
    by === undefined
      ? ""
      : `  [superseded by ${by.id}${by.title === null ? "" : ` ${JSON.stringify(by.title)}`}]`;
  const head = `${score.padStart(6)}  ${result.id}  ${result.title}${archived}${superseded}`;
  const snippet = result.snippet.replaceAll(/\s+/g, " ").trim();
  return snippet === "" ? head : `${head}\n        ${snippet}`;
}
