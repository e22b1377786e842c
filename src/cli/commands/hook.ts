import { DEFAULT_CONTEXT_BUDGET_TOKENS } from "../hooks/hook-defaults.js";
import { logHook } from "../hooks/hook-log.js";
import type { HookOutcome } from "../hooks/session-hooks.js";
import {
  drainHookSpool,
  MAX_HOOK_PAYLOAD_CHARS,
  spoolHook,
  unspoolHook,
} from "../hooks/hook-spool.js";
import { COMMON_OPTIONS, defineCommand } from "../framework/command.js";
import { EXIT } from "../framework/exit-codes.js";
import type { CliIo } from "../framework/cli-io.js";
import { DEFAULT_IDLE_MS } from "./daemon-idle.js";
import { existingMemoryRoot, openMemory } from "../framework/open-memory.js";
import { resolveRoot } from "../framework/root-variable.js";

const DEFAULT_TIMEOUT_MS = 8_000;
/** How long past its limit a queueing hook waits for its payload's record to be written. */
const RECORD_GRACE_MS = 5_000;

/** `memory hook <harness> <event>`: what a harness runs; never fails it. */
export const hookCommand = defineCommand({
  name: "hook",
  usage: "<harness> <event> [payload] [--budget N] [--timeout-ms N] [--start-daemon] [options]",
  description:
    "Reads the harness's hook payload (stdin; for Codex notify the JSON argument) and:\n" +
    "  claude-code session-end | pre-compact   queue transcript_path as a journal entry\n" +
    "  claude-code session-start               print the context (pickup, hot notes) as hookSpecificOutput JSON\n" +
    "  codex notify '<json>'                   find the thread's rollout under $CODEX_HOME/sessions and queue it\n" +
    "  codex stop | pre-compact | session-start  Codex's own hooks, as for Claude Code\n" +
    "A session already pending is not queued twice. Always exits 0 within the time limit, so the\n" +
    "harness is never blocked; the outcome of every run is a line in <root>/.agent-memory/hooks.log.\n" +
    "A queueing hook first records its payload in <root>/.agent-memory/hook-spool/: one that runs out\n" +
    "of time leaves it there, and the next hook, consolidate, sync or doctor queues the session.\n" +
    "`memory install claude-code|codex` writes these into the harness's settings.",
  options: {
    ...COMMON_OPTIONS,
    budget: { type: "string" },
    "timeout-ms": { type: "string" },
    "start-daemon": { type: "boolean" },
  },
  optionHelp: [
    [
      "--budget N",
      "session-start: tokens of context (default 1200; the output also stays under 10,000 characters).",
    ],
    [
      "--start-daemon",
      "Also start the memory's daemon in the background when none runs (see memory daemon).",
    ],
    ["--timeout-ms N", `Give up (exit 0, logged) after N ms (default ${DEFAULT_TIMEOUT_MS}).`],
  ],
  positionals: { min: 2, max: 3 },
  examples: [
    "memory hook claude-code session-end --root ~/notes < payload.json",
    "memory hook claude-code session-start --root ~/notes < payload.json",
    `memory hook codex notify '{"type":"agent-turn-complete","thread-id":"019a..."}' --root ~/notes`,
  ],
  async run({ values, positionals, io }) {
    const [harness = "", event = "", argument] = positionals;
    const root = resolveRoot(values.root, io);
    const name = `${harness} ${event}`;
    // Loaded here, not at startup: the handlers bring arktype, which `--help` never needs.
    const { HOOKS } = await import("../hooks/session-hooks.js");
    const handler = HOOKS[harness]?.[event];
    if (handler === undefined) {
      const known = Object.entries(HOOKS)
        .flatMap(([h, events]) => Object.keys(events).map((e) => `${h} ${e}`))
        .join(", ");
      await logHook(root, io, name, "skipped", `no such hook; the hooks are: ${known}`);
      return EXIT.ok;
    }
    const timeoutMs = positiveInteger(values["timeout-ms"]) ?? DEFAULT_TIMEOUT_MS;
    const budget = positiveInteger(values.budget) ?? DEFAULT_CONTEXT_BUDGET_TOKENS;
    const deadline = Date.now() + timeoutMs;
    // Queueing hooks leave a record of their payload before any slow step, so a hook that
    // runs out of time drops nothing: the next hook, consolidate, sync or doctor queues it.
    const queueing = event !== "session-start";
    const recordWritten = deferred<string | undefined>();
    const spooled = recordWritten.promise;
    const recorded = recordWritten.resolve;
    const work = (async (): Promise<HookOutcome> => {
      const payload = argument ?? (await io.readStdin()) ?? "";
      if (payload.length > MAX_HOOK_PAYLOAD_CHARS) {
        recorded(undefined);
        return {
          outcome: "failed",
          detail: `the payload has ${payload.length} characters; a hook payload has at most ${MAX_HOOK_PAYLOAD_CHARS}`,
        };
      }
      const found = await existingMemoryRoot(values.root, io);
      if (found.isErr()) {
        recorded(undefined);
        return { outcome: "failed", detail: found.error.message };
      }
      const record = queueing
        ? await spoolHook(found.value, { harness, event, payload, env: hookEnv(io) })
        : undefined;
      recorded(record);
      const opened = await openMemory(values.root, io);
      if (opened.isErr()) return { outcome: "failed", detail: opened.error.message, retry: true };
      const outcome = await handler(opened.value.memory, {
        harness,
        payload,
        env: io.env,
        budget,
      });
      if (outcome.retry !== true) await unspoolHook(record);
      // Records other hooks left, while time remains (a quarter of it kept for the log).
      if (queueing)
        await drainHookSpool(opened.value.memory, found.value, io, deadline - timeoutMs / 4);
      return outcome;
    })().catch((cause: unknown): HookOutcome => {
      recorded(undefined);
      return { outcome: "failed", detail: `unexpected: ${String(cause)}`, retry: true };
    });
    const daemon =
      values["start-daemon"] === true
        ? startDaemonQuietly(values.root, io).catch(
            (cause: unknown) => `daemon not started: ${String(cause)}`,
          )
        : Promise.resolve("");
    const result = await withinTime(work, timeoutMs);
    if (result === undefined) {
      // The payload's record is what keeps the session from being dropped: it gets a grace
      // beyond the limit (reading a payload already sent and writing one small local file),
      // but a stdin that never closes still ends the hook.
      const record = queueing ? await withinTime(spooled, RECORD_GRACE_MS) : undefined;
      await logHook(
        root,
        io,
        name,
        "failed",
        `gave up after ${timeoutMs} ms (--timeout-ms); ` +
          (record === undefined
            ? queueing
              ? "no record of the payload could be written, so this session is not queued"
              : "nothing to keep"
            : `its record ${record} stays for the next hook, consolidate, sync or doctor to queue`),
      );
      // The work left behind (a slow disk, a stdin never closed) must not hold the harness:
      // every write it makes is atomic, so ending the process here loses nothing half-written.
      process.exit(EXIT.ok);
    }
    // The context first: a slow launch (replacing a daemon of another build) never costs it.
    if (result.stdout !== undefined) io.stdout(result.stdout);
    const started = await withinTime(daemon, Math.max(0, deadline - Date.now()));
    const detail =
      started === undefined
        ? `${result.detail}; daemon launch still under way at the time limit`
        : started === ""
          ? result.detail
          : `${result.detail}; ${started}`;
    await logHook(root, io, name, result.outcome, detail);
    if (values.json === true) io.stderr(`${JSON.stringify({ outcome: result.outcome, detail })}\n`);
    if (started === undefined) {
      // The launch's waits must not hold the harness either; what was printed goes out first.
      await new Promise<void>((done) => process.stdout.write("", () => done()));
      process.exit(EXIT.ok);
    }
    return EXIT.ok;
  },
});

/**
 * Launches the daemon without waiting for it to answer, so later calls of the session are
 * answered by it; says what happened for the hook's log line, and never fails the hook.
 */
async function startDaemonQuietly(root: string | undefined, io: CliIo): Promise<string> {
  const found = await existingMemoryRoot(root, io);
  if (found.isErr()) return "";
  const { launchDaemon } = await import("../daemon/daemon-launch.js");
  const launched = await launchDaemon(found.value, io, DEFAULT_IDLE_MS);
  if (launched.isErr()) return `daemon not started: ${launched.error.message}`;
  if (launched.value.kind === "running") return `daemon running (pid ${launched.value.pid})`;
  launched.value.child.unref();
  return `daemon starting (pid ${String(launched.value.child.pid)})`;
}

/** A promise and the function that settles it. */
function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  const settle: { resolve?: (value: T) => void } = {};
  const promise = new Promise<T>((done) => {
    settle.resolve = done;
  });
  return { promise, resolve: (value) => settle.resolve?.(value) };
}

/** The variables a hook's handler reads, kept with its record for a later run. */
function hookEnv(io: CliIo): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const key of ["HOME", "CODEX_HOME"]) {
    const value = io.env[key];
    if (value !== undefined) kept[key] = value;
  }
  return kept;
}

/** What `promise` settles to within `ms`, else undefined. */
async function withinTime<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((done) => {
    timer = setTimeout(() => done(undefined), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

function positiveInteger(text: string | undefined): number | undefined {
  const value = text === undefined ? undefined : Number(text);
  return value !== undefined && Number.isInteger(value) && value > 0 ? value : undefined;
}
