#!/usr/bin/env node
/**
 * The `memory` executable (also installed as `agent-memory`). A read-only call goes to the
 * memory's daemon when one runs, before any of the library is loaded; everything else, and
 * every call the daemon does not answer, runs in this process. A read call no daemon answered
 * then starts one in the background for the next calls (see daemon/on-demand-start.ts).
 *
 * @module
 */

import { askDaemon, servedCall } from "./daemon/daemon-client.js";
import { onDemandPolicy } from "./daemon/on-demand-policy.js";
import { processIo } from "./framework/cli-io.js";
import { runCli } from "./framework/run-cli.js";

const argv = process.argv.slice(2);
const answer = await askDaemon(argv, process.env, process.cwd());
if (answer === undefined) {
  // exitCode rather than process.exit(): pending stdout writes to a pipe are flushed first.
  const exitCode = await runCli(argv, processIo());
  process.exitCode = exitCode;
  if (servedCall(argv) !== undefined && onDemandPolicy(process.env).start) {
    // After the answer, so the call waits for nothing but the spawn.
    const { startOnDemand } = await import("./daemon/on-demand-start.js");
    startOnDemand(argv, process.env, process.cwd(), exitCode);
  }
} else {
  process.stdout.write(answer.stdout);
  process.stderr.write(answer.stderr);
  process.exitCode = answer.exitCode;
}
