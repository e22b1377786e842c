import { describe, expect, it } from "vitest";
import type { CliIo } from "../../../src/cli/framework/cli-io.js";
import { captureCommand } from "../../../src/cli/commands/capture.js";
import { mainHelp, runCli } from "../../../src/cli/framework/run-cli.js";

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

describe("runCli", () => {
  it("prints a command's help for `help <command>`, and the main help otherwise", async () => {
    const topic = fakeIo();
    expect(await runCli(["help", "capture"], topic)).toBe(0);
    expect(topic.out).toBe(captureCommand.help);
    const general = fakeIo();
    expect(await runCli(["help", "nope"], general)).toBe(0);
    expect(general.out).toBe(mainHelp());
  });

  it("treats arguments after -- as positionals, so --help there is not a request for help", async () => {
    const io = fakeIo();
    expect(await runCli(["show", "--", "--help", "x"], io)).toBe(2);
    expect(io.err).toBe(
      'memory: unexpected argument "x" for "show". Run "memory show --help" for usage.\n',
    );
  });
});
