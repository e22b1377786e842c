/**
 * Checking what callers (agents, the CLI, people) hand to the session log, and reading the
 * parts from markdown for `memory log` fed on stdin.
 */
import { type } from "arktype";
import { err, ok, type Result } from "neverthrow";
import { InvalidInputError } from "../../errors.js";
import {
  PART_HEADING,
  SESSION_HEADER,
  trimBlankLines,
  type SessionParts,
} from "../../model/records/session-markdown.js";

/** Longest what/why/how accepted: a session note, not a transcript. */
export const MAX_PART_LENGTH = 20_000;
/** Longest pickup line. */
export const MAX_NEXT_LENGTH = 1_000;

/**
 * An agent number as a number or as the digits a CLI flag carries; default 0.
 *
 * @example
 * ```ts
 * const agent: AgentNumber = "3";
 * ```
 */
export type AgentNumber = number | string;

const agentSchema = type("0 <= number.integer <= 999999 | /^[0-9]{1,6}$/");

const partsSchema = type({
  what: "string",
  why: "string",
  how: "string",
  next: "string",
});

/**
 * The agent number, checked: a whole number from 0 to 999999 (or its digits).
 *
 * @example
 * ```ts
 * parseAgent("2"); // Ok(2)
 * parseAgent(-1); // Err(InvalidInputError)
 * ```
 */
export function parseAgent(agent: unknown): Result<number, InvalidInputError> {
  if (agent === undefined) return ok(0);
  const checked = agentSchema(agent);
  if (checked instanceof type.errors) {
    return err(
      new InvalidInputError(`Invalid agent: ${checked.summary}; use a whole number such as 0.`),
    );
  }
  return ok(Number(checked));
}

/**
 * The parts of a session, checked and normalised: line endings become `\n`, blank lines
 * at the ends go, `next` becomes one line. A part may not contain this format's own
 * headings (`## session K (...)`, `### what|why|how`), which would split it on reading.
 *
 * @example
 * ```ts
 * checkParts({ what: "ran tests\r\n", why: "red CI", how: "npm test", next: "fix\nflaky test" });
 * // Ok({ what: "ran tests", ..., next: "fix flaky test" })
 * ```
 */
export function checkParts(input: unknown): Result<SessionParts, InvalidInputError> {
  const checked = partsSchema(input);
  if (checked instanceof type.errors) {
    return err(new InvalidInputError(`Invalid session: ${checked.summary}`));
  }
  const parts = {
    what: normalise(checked.what),
    why: normalise(checked.why),
    how: normalise(checked.how),
    next: checked.next.replaceAll(/\s+/g, " ").trim(),
  };
  for (const [name, value] of Object.entries(parts)) {
    const problem = partProblem(name, value);
    if (problem !== undefined) return err(new InvalidInputError(`Invalid session: ${problem}.`));
  }
  return ok(parts);
}

/**
 * The parts of a session written as markdown: headings `what`, `why`, `how` (any level)
 * and a `- next: ...` line or a `next` heading. What the CLI reads from stdin.
 *
 * @example
 * ```ts
 * partsFromMarkdown("## what\nran tests\n## why\nred CI\n## how\nnpm test\n- next: fix it");
 * ```
 */
export function partsFromMarkdown(markdown: string): Result<SessionParts, InvalidInputError> {
  const found: Record<string, string[]> = {};
  let current: string[] | undefined;
  for (const line of markdown.replaceAll("\r\n", "\n").split("\n")) {
    const heading = /^#{1,6}\s+(what|why|how|next)\s*$/i.exec(line);
    const next = /^[-*]\s+next:\s*(.*)$/i.exec(line);
    if (heading !== null) {
      current = [];
      found[(heading[1] ?? "").toLowerCase()] = current;
    } else if (next !== null) {
      found["next"] = [next[1] ?? ""];
      current = undefined;
    } else {
      current?.push(line);
    }
  }
  const missing = ["what", "why", "how", "next"].filter((name) => found[name] === undefined);
  if (missing.length > 0) {
    return err(
      new InvalidInputError(
        `The session markdown lacks ${missing.join(", ")}: write "### what", "### why", "### how" sections and a "- next: ..." line.`,
      ),
    );
  }
  const text = (name: string): string => (found[name] ?? []).join("\n");
  return checkParts({ what: text("what"), why: text("why"), how: text("how"), next: text("next") });
}

function normalise(text: string): string {
  return trimBlankLines(text.replaceAll("\r\n", "\n").split("\n")).join("\n");
}

function partProblem(name: string, value: string): string | undefined {
  if (value.trim() === "") return `${name} is empty; every session says what, why, how and next`;
  const limit = name === "next" ? MAX_NEXT_LENGTH : MAX_PART_LENGTH;
  if (value.length > limit) return `${name} has ${value.length} characters; the limit is ${limit}`;
  if (value.includes("\0")) return `${name} contains a NUL character`;
  const clash = value
    .split("\n")
    .find((line) => SESSION_HEADER.test(line) || PART_HEADING.test(line));
  if (clash !== undefined) {
    return `${name} contains the line "${clash}", a heading of the session format; indent it or change its level`;
  }
  return undefined;
}
