import { errAsync, ResultAsync } from "neverthrow";
import { LlmError } from "../../errors.js";
import type { Llm, LlmRequest } from "../../ports/llm.js";
import { commandAnswer } from "./llm-command-answer.js";
import { runLlmProcess } from "./llm-command-process.js";

/**
 * How to run a command-line model.
 *
 * @example
 * ```ts
 * const claude: CommandLlmOptions = { command: "claude", args: ["-p"], systemArg: "--append-system-prompt" };
 * const codex: CommandLlmOptions = { command: "codex", args: ["exec", "-"], timeoutMs: 300_000 };
 * ```
 */
export interface CommandLlmOptions {
  /** The program, found on the PATH or given as a path; run without a shell. */
  readonly command: string;
  /** Arguments before any `systemArg`; never the prompt, which goes to stdin. */
  readonly args?: readonly string[];
  /** Stop the command after this many milliseconds. Default 10 minutes. */
  readonly timeoutMs?: number;
  /**
   * A flag that takes the system prompt as its value, such as `--append-system-prompt` or
   * `--system-prompt` for `claude -p`: the command then gets `[...args, systemArg, system]`
   * and only the prompt on stdin. Without it, both go to stdin (see {@link commandInput}).
   * Mind the OS limit on one argument's length (128 KiB on Linux) for long system prompts.
   */
  readonly systemArg?: string;
  /** An answer larger than this many bytes stops the command. Default 10 MB. */
  readonly maxOutputBytes?: number;
  /** Working directory of the command. Default: this process's. */
  readonly cwd?: string;
  /** The command's complete environment. Default: this process's. */
  readonly env?: Readonly<Record<string, string>>;
}

/**
 * The default deadline of one completion: long answers from agentic CLIs take minutes.
 *
 * @example
 * ```ts
 * llmFromCommand({ command: "claude", args: ["-p"], timeoutMs: DEFAULT_COMMAND_TIMEOUT_MS / 2 });
 * ```
 */
export const DEFAULT_COMMAND_TIMEOUT_MS = 10 * 60 * 1000;
/**
 * The default bound on an answer: far above any completion, far below trouble.
 *
 * @example
 * ```ts
 * llmFromCommand({ command: "codex", args: ["exec", "-"], maxOutputBytes: 2 * DEFAULT_COMMAND_MAX_OUTPUT_BYTES });
 * ```
 */
export const DEFAULT_COMMAND_MAX_OUTPUT_BYTES = 10 * 1024 * 1024;

/**
 * What the command receives: its arguments and its stdin. Without `systemArg`, a non-empty
 * system prompt comes first on stdin inside `<system>` tags, then a blank line, then the
 * prompt; CLIs without a system-prompt flag (`codex exec -`) read it as part of the task,
 * and models are trained to honour such tags. An empty system prompt sends the prompt alone.
 *
 * @example
 * ```ts
 * commandInput({ system: "Be brief.", prompt: "Hi" }, ["-p"], undefined);
 * // { args: ["-p"], stdin: "<system>\nBe brief.\n</system>\n\nHi" }
 * commandInput({ system: "Be brief.", prompt: "Hi" }, ["-p"], "--append-system-prompt");
 * // { args: ["-p", "--append-system-prompt", "Be brief."], stdin: "Hi" }
 * ```
 */
export function commandInput(
  request: Pick<LlmRequest, "system" | "prompt">,
  args: readonly string[],
  systemArg: string | undefined,
): { args: string[]; stdin: string } {
  if (request.system === "") return { args: [...args], stdin: request.prompt };
  if (systemArg !== undefined) {
    return { args: [...args, systemArg, request.system], stdin: request.prompt };
  }
  return { args: [...args], stdin: `<system>\n${request.system}\n</system>\n\n${request.prompt}` };
}

/**
 * Adapts a command-line model to the LLM port: the prompt goes to the command's stdin and
 * its stdout (trimmed) is the answer, as with `claude -p` or `codex exec -`. A command that
 * cannot be found, exits non-zero, times out, is aborted through `request.signal`, prints
 * more than `maxOutputBytes` or prints nothing fails with an LlmError that says which, with
 * the end of its stderr.
 *
 * @example
 * ```ts
 * const llm = llmFromCommand({ command: "claude", args: ["-p"], systemArg: "--append-system-prompt" });
 * const answer = await llm.complete({ system: "Answer in one word.", prompt: "Capital of France?" });
 * ```
 */
export function llmFromCommand(options: CommandLlmOptions): Llm {
  const args = options.args ?? [];
  const label = [options.command, ...args].join(" ");
  const timeoutMs = options.timeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS;
  const maxOutputBytes = options.maxOutputBytes ?? DEFAULT_COMMAND_MAX_OUTPUT_BYTES;
  return {
    complete(request) {
      const invalid = checkOptions(options.command, timeoutMs, maxOutputBytes);
      if (invalid !== undefined) return errAsync(invalid);
      const input = commandInput(request, args, options.systemArg);
      const run = runLlmProcess({
        command: options.command,
        args: input.args,
        input: input.stdin,
        timeoutMs,
        maxOutputBytes,
        ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
        ...(options.env === undefined ? {} : { env: options.env }),
        ...(request.signal === undefined ? {} : { signal: request.signal }),
      });
      return new ResultAsync(
        run.then((end) =>
          commandAnswer(end, {
            command: options.command,
            label,
            timeoutMs,
            maxOutputBytes,
            ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
          }),
        ),
      );
    },
  };
}

// Node's timers overflow past 2^31 - 1 ms (about 24.8 days) and would fire at once.
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

function checkOptions(
  command: string,
  timeoutMs: number,
  maxOutputBytes: number,
): LlmError | undefined {
  if (command.trim() === "") {
    return new LlmError(
      'The LLM command is empty: pass the program to run, e.g. { command: "claude", args: ["-p"] }.',
    );
  }
  if (!(timeoutMs > 0 && timeoutMs <= MAX_TIMEOUT_MS)) {
    return new LlmError(
      `The LLM command's timeoutMs must be a positive number of milliseconds up to ${MAX_TIMEOUT_MS}, not ${timeoutMs}.`,
    );
  }
  if (!(maxOutputBytes > 0)) {
    return new LlmError(
      `The LLM command's maxOutputBytes must be a positive number, not ${maxOutputBytes}.`,
    );
  }
  return undefined;
}
