/**
 * The memory's entries in Claude Code's files, merged without touching anything else:
 * hook groups in settings.json (`hooks.<Event>[{matcher?, hooks:[{type, command, timeout}]}]`)
 * and the MCP server in `.mcp.json` or `~/.claude.json` (`mcpServers.<name>`). Shapes from
 * the Claude Code docs; fixtures in test/fixtures/hooks/claude-code/.
 *
 * @module
 */

/** A JSON object as parsed. */
export type JsonObject = { [key: string]: unknown };

/** The Claude Code events the memory hooks into, with the `memory hook` event and matcher. */
export const CLAUDE_CODE_HOOKS = [
  { event: "SessionStart", hook: "session-start", matcher: "startup|resume|clear|compact" },
  { event: "PreCompact", hook: "pre-compact", matcher: undefined },
  { event: "SessionEnd", hook: "session-end", matcher: undefined },
] as const;

/** Seconds Claude Code waits for a memory hook (SessionEnd's default is 1.5 s, too short for node). */
export const HOOK_TIMEOUT_SECONDS = 30;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Whether a hook command is one of ours for `hook` (`... hook claude-code <hook> ...`). */
const isOurs = (command: unknown, hook: string): boolean =>
  typeof command === "string" && command.includes(` hook claude-code ${hook}`);

/**
 * `settings` with one memory hook group per event: an existing group of ours is replaced in
 * place (so a changed root or command updates it), everything else is kept as it was.
 *
 * @example
 * ```ts
 * withMemoryHooks({ model: "sonnet" }, (hook) => `memory hook claude-code ${hook} --root /notes`);
 * ```
 */
export function withMemoryHooks(
  settings: JsonObject,
  command: (hook: string) => string,
): JsonObject {
  const hooks: JsonObject = isObject(settings["hooks"]) ? { ...settings["hooks"] } : {};
  for (const { event, hook, matcher } of CLAUDE_CODE_HOOKS) {
    const group = {
      ...(matcher === undefined ? {} : { matcher }),
      hooks: [{ type: "command", command: command(hook), timeout: HOOK_TIMEOUT_SECONDS }],
    };
    const groups = Array.isArray(hooks[event]) ? [...(hooks[event] as unknown[])] : [];
    const ours = groups.findIndex(
      (candidate) =>
        isObject(candidate) &&
        Array.isArray(candidate["hooks"]) &&
        candidate["hooks"].some((entry) => isObject(entry) && isOurs(entry["command"], hook)),
    );
    if (ours === -1) groups.push(group);
    else groups[ours] = group;
    hooks[event] = groups;
  }
  return { ...settings, hooks };
}

/**
 * `config` with `mcpServers.<name>` set to the stdio server (other servers kept).
 *
 * @example
 * ```ts
 * withMcpServer({}, "memory", { type: "stdio", command: "memory", args: ["mcp", "--root", "/notes"] });
 * ```
 */
export function withMcpServer(config: JsonObject, name: string, server: JsonObject): JsonObject {
  const servers: JsonObject = isObject(config["mcpServers"]) ? { ...config["mcpServers"] } : {};
  servers[name] = server;
  return { ...config, mcpServers: servers };
}

/** Parses a JSON settings file; an empty or missing file is `{}`, anything but an object is an error. */
export function parseSettings(text: string | undefined, path: string): JsonObject | string {
  if (text === undefined || text.trim() === "") return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return isObject(parsed)
      ? parsed
      : `${path} does not hold a JSON object; fix it by hand, nothing was changed`;
  } catch (cause) {
    return `${path} is not valid JSON (${String(cause)}); fix it by hand, nothing was changed`;
  }
}
