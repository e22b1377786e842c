/**
 * Every command of the `memory` executable, in the order `memory --help` lists them.
 *
 * @module
 */

import type { Command } from "../framework/command.js";
import { agentsMdCommand } from "./agents-md.js";
import { analyzeCommand } from "./analyze.js";
import { archiveCommand } from "./archive.js";
import { brokenCommand } from "./broken.js";
import { captureCommand } from "./capture.js";
import { consolidateCommand } from "./consolidate.js";
import { defragCommand } from "./defrag.js";
import { editCommand } from "./edit.js";
import { tierCommand } from "./tier.js";
import { contextCommand } from "./context.js";
import { recentCommand } from "./recent.js";
import { statusCommand } from "./status.js";
import { mcpCommand } from "./mcp.js";
import { hookCommand } from "./hook.js";
import { installCommand } from "./install.js";
import { doctorCommand } from "./doctor.js";
import { initCommand } from "./init.js";
import { journalCommand } from "./journal.js";
import { linksCommand } from "./links.js";
import { listCommand } from "./list.js";
import { logCommand } from "./log.js";
import { mergeCommand } from "./merge.js";
import { migrateCommand } from "./migrate.js";
import { moveCommand } from "./move.js";
import { orphansCommand } from "./orphans.js";
import { pickupCommand } from "./pickup.js";
import { renameCommand } from "./rename.js";
import { rmCommand } from "./rm.js";
import { scheduleCommand } from "./schedule.js";
import { searchCommand } from "./search.js";
import { showCommand } from "./show.js";
import { syncCommand } from "./sync.js";
import { timestampsCommand } from "./timestamps.js";

/** The commands, by the word that runs them. */
export const COMMANDS: readonly Command[] = [
  initCommand,
  captureCommand,
  showCommand,
  editCommand,
  listCommand,
  recentCommand,
  searchCommand,
  linksCommand,
  orphansCommand,
  brokenCommand,
  analyzeCommand,
  renameCommand,
  moveCommand,
  archiveCommand,
  tierCommand,
  mergeCommand,
  rmCommand,
  journalCommand,
  logCommand,
  pickupCommand,
  contextCommand,
  consolidateCommand,
  defragCommand,
  agentsMdCommand,
  syncCommand,
  scheduleCommand,
  statusCommand,
  doctorCommand,
  mcpCommand,
  hookCommand,
  installCommand,
  timestampsCommand,
  migrateCommand,
];
