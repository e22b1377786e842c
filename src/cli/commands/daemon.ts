import { defineCommandGroup } from "../framework/command-group.js";
import { daemonRunCommand } from "./daemon-run.js";
import { daemonStartCommand } from "./daemon-start.js";
import { daemonStatusCommand } from "./daemon-status.js";
import { daemonStopCommand } from "./daemon-stop.js";

/** `memory daemon start|stop|status|run`: a resident process that answers read-only calls. */
export const daemonCommand = defineCommandGroup({
  name: "daemon",
  description:
    "A daemon keeps one memory open and answers show, list, recent, search, links, orphans and broken\n" +
    "for every `memory` call on that root, so each costs node's start-up and a round trip on a local\n" +
    "socket instead of a look at every note. It learns of changes from a file watcher and waits for\n" +
    "the watcher to catch up before each answer, so no answer predates an edit. Commands that write\n" +
    "always run in-process. It stops after --idle-minutes without a call, when a `memory` of another\n" +
    "build calls it, or on `memory daemon stop`. Set AGENT_MEMORY_NO_DAEMON=1 to bypass it.\n" +
    "A read call that no daemon answers starts one in the background for the next calls (it stops\n" +
    "after 15 idle minutes, AGENT_MEMORY_DAEMON_IDLE_MINUTES to change); AGENT_MEMORY_DAEMON=0\n" +
    "turns that off, and in CI (CI and similar variables set) it is off unless AGENT_MEMORY_DAEMON=1.\n" +
    "Unix sockets only (Linux, macOS): on Windows every call runs in-process.",
  subcommands: [daemonStartCommand, daemonStopCommand, daemonStatusCommand, daemonRunCommand],
});
