import type { SessionParts } from "../../model/index.js";
import { failureFrom, usageFailure } from "../framework/cli-failure.js";
import { COMMON_OPTIONS, defineCommand } from "../framework/command.js";
import { EXIT } from "../framework/exit-codes.js";
import { openMemory } from "../framework/open-memory.js";
import { parseAgentOption } from "../framework/agent-option.js";

const PARTS = ["what", "why", "how", "next"] as const;

/** `memory log`: appends a session (what, why, how, next) to the agent's log of the day. */
export const logCommand = defineCommand({
  name: "log",
  usage: "[--agent N] (--what TEXT --why TEXT --how TEXT --next TEXT | < session.md) [options]",
  description:
    "Appends `## session K (HH:MM UTC)` to sessions/YYYY/MM/DD/agentN.md (UTC day), at the end of a\n" +
    "session. Give all four parts as options, or none and pipe markdown with ### what, ### why and\n" +
    "### how sections and a `- next: ...` line. The next line is what `memory pickup` shows the agent\n" +
    "that resumes. Not committed: the consolidation that consumes the session commits it.",
  options: {
    ...COMMON_OPTIONS,
    agent: { type: "string" },
    what: { type: "string" },
    why: { type: "string" },
    how: { type: "string" },
    next: { type: "string" },
  },
  optionHelp: [
    ["--agent N", "Which agent's log: 0 (default) is the main agent, 1, 2, ... its helpers."],
    ["--what TEXT", 'What was done, e.g. --what "migrated the users table".'],
    ["--why TEXT", 'Why, e.g. --why "the v2 schema needs it".'],
    ["--how TEXT", 'How, e.g. --how "npm run migrate, then checked the row counts".'],
    ["--next TEXT", 'One line for whoever resumes, e.g. --next "drop the old table".'],
  ],
  positionals: { min: 0, max: 0 },
  examples: [
    'memory log --what "migrated the db" --why "v2 schema" --how "npm run migrate" --next "drop old table"',
    "memory log --agent 1 < session.md",
  ],
  async run({ values, out, io }) {
    const agent = parseAgentOption(values.agent);
    if (agent === undefined) {
      return out.fail(usageFailure("--agent takes a whole number such as 0 or 1", "log"));
    }
    const given = PARTS.filter((part) => values[part] !== undefined);
    let parts: SessionParts;
    if (given.length === PARTS.length) {
      parts = {
        what: values.what ?? "",
        why: values.why ?? "",
        how: values.how ?? "",
        next: values.next ?? "",
      };
    } else if (given.length > 0) {
      const missing = PARTS.filter((part) => values[part] === undefined).map((p) => `--${p}`);
      return out.fail(
        usageFailure(
          `missing ${missing.join(", ")}: give all four of --what, --why, --how and --next, or none and pipe the session as markdown`,
          "log",
        ),
      );
    } else {
      const markdown = await io.readStdin();
      if (markdown === undefined || markdown.trim() === "") {
        return out.fail(
          usageFailure(
            "no session given: pass --what, --why, --how and --next, or pipe markdown (### what, ### why, ### how, - next: ...)",
            "log",
          ),
        );
      }
      // Loaded here, not at startup: it brings arktype, which `--help` never needs.
      const { partsFromMarkdown } = await import("../../lifecycle/index.js");
      const parsed = partsFromMarkdown(markdown);
      if (parsed.isErr()) return out.fail(failureFrom(parsed.error));
      parts = parsed.value;
    }
    const opened = await openMemory(values.root, io);
    if (opened.isErr()) return out.fail(opened.error);
    const appended = await opened.value.memory.sessionLog.append({ agent, ...parts });
    if (appended.isErr()) return out.fail(failureFrom(appended.error));
    const { path, session, time } = appended.value;
    out.print(appended.value, () => `Logged session ${session} (${time} UTC) in ${path}`);
    return EXIT.ok;
  },
});
