import { err, errAsync, ok, ResultAsync, type Result } from "neverthrow";
import { EmbedderError } from "../../errors.js";
import type { Embedder } from "../../ports/embedder.js";
import { runLlmProcess, type LlmProcessEnd } from "../llm/llm-command-process.js";

/**
 * How to run an embedding command.
 *
 * @example
 * ```ts
 * const options: CommandEmbedderOptions = { model: "nomic-embed-text", command: "python3", args: ["embed.py"] };
 * ```
 */
export interface CommandEmbedderOptions {
  /** The model's name: vectors are cached per name. */
  readonly model: string;
  readonly command: string;
  readonly args?: readonly string[];
  /** Default 120 s per call (one call embeds up to 32 notes). */
  readonly timeoutMs?: number;
  /** Default 64 MiB of stdout per call. */
  readonly maxOutputBytes?: number;
  readonly cwd?: string;
  /** The complete environment; default: this process's. */
  readonly env?: Readonly<Record<string, string>>;
}

const DEFAULT_TIMEOUT_MS = 120_000;
const DEFAULT_MAX_OUTPUT_BYTES = 64 * 1024 * 1024;

/**
 * Adapts a local command to the Embedder port, speaking JSON lines: each call runs the
 * command once (no shell), writes one line per text to its stdin, `{"text":"..."}`, closes
 * stdin, and reads one line per text from its stdout, in order: a JSON array of numbers, or
 * an object with an `embedding` array (what ollama's `/api/embeddings` answers). So a short
 * Python script, or a wrapper around `ollama`, can serve. A non-zero exit, a timeout, an
 * abort, or a line that is not a vector becomes an EmbedderError.
 *
 * @example
 * ```ts
 * const embedder = embedderFromCommand({ model: "nomic-embed-text", command: "python3", args: ["embed.py"] });
 * const memory = createMemory({ persistence, embedder });
 * ```
 */
export function embedderFromCommand(options: CommandEmbedderOptions): Embedder {
  return {
    model: options.model,
    embed(texts, request = {}) {
      if (request.signal?.aborted === true) {
        return errAsync(
          new EmbedderError("The embedding command was aborted before it started.", {
            cause: request.signal.reason,
          }),
        );
      }
      const input = texts.map((text) => `${JSON.stringify({ text })}\n`).join("");
      const run = runLlmProcess({
        command: options.command,
        args: options.args ?? [],
        input,
        timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        maxOutputBytes: options.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES,
        ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
        ...(options.env === undefined ? {} : { env: options.env }),
        ...(request.signal === undefined ? {} : { signal: request.signal }),
      });
      return new ResultAsync(
        run.then((end): Result<number[][], EmbedderError> => {
          const read =
            end.kind === "answered" ? parseVectors(end.stdout, texts.length) : describeEnd(end);
          return typeof read === "string"
            ? err(new EmbedderError(`The embedding command "${options.command}" ${read}.`))
            : ok(read);
        }),
      );
    },
  };
}

/** The vectors of stdout's lines, or what is wrong with them. */
function parseVectors(stdout: string, expected: number): number[][] | string {
  const lines = stdout.split("\n").filter((line) => line.trim() !== "");
  if (lines.length !== expected) {
    return `answered ${lines.length} lines for ${expected} texts: write one JSON line per input line`;
  }
  const vectors: number[][] = [];
  for (const [i, line] of lines.entries()) {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      return `answered line ${i + 1} that is not JSON: ${line.slice(0, 80)}`;
    }
    const vector =
      typeof value === "object" && value !== null && !Array.isArray(value) && "embedding" in value
        ? value.embedding
        : value;
    if (!Array.isArray(vector) || !vector.every((x) => typeof x === "number")) {
      return `answered line ${i + 1} that is neither an array of numbers nor {"embedding": [...]}`;
    }
    vectors.push(vector as number[]);
  }
  return vectors;
}

function describeEnd(end: Exclude<LlmProcessEnd, { kind: "answered" }>): string {
  switch (end.kind) {
    case "exited":
      return `exited with code ${end.exitCode}${tail(end.stderrTail)}`;
    case "killed":
      return `was killed by ${end.signal}${tail(end.stderrTail)}`;
    case "timed-out":
      return `did not answer in time${tail(end.stderrTail)}`;
    case "aborted":
      return "was aborted";
    case "too-large":
      return "wrote more output than allowed";
    case "spawn-failed":
      return `could not start (${end.error.message}): check that it is installed and on PATH`;
  }
}

function tail(stderr: string): string {
  const text = stderr.trim();
  return text === "" ? "" : `: ${text.slice(-300)}`;
}
