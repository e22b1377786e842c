import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { commandInput, llmFromCommand } from "../../../src/adapters/llm/llm-from-command.js";
import { errOf, okOf } from "../../helpers/result-helpers.js";
import { scaledMs } from "../../helpers/time-scale.js";

const fixture = (name: string) =>
  fileURLToPath(new URL(`../../fixtures/llm/${name}`, import.meta.url));
const node = (script: string, ...args: string[]) => ({
  command: process.execPath,
  args: [fixture(script), ...args],
});
const scratch = mkdtempSync(join(tmpdir(), "agent-memory-llm-"));
let pidFiles = 0;
const nextPidFile = () => join(scratch, `pid-${pidFiles++}`);

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function waitFor(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + scaledMs(timeoutMs);
  while (!check()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Checks the process behind a pid file is gone. Its file may never appear when it was
 * stopped while node was still starting (a loaded machine): then nothing is running either,
 * since a surviving process would have written it within the wait.
 */
async function expectStopped(pidFile: string): Promise<void> {
  try {
    await waitFor(() => existsSync(pidFile), 3000);
  } catch {
    return;
  }
  const pid = Number(readFileSync(pidFile, "utf8"));
  await waitFor(() => !isAlive(pid), 6000);
}

describe("commandInput", () => {
  it("puts the system prompt on stdin in tags, in a flag, or leaves it out when empty", () => {
    expect(commandInput({ system: "Be brief.", prompt: "Hi" }, ["-p"], undefined)).toEqual({
      args: ["-p"],
      stdin: "<system>\nBe brief.\n</system>\n\nHi",
    });
    expect(commandInput({ system: "Be brief.", prompt: "Hi" }, ["-p"], "--sys")).toEqual({
      args: ["-p", "--sys", "Be brief."],
      stdin: "Hi",
    });
    expect(commandInput({ system: "", prompt: "Hi" }, [], "--sys")).toEqual({
      args: [],
      stdin: "Hi",
    });
  });
});

describe("llmFromCommand", () => {
  it("writes the prompts to stdin and answers with stdout, trimmed", async () => {
    const llm = llmFromCommand({ ...node("echo.mjs"), timeoutMs: 10_000 });
    const answer = await llm.complete({ system: "You are terse.", prompt: "Café? ✓" });
    expect(JSON.parse(okOf(answer))).toEqual({
      args: [],
      stdin: "<system>\nYou are terse.\n</system>\n\nCafé? ✓",
    });
  });

  it("passes the system prompt as the value of systemArg", async () => {
    const llm = llmFromCommand({ ...node("echo.mjs", "-p"), systemArg: "--append-system-prompt" });
    const answer = await llm.complete({ system: "You are terse.", prompt: "Hi" });
    expect(JSON.parse(okOf(answer))).toEqual({
      args: ["-p", "--append-system-prompt", "You are terse."],
      stdin: "Hi",
    });
  });

  it("carries a large prompt through the pipes intact", async () => {
    const prompt = "żółw 🐢 ".repeat(100_000);
    const answer = await llmFromCommand(node("echo.mjs")).complete({ system: "", prompt });
    expect(JSON.parse(okOf(answer)).stdin).toBe(prompt);
  });

  it("fails on a non-zero exit with the code and the last lines of stderr", async () => {
    const error = errOf(
      await llmFromCommand(node("fail.mjs")).complete({ system: "", prompt: "x" }),
    );
    expect(error.code).toBe("LLM");
    expect(error.message).toMatch(/exit code 3/);
    expect(error.message).toMatch(/error: quota exceeded for this model/);
    expect(error.message).toMatch(/last 20 lines of stderr/);
    expect(error.message).toMatch(/diagnostic line 25/);
    expect(error.message).not.toMatch(/diagnostic line 6$/m);
  });

  it("stops a command that outlives its timeout", async () => {
    const pidFile = nextPidFile();
    const started = Date.now();
    const error = errOf(
      await llmFromCommand({ ...node("slow.mjs", pidFile), timeoutMs: 1500 }).complete({
        system: "",
        prompt: "x",
      }),
    );
    expect(Date.now() - started).toBeLessThan(5000);
    expect(error.message).toMatch(/did not answer within 1\.5 s/);
    expect(error.message).toMatch(/timeoutMs/);
    await expectStopped(pidFile);
  });

  it("kills a command that ignores SIGTERM", async () => {
    const pidFile = nextPidFile();
    const llm = llmFromCommand({ ...node("slow.mjs", pidFile, "--ignore-term"), timeoutMs: 1500 });
    expect((await llm.complete({ system: "", prompt: "x" })).isErr()).toBe(true);
    await expectStopped(pidFile);
  });

  it("stops the command when the request is aborted", async () => {
    const pidFile = nextPidFile();
    const controller = new AbortController();
    const pending = llmFromCommand(node("slow.mjs", pidFile)).complete({
      system: "",
      prompt: "x",
      signal: controller.signal,
    });
    await waitFor(() => existsSync(pidFile));
    controller.abort(new Error("user cancelled"));
    const error = errOf(await pending);
    expect(error.message).toMatch(/aborted/);
    expect(error.cause).toEqual(new Error("user cancelled"));
    await expectStopped(pidFile);
  });

  it("does not start the command when the signal is already aborted", async () => {
    const pidFile = nextPidFile();
    const controller = new AbortController();
    controller.abort();
    const result = await llmFromCommand(node("slow.mjs", pidFile)).complete({
      system: "",
      prompt: "x",
      signal: controller.signal,
    });
    expect(errOf(result).message).toMatch(/aborted/);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(existsSync(pidFile)).toBe(false);
  });

  it("says how to fix a command that is not installed", async () => {
    const llm = llmFromCommand({ command: "agent-memory-no-such-llm-cli", args: ["-p"] });
    const error = errOf(await llm.complete({ system: "", prompt: "x" }));
    expect(error.code).toBe("LLM");
    expect(error.message).toMatch(/"agent-memory-no-such-llm-cli" was not found/);
    expect(error.message).toMatch(/full path/);
  });

  it("fails cleanly on arguments Node refuses to pass", async () => {
    const llm = llmFromCommand({ ...node("echo.mjs"), systemArg: "--system" });
    const error = errOf(await llm.complete({ system: "a\u0000b", prompt: "x" }));
    expect(error.message).toMatch(/could not be started/);
  });

  it("stops a command whose answer is too large", async () => {
    const llm = llmFromCommand({ ...node("echo.mjs"), maxOutputBytes: 1000 });
    const error = errOf(await llm.complete({ system: "", prompt: "y".repeat(5000) }));
    expect(error.message).toMatch(/more than 1000 bytes/);
  });

  it("refuses an empty answer, quoting stderr", async () => {
    const error = errOf(
      await llmFromCommand(node("empty.mjs")).complete({ system: "", prompt: "x" }),
    );
    expect(error.message).toMatch(/printed no answer/);
    expect(error.message).toMatch(/the model returned no content/);
  });

  it("refuses an empty command or a bad timeout without running anything", async () => {
    const request = { system: "", prompt: "x" };
    expect(errOf(await llmFromCommand({ command: " " }).complete(request)).message).toMatch(
      /command is empty/,
    );
    const zero = llmFromCommand({ ...node("echo.mjs"), timeoutMs: 0 });
    expect(errOf(await zero.complete(request)).message).toMatch(/timeoutMs/);
    const huge = llmFromCommand({ ...node("echo.mjs"), maxOutputBytes: Number.NaN });
    expect(errOf(await huge.complete(request)).message).toMatch(/maxOutputBytes/);
  });

  it("serialises its errors for JSON output", async () => {
    const error = errOf(
      await llmFromCommand(node("fail.mjs")).complete({ system: "", prompt: "" }),
    );
    expect(JSON.parse(JSON.stringify(error))).toMatchObject({ code: "LLM" });
  });
});
