import { defineCommandGroup } from "../framework/command-group.js";
import { journalAddCommand } from "./journal-add.js";
import { journalListCommand } from "./journal-list.js";

/** `memory journal add|list`: the queue of sessions waiting for consolidation. */
export const journalCommand = defineCommandGroup({
  name: "journal",
  description:
    "The journal is the queue of signals waiting for consolidation: a harness hook adds an entry at\n" +
    "the end of each session, and `memory consolidate` turns the pending entries into notes.",
  subcommands: [journalAddCommand, journalListCommand],
});
