import type { Pickup } from "../../lifecycle/index.js";
import { failureFrom, usageFailure } from "../framework/cli-failure.js";
import { COMMON_OPTIONS, defineCommand } from "../framework/command.js";
import { EXIT } from "../framework/exit-codes.js";
import { openMemory } from "../framework/open-memory.js";
import { parseAgentOption } from "../framework/agent-option.js";

/** `memory pickup`: where the agent resumes: the last session's next line and text. */
export const pickupCommand = defineCommand({
  name: "pickup",
  usage: "[--agent N] [options]",
  description:
    "Prints the `- next:` line of the last logged session, the file it is in and the session itself.\n" +
    "Looks in today's log of the agent, then yesterday's, then today's log of agent 0 (days in UTC).\n" +
    "When there is none (a first session), says so and exits 0. Changes nothing.",
  options: {
    ...COMMON_OPTIONS,
    agent: { type: "string" },
  },
  optionHelp: [["--agent N", "Whose log to read first: 0 (default) is the main agent, 1, 2, ..."]],
  positionals: { min: 0, max: 0 },
  examples: ["memory pickup", "memory pickup --agent 1 --json"],
  async run({ values, out, io }) {
    const agent = parseAgentOption(values.agent);
    if (agent === undefined) {
      return out.fail(usageFailure("--agent takes a whole number such as 0 or 1", "pickup"));
    }
    const opened = await openMemory(values.root, io);
    if (opened.isErr()) return out.fail(opened.error);
    const found = await opened.value.memory.sessionLog.pickup({ agent });
    if (found.isErr()) return out.fail(failureFrom(found.error));
    const pickup = found.value;
    out.print(pickup, () =>
      pickup === null
        ? `No session to pick up for agent ${agent}: nothing was logged today or yesterday. Start fresh.`
        : describePickup(pickup),
    );
    return EXIT.ok;
  },
});

function describePickup(pickup: Pickup): string {
  return [
    `next: ${pickup.next ?? "(the last session has no - next: line)"}`,
    `from: ${pickup.path} (agent ${pickup.agent}, session ${pickup.session}, ${pickup.day} ${pickup.time} UTC)`,
    "",
    pickup.text,
  ].join("\n");
}
