import { failureFrom, usageFailure } from "../framework/cli-failure.js";
import { COMMIT_OPTIONS, defineCommand } from "../framework/command.js";
import {
  chooseCommit,
  commitOptions,
  describeCommit,
  quoteTitle,
} from "../framework/commit-choice.js";
import { EXIT } from "../framework/exit-codes.js";
import { lookUpNote } from "../framework/note-lookup.js";
import { openNotes } from "../framework/open-memory.js";

const TIERS = ["hot", "warm", "none"] as const;
type TierChoice = (typeof TIERS)[number];
const isTier = (text: string): text is TierChoice => (TIERS as readonly string[]).includes(text);

/** `memory tier <id> hot|warm|none`: puts a note in a tier of the index note, or takes it out. */
export const tierCommand = defineCommand({
  name: "tier",
  usage: "<id> hot|warm|none [options]",
  description:
    "Edits the index note (index.md): hot notes are inlined where agents start (AGENTS.md, memory\n" +
    "context), warm notes listed. A note is in at most one tier; hot or warm moves it to the end of\n" +
    "that tier, none removes it from both. Every other line of index.md is kept. Commits index.md.",
  options: COMMIT_OPTIONS,
  optionHelp: [],
  positionals: { min: 2, max: 2 },
  examples: ["memory tier Kf9mNp hot", "memory tier id__Kf9mNp none --json"],
  async run({ values, positionals, out, io }) {
    const [idInput = "", tier = ""] = positionals;
    if (!isTier(tier)) {
      return out.fail(usageFailure(`unknown tier "${tier}": use hot, warm or none`, "tier"));
    }
    const opened = await openNotes(values.root, io);
    if (opened.isErr()) return out.fail(opened.error);
    const { memory } = opened.value;
    const note = await lookUpNote(memory, idInput);
    if (note.isErr()) return out.fail(note.error);
    const { id, title } = note.value;
    const choice = chooseCommit(
      opened.value,
      values["no-commit"],
      `memory: tier ${quoteTitle(title)} ${tier} (${id})`,
    );
    // Written and committed in one hold of the memory's lock: a sync in another process can
    // no longer commit index.md in between and leave this command saying "Nothing to commit".
    const options = commitOptions(choice);
    const changed =
      tier === "none"
        ? await memory.index.demote(id, options)
        : await memory.index.promote(id, tier, options);
    if (changed.isErr()) return out.fail(failureFrom(changed.error));
    const { commit = null, notCommitted, ...after } = changed.value;
    const outcome = notCommitted === undefined ? { commit } : { commit, notCommitted };
    out.print({ id, tier, hot: after.hot, warm: after.warm, ...outcome }, () =>
      [
        tier === "none" ? `${id} is in no tier.` : `${id} ${JSON.stringify(title)} is ${tier}.`,
        `Hot: ${after.hot.length}, warm: ${after.warm.length}.`,
        describeCommit(outcome, choice),
      ].join("\n"),
    );
    return EXIT.ok;
  },
});
