/**
 * The lists of README.md and docs/cli.md that the code already holds, generated from it: the
 * command table (the command registry), the commands the daemon answers (the registry's
 * read-only, served commands), the MCP tools (the server's default tool set), the transcript
 * formats the `jsonl` reader detects (its registry) and the folders the CLI reads transcripts
 * from (`sessionRoots`, with the home folder and the harnesses' variables left as names).
 * `npm run docs:lists` writes them between their markers; the docs test fails when a page
 * differs, as the layer table of docs/architecture.md does.
 */
import { COMMANDS } from "../../src/cli/commands/index.js";
import { SERVED_COMMANDS } from "../../src/cli/daemon/daemon-protocol.js";
import { MCP_TOOLS } from "../../src/mcp/tool-sets.js";
import { TRANSCRIPT_FORMATS } from "../../src/adapters/session-readers/formats/detect-format.js";
import { sessionRoots } from "../../src/cli/framework/cli-session-readers.js";
import {
  ACK_MS,
  ANSWER_CEILING_MS,
  ANSWER_FLOOR_MS,
  ANSWER_PER_OPEN,
} from "../../src/cli/daemon/daemon-client.js";

/** One generated list: which page, its name in the markers, and its text. */
export interface DocList {
  readonly page: string;
  readonly name: string;
  render(page: string): string;
}

/** `a`, `b` and `c`, each in backticks (or, `plain`, a, b and c). */
function spoken(names: readonly string[], plain = false): string {
  const quoted = names.map((name) => (plain ? name : `\`${name}\``));
  return quoted.length <= 1
    ? quoted.join("")
    : `${quoted.slice(0, -1).join(", ")} and ${quoted.at(-1) ?? ""}`;
}

function commandTable(page: string): string {
  const rows = COMMANDS.map((command) => {
    // A command without a section of its own is listed without a link (none to follow).
    const named = page.includes(`\n### ${command.name}\n`)
      ? `[${command.name}](#${command.name})`
      : command.name;
    return `| ${named} | ${command.summary.replaceAll("|", "\\|")} |`;
  });
  return ["", "| command | what it does |", "| --- | --- |", ...rows, ""].join("\n");
}

const servedInOrder = (): string[] =>
  COMMANDS.map((command) => command.name).filter((name) => SERVED_COMMANDS.has(name));

/** The CLI's transcript folders, spelled with `~` and the variables that move them. */
function transcriptFolders(): string {
  const roots = sessionRoots({
    env: { HOME: "~", CLAUDE_CONFIG_DIR: "$CLAUDE_CONFIG_DIR", CODEX_HOME: "$CODEX_HOME" },
    cwd: "/",
  });
  return spoken(roots);
}

const seconds = (ms: number): string => `${ms / 1000} s`;

/** How long a call waits for the daemon's acknowledgement (daemon-client.ts). */
const ackDeadline = (): string => seconds(ACK_MS);

/** How long a call waits for the daemon's answer (daemon-client.ts's timeoutsFor). */
const answerDeadline = (): string =>
  `${seconds(ANSWER_FLOOR_MS)} plus ${ANSWER_PER_OPEN} times the daemon's own cold open, ` +
  `at most ${seconds(ANSWER_CEILING_MS)}`;

/** Every generated list, by page. */
export const DOC_LISTS: readonly DocList[] = [
  { page: "docs/cli.md", name: "command table", render: commandTable },
  { page: "docs/cli.md", name: "daemon commands", render: () => spoken(servedInOrder()) },
  { page: "README.md", name: "daemon commands", render: () => spoken(servedInOrder()) },
  { page: "docs/cli.md", name: "transcript folders", render: transcriptFolders },
  { page: "docs/architecture.md", name: "transcript folders", render: transcriptFolders },
  {
    page: "docs/architecture.md",
    name: "transcript formats",
    render: () =>
      spoken(
        TRANSCRIPT_FORMATS.map((format) => format.name),
        true,
      ),
  },
  { page: "docs/cli.md", name: "daemon acknowledgement deadline", render: ackDeadline },
  { page: "docs/cli.md", name: "daemon answer deadline", render: answerDeadline },
  { page: "docs/architecture.md", name: "daemon acknowledgement deadline", render: ackDeadline },
  { page: "docs/architecture.md", name: "daemon answer deadline", render: answerDeadline },
  {
    page: "README.md",
    name: "MCP tools",
    render: () => spoken(MCP_TOOLS.map((tool) => tool.name)),
  },
];

/** The markers around a generated list. */
export function markersOf(name: string): { start: string; end: string } {
  return {
    start: `<!-- generated: ${name} (npm run docs:lists) -->`,
    end: `<!-- end of generated ${name} -->`,
  };
}

/**
 * `text` (the page) with every list of `page` regenerated, or the names of the lists whose
 * markers are missing.
 */
export function spliceDocLists(
  page: string,
  text: string,
): { text: string; missing: readonly string[] } {
  const missing: string[] = [];
  let out = text;
  for (const list of DOC_LISTS.filter((candidate) => candidate.page === page)) {
    const { start, end } = markersOf(list.name);
    const from = out.indexOf(start);
    const to = out.indexOf(end);
    if (from === -1 || to === -1 || to < from) {
      missing.push(list.name);
      continue;
    }
    out = out.slice(0, from + start.length) + list.render(out) + out.slice(to);
  }
  return { text: out, missing };
}

/** The pages that carry generated lists. */
export const DOC_LIST_PAGES: readonly string[] = [...new Set(DOC_LISTS.map((list) => list.page))];
