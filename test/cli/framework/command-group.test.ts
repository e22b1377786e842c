import { describe, expect, it } from "vitest";
import type { CliIo } from "../../../src/cli/framework/cli-io.js";
import { journalAddCommand } from "../../../src/cli/commands/journal-add.js";
import { journalCommand } from "../../../src/cli/commands/journal.js";
import { journalListCommand } from "../../../src/cli/commands/journal-list.js";
import { runCli } from "../../../src/cli/framework/run-cli.js";

/** An io that records what the CLI prints; in-process, for what needs no memory. */
function fakeIo(): CliIo & { out: string; err: string } {
  const io = {
    env: {},
    cwd: "/nowhere",
    out: "",
    err: "",
    stdout: (text: string) => {
      io.out += text;
    },
    stderr: (text: string) => {
      io.err += text;
    },
    readStdin: async () => undefined,
  };
  return io;
}

describe("memory journal (a command group)", () => {
  it("shows the group's help, which holds each subcommand's help", async () => {
    const help = fakeIo();
    expect(await runCli(["journal", "--help"], help)).toBe(0);
    expect(help.out).toBe(journalCommand.help);
    expect(help.out).toMatch(/^Usage: memory journal <add\|list> \[options\]\n/);
    expect(help.out).toContain(journalAddCommand.help);
    expect(help.out).toContain(journalListCommand.help);
    const bare = fakeIo();
    expect(await runCli(["journal"], bare)).toBe(2);
    expect(bare.out).toBe(journalCommand.help);
    const topic = fakeIo();
    expect(await runCli(["help", "journal"], topic)).toBe(0);
    expect(topic.out).toBe(journalCommand.help);
  });

  it("passes the rest of the line to the subcommand", async () => {
    const help = fakeIo();
    expect(await runCli(["journal", "add", "--help"], help)).toBe(0);
    expect(help.out).toBe(journalAddCommand.help);
    const missing = fakeIo();
    expect(await runCli(["journal", "add", "--thread", "T-1"], missing)).toBe(2);
    expect(missing.err).toBe(
      'memory: --harness is required (amp, claude-code, ...). Run "memory journal add --help" for usage.\n',
    );
    const unknown = fakeIo();
    expect(await runCli(["journal", "list", "--harness", "amp"], unknown)).toBe(2);
    expect(unknown.err).toMatch(
      /^memory: unknown option --harness\. Run "memory journal list --help"/,
    );
  });

  it("refuses an unknown subcommand with the closest one, and options before it", async () => {
    const typo = fakeIo();
    expect(await runCli(["journal", "lst", "--json"], typo)).toBe(2);
    expect(typo.err).toBe(
      'memory: unknown subcommand "journal lst" (did you mean "list"?). Run "memory journal --help" for usage.\n',
    );
    expect(JSON.parse(typo.out)).toMatchObject({ error: { code: "USAGE" } });
    const flagFirst = fakeIo();
    expect(await runCli(["journal", "--json", "list"], flagFirst)).toBe(2);
    expect(flagFirst.err).toMatch(/put the subcommand first/);
  });
});
