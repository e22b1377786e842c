#!/usr/bin/env node
/**
 * The `memory` executable (also installed as `agent-memory`). A read-only call goes to the
 * memory's daemon when one runs, before any of the library is loaded; everything else, and
 * every call the daemon does not answer, runs in this process.
 *
 * @module
 */

import { askDaemon } from "./daemon/daemon-client.js";
import { processIo } from "./framework/cli-io.js";
import { runCli } from "./framework/run-cli.js";

const argv = process.argv.slice(2);
const answer = await askDaemon(argv, process.env, process.cwd());
if (answer === undefined) {
  // exitCode rather than process.exit(): pending stdout writes to a pipe are flushed first.
  process.exitCode = await runCli(argv, processIo());
} else {
  process.stdout.write(answer.stdout);
  process.stderr.write(answer.stderr);
  process.exitCode = answer.exitCode;
}
