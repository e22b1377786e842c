import { COMMON_OPTIONS, defineCommand } from "../framework/command.js";
import { EXIT } from "../framework/exit-codes.js";
import { formatTime } from "../render/format.js";
import { lookUpNote } from "../framework/note-lookup.js";
import { openNotes } from "../framework/open-memory.js";

/** `memory show <id>`: one note with its tags, status, times and body. */
export const showCommand = defineCommand({
  name: "show",
  usage: "<id> [options]",
  description:
    "Prints the note with this id (the id__ prefix is optional). An unknown id lists the closest titles;\n" +
    "the id of a note merged into another shows that one, saying so on stderr. A superseded note\n" +
    "starts with the note that replaces it (--json: supersededBy).",
  options: COMMON_OPTIONS,
  optionHelp: [],
  positionals: { min: 1, max: 1 },
  examples: ["memory show id__Kf9mNp", "memory show Kf9mNp --json"],
  async run({ values, positionals, out, io }) {
    const opened = await openNotes(values.root, io);
    if (opened.isErr()) return out.fail(opened.error);
    const asked = positionals[0] ?? "";
    const note = await lookUpNote(opened.value.memory, asked, { followMerged: true });
    if (note.isErr()) return out.fail(note.error);
    const n = note.value;
    const askedId = asked.trim().startsWith("id__") ? asked.trim() : `id__${asked.trim()}`;
    // The id asked for was merged into this note (its redirect record says so).
    if (askedId !== n.id) out.problem(`${askedId} was merged into ${n.id}; showing ${n.id}.`);
    out.print(n, () => {
      const tags = n.tags.length === 0 ? [] : [n.tags.map((tag) => `#${tag}`).join(" ")];
      const times = `created ${formatTime(n.createdAt)}, updated ${formatTime(n.updatedAt)}${n.committed ? "" : " (not committed)"}`;
      const by = n.supersededBy;
      const current =
        by === undefined
          ? []
          : [
              `SUPERSEDED by ${by.id} ${by.title === null ? "(no such note)" : JSON.stringify(by.title)}` +
                `${by.date === undefined ? "" : ` on ${by.date}`}${by.reason === undefined ? "" : `: ${by.reason}`}` +
                ` — the current note: memory show ${by.id}`,
              "",
            ];
      const head = [
        ...current,
        `# ${n.title}`,
        `${n.id} · ${n.status} · ${n.path}`,
        ...tags,
        times,
      ];
      return n.body === "" ? head.join("\n") : `${head.join("\n")}\n\n${n.body}`;
    });
    return EXIT.ok;
  },
});
