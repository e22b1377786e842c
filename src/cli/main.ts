#!/usr/bin/env node
/**
 * The `memory` executable (also installed as `agent-memory`).
 *
 * @module
 */

import { processIo } from "./framework/cli-io.js";
import { runCli } from "./framework/run-cli.js";

// exitCode rather than process.exit(): pending stdout writes to a pipe are flushed first.
process.exitCode = await runCli(process.argv.slice(2), processIo());
