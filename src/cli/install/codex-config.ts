/**
 * The memory's entries in Codex's `config.toml`: the `notify` program (a root key, so it goes
 * before the first table) and an `[mcp_servers.memory]` table. The file is edited as text, line
 * by line, so the user's comments and layout stay; an existing `notify` of someone else's is
 * never replaced (Codex runs one notify program), only reported. Shapes from openai/codex
 * docs/config.md; fixture in test/fixtures/hooks/codex/config.toml.
 *
 * @module
 */

/** What the edit did. */
export interface CodexConfigEdit {
  readonly text: string;
  /** A notify program the user already had, left in place (ours is then not installed). */
  readonly keptNotify: string | undefined;
}

const tomlString = (value: string): string => JSON.stringify(value);
const tomlArray = (values: readonly string[]): string => `[${values.map(tomlString).join(", ")}]`;

/**
 * `text` with our notify line and MCP table. Idempotent: a second run changes nothing.
 *
 * @example
 * ```ts
 * withCodexMemory("", { notify: ["memory", "hook", "codex", "notify"], mcp: { command: "memory", args: ["mcp"] } });
 * ```
 */
export function withCodexMemory(
  text: string,
  entries: { notify: readonly string[]; mcp: { command: string; args: readonly string[] } },
): CodexConfigEdit {
  const lines = text === "" ? [] : text.replace(/\n$/, "").split("\n");
  const firstTable = lines.findIndex((line) => /^\s*\[/.test(line));
  const rootEnd = firstTable === -1 ? lines.length : firstTable;
  const notifyLine = `notify = ${tomlArray(entries.notify)}`;
  const notifyAt = lines.slice(0, rootEnd).findIndex((line) => /^\s*notify\s*=/.test(line));
  let keptNotify: string | undefined;
  if (notifyAt === -1) {
    // Before the first table, after the root keys: a root key below a table header would belong to the table.
    let at = rootEnd;
    while (at > 0 && (lines[at - 1] ?? "").trim() === "") at--;
    lines.splice(at, 0, notifyLine);
  } else if (lines[notifyAt]?.includes(" hook codex notify") === true) {
    lines[notifyAt] = notifyLine;
  } else {
    keptNotify = lines[notifyAt]?.trim();
  }
  const table = lines.findIndex((line) => /^\s*\[mcp_servers\.memory\]\s*$/.test(line));
  const body = [
    `command = ${tomlString(entries.mcp.command)}`,
    `args = ${tomlArray(entries.mcp.args)}`,
  ];
  if (table === -1) {
    while (lines.length > 0 && (lines.at(-1) ?? "").trim() === "") lines.pop();
    lines.push("", "[mcp_servers.memory]", ...body);
  } else {
    let end = table + 1;
    while (end < lines.length && !/^\s*\[/.test(lines[end] ?? "")) end++;
    const kept = lines
      .slice(table + 1, end)
      .filter((line) => !/^\s*(command|args)\s*=/.test(line) && line.trim() !== "");
    lines.splice(table + 1, end - table - 1, ...body, ...kept, ...(end < lines.length ? [""] : []));
  }
  return { text: `${lines.join("\n")}\n`, keptNotify };
}
