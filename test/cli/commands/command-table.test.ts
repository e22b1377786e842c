/**
 * Issue 29: a read-only command is named once, in the command registry, and the daemon and
 * the MCP server learn it from there (or a test here fails when one forgets).
 */
import { describe, expect, it } from "vitest";
import {
  COMMANDS,
  commandsServedByDaemon,
  type CommandEntry,
} from "../../../src/cli/commands/index.js";
import { SERVED_COMMANDS } from "../../../src/cli/daemon/daemon-protocol.js";
import { MCP_TOOLS } from "../../../src/mcp/tool-sets.js";

/** The command each MCP tool does the work of, where its name differs from the command's. */
const COMMAND_OF_TOOL: Readonly<Record<string, string>> = {
  read: "show",
  journal_add: "journal",
  session_log: "log",
};

function entry(name: string): CommandEntry | undefined {
  return COMMANDS.find((command) => command.name === name);
}

describe("the command registry", () => {
  it("is where the daemon's served commands come from", () => {
    expect([...SERVED_COMMANDS].toSorted()).toEqual(
      COMMANDS.filter((command) => command.access.readOnly && command.access.servedByDaemon)
        .map((command) => command.name)
        .toSorted(),
    );
    expect([...SERVED_COMMANDS].toSorted()).toEqual(
      ["broken", "links", "list", "orphans", "recent", "search", "show"].toSorted(),
    );
  });

  it("serves a command newly marked read-only and served, without another list to edit", () => {
    const added: CommandEntry = {
      name: "new-read",
      access: { readOnly: true, servedByDaemon: true },
      summary: "A new read-only command.",
      load: async () => {
        throw new Error("not loaded here");
      },
    };
    expect(commandsServedByDaemon([...COMMANDS, added]).has("new-read")).toBe(true);
  });

  it("says why each read-only command the daemon does not serve runs in-process", () => {
    const unexplained = COMMANDS.filter(
      (command) =>
        command.access.readOnly &&
        !command.access.servedByDaemon &&
        command.access.inProcessBecause.trim() === "",
    );
    expect(unexplained.map((command) => command.name)).toEqual([]);
  });

  it("marks no command read-only that takes --no-commit (a command that commits writes)", async () => {
    const readOnly = COMMANDS.filter((command) => command.access.readOnly);
    const committing: string[] = [];
    for (const command of readOnly) {
      if ((await command.load()).optionNames.includes("no-commit")) committing.push(command.name);
    }
    expect(committing).toEqual([]);
  });
});

describe("the MCP tool list, checked against the command registry", () => {
  it("names for each tool a command of the registry", () => {
    const missing = MCP_TOOLS.map((tool) => COMMAND_OF_TOOL[tool.name] ?? tool.name).filter(
      (name) => entry(name) === undefined,
    );
    expect(missing).toEqual([]);
  });

  it("marks a tool read-only exactly when its command is read-only", () => {
    const disagreeing = MCP_TOOLS.filter((tool) => {
      const command = entry(COMMAND_OF_TOOL[tool.name] ?? tool.name);
      return command !== undefined && command.access.readOnly !== (tool.effect === "read");
    }).map((tool) => tool.name);
    expect(disagreeing).toEqual([]);
  });
});
