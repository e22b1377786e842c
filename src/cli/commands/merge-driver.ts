import { randomBytes } from "node:crypto";
import { readFile, rename, rm, writeFile } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import { recordMerges } from "../../adapters/index.js";
import { mergeFileKind, mergeMemoryFile, memoryRootOfPath } from "../../model/index.js";
import { defineCommand } from "../framework/command.js";
import { EXIT } from "../framework/exit-codes.js";
import { messageOf } from "../../shared/message-of.js";

/**
 * `memory merge-driver %O %A %B %P`: git's merge driver for memory files (a thin shell over
 * the pure merge of `agent-memory/format`). It writes the merged text over %A through a
 * temporary file renamed in one step and exits 0; when the file cannot be merged by meaning
 * it leaves %A as it was and exits 1, and git records a conflict as without the driver.
 */
export const mergeDriverCommand = defineCommand({
  name: "merge-driver",
  usage: "BASE OURS THEIRS PATH",
  description:
    "Git's merge driver for a memory's notes, index.md, session logs and journal files: merges\n" +
    "by meaning (docs/file-format.md, section 14) instead of line by line. Git runs it, through\n" +
    "the .gitattributes rule under the memory root and `git config merge.agent-memory.driver`\n" +
    "(memory init and memory sync set both up). Writes the result over OURS and exits 0; exits 1\n" +
    "and leaves OURS as it was when the file cannot be merged by meaning (git then records a\n" +
    "conflict, as without the driver). What it decided is written on stderr.",
  options: {},
  optionHelp: [],
  positionals: { min: 4, max: 4 },
  examples: [
    "memory merge-driver .merge_file_O .merge_file_A .merge_file_B 'topics/deploys id__Ab3xYz.md'",
  ],
  async run({ positionals, io }) {
    const [basePath = "", oursPath = "", theirsPath = "", path = ""] = positionals;
    let texts: string[];
    try {
      texts = await Promise.all(
        [basePath, oursPath, theirsPath].map((file) => readFile(resolve(io.cwd, file), "utf8")),
      );
    } catch (cause) {
      io.stderr(
        `memory merge-driver: ${path}: could not read a side (${messageOf(cause)}); left to git.\n`,
      );
      return EXIT.failed;
    }
    const [base = "", ours = "", theirs = ""] = texts;
    const merged = mergeMemoryFile(path, base, ours, theirs);
    if (merged.isErr()) {
      io.stderr(`memory merge-driver: ${merged.error.message}\n`);
      return EXIT.failed;
    }
    const target = resolve(io.cwd, oursPath);
    const temp = join(
      dirname(target),
      `.${basename(target)}.${randomBytes(4).toString("hex")}.tmp`,
    );
    try {
      await writeFile(temp, merged.value.text);
      await rename(temp, target);
    } catch (cause) {
      await rm(temp, { force: true });
      io.stderr(
        `memory merge-driver: ${path}: could not write the merge (${messageOf(cause)}); left to git.\n`,
      );
      return EXIT.failed;
    }
    for (const decision of merged.value.decisions)
      io.stderr(`memory merge-driver: ${path}: ${decision}\n`);
    // Git drops the lines above: the clone's record is how sync reports this merge.
    const prefix = memoryRootOfPath(path);
    const kind = mergeFileKind(path);
    if (prefix !== undefined && kind !== undefined) {
      const under = prefix === "" ? path : path.slice(prefix.length + 1);
      const { marked, decisions } = merged.value;
      await recordMerges(resolve(io.cwd, prefix), [{ path: under, kind, marked, decisions }]);
    }
    return EXIT.ok;
  },
});
