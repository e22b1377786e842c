/**
 * The torture suite (issue 12): every operation is run with a fault injected at its k-th
 * mutating call (an error from that call, or a process that stops dead there), then run
 * again on a fresh memory over the same files, and the memory is checked: no sentence lost,
 * no new broken link, no duplicate id, nothing consolidated twice.
 *
 * `npm test` sweeps every k of the note operations and a sample of k for consolidate,
 * defrag and run(); `TORTURE_FULL=1 npx vitest run test/torture` sweeps every k of all.
 * The figures are printed at the end (docs/torture.md).
 */
import { err, ok } from "neverthrow";
import { afterAll, describe, expect, it } from "vitest";
import { scaledMs } from "../helpers/time-scale.js";
import type { Memory } from "../../src/memory.js";
import { parseNote } from "../../src/model/note-format.js";
import { readSupersessions } from "../../src/model/supersession/supersession.js";
import { forgetNote } from "../../src/notes/ops/forget.js";
import type { Git } from "../../src/ports/git.js";
import * as isoGit from "isomorphic-git";
import { importMemory } from "../../src/migrate/import/import-memory.js";
import type { FsLike } from "../../src/adapters/fs/fs-like.js";
import { wikiKind } from "../migrate/import/wiki-kind.js";
import type { Persistence } from "../../src/ports/persistence.js";
import { faultyPorts, type FaultMode } from "./fault-ports.js";
import {
  compare,
  freshWorld,
  leftovers,
  memoryOver,
  picture,
  scriptedModel,
  type Findings,
  type Leftovers,
} from "./world.js";

const FULL = process.env["TORTURE_FULL"] === "1";
const TOPIC2 = "topics/release-checklist id__Topic2.md";
const SAMPLES = 6;
// TORTURE_MEASURE=1: count every column without failing on the first finding (for figures
// of a build that still has them).
const MEASURE = process.env["TORTURE_MEASURE"] === "1";

interface Operation {
  readonly name: string;
  /** Slow ones are sampled unless TORTURE_FULL=1. */
  readonly slow: boolean;
  /** Notes the operation deletes on purpose: their text is not expected after it. */
  readonly deletes?: readonly string[];
  /** Whether the re-run must succeed. */
  readonly rerunMustSucceed: boolean;
  /**
   * Whether the operation commits: then nothing it (or the run it re-ran) changed may be left
   * uncommitted after the re-run. The note operations run here without `commit`.
   */
  readonly commits?: true;
  /** Changes the world before the run (and before the picture the checks compare with). */
  readonly setup?: (persistence: Persistence, git: Git) => Promise<void>;
  /** What the operation must have done exactly once after the re-run: problems found, if any. */
  readonly doneOnce?: (persistence: Persistence) => Promise<string[]>;
  /** Checks of the operation's own, after the re-run: each finding is a sentence. */
  readonly verify?: (world: { fs: FsLike; root: string; memory: Memory }) => Promise<string[]>;
  run(memory: Memory, persistence: Persistence): PromiseLike<{ isErr(): boolean }>;
}

/** The source the import case imports: linked notes, a link to nothing, a secret. */
const IMPORTED = [
  {
    path: "Canary.md",
    text: "# Canary plan\nCanary deploys go to one region first. See [[Regions]].\n",
  },
  {
    path: "Regions.md",
    text: "# Regions\nThere are three regions. Back to [[Canary]] and [[Missing]].\n",
  },
  { path: "Keys.md", text: "# Keys\nThe deploy key AKIAABCDEFGHIJKLMNOP is rotated monthly.\n" },
];
const IMPORTED_TITLES = ["Canary plan", "Regions", "Keys"];

const OPERATIONS: readonly Operation[] = [
  {
    // One commit for the whole import; a re-run finishes a stopped one (issue 34).
    name: "import",
    slow: false,
    rerunMustSucceed: true,
    commits: true,
    run: async (m, persistence) => {
      const report = await importMemory({
        memory: m,
        persistence,
        kind: wikiKind,
        files: IMPORTED,
        source: "vault",
      });
      // A failed commit is reported, not an error: the re-run must still commit it.
      return report.andThen((r) =>
        r.notCommitted === undefined ? ok(r) : err(new Error(r.notCommitted)),
      );
    },
    verify: async ({ fs, root, memory }) => {
      const findings: string[] = [];
      const notes = await memory.list();
      if (notes.isErr()) return [notes.error.message];
      for (const title of IMPORTED_TITLES) {
        const count = notes.value.filter((note) => note.title === title).length;
        if (count !== 1) findings.push(`${count} notes titled "${title}"`);
      }
      const log = await isoGit.log({ fs, dir: root });
      const imports = log.filter((entry) => entry.commit.message.startsWith("memory: import"));
      if (imports.length !== 1) findings.push(`${imports.length} import commits`);
      return findings;
    },
  },
  {
    name: "consolidate",
    slow: true,
    rerunMustSucceed: true,
    commits: true,
    run: async (m) => m.consolidate(),
  },
  {
    name: "defrag",
    slow: true,
    rerunMustSucceed: true,
    commits: true,
    run: async (m) => m.defrag(),
  },
  {
    name: "run()",
    slow: true,
    rerunMustSucceed: true,
    commits: true,
    run: async (m) => m.run({ defragEvery: { consolidations: 1 } }),
  },
  {
    name: "capture",
    slow: false,
    rerunMustSucceed: true,
    run: async (m) => m.capture({ title: "A captured thought", body: "Captured text stays." }),
  },
  {
    name: "update",
    slow: false,
    rerunMustSucceed: true,
    run: async (m) => {
      const note = await m.read("id__Topic2");
      if (note.isErr()) return note;
      return m.update(
        "id__Topic2",
        { body: `${note.value.body}\n\nUpdated line.` },
        { expectedHash: note.value.hash },
      );
    },
  },
  {
    name: "tag (with `expectedHash`, committed)",
    slow: false,
    rerunMustSucceed: true,
    // Topic2 gets a tag line to take a tag off.
    setup: async (persistence) => {
      const path = "topics/release-checklist id__Topic2.md";
      const text = await persistence.read(path);
      if (text.isErr()) throw text.error;
      const written = await persistence.write(
        path,
        text.value.replace("\n\n", "\n\n#draft #ops\n\n"),
      );
      if (written.isErr()) throw written.error;
    },
    run: async (m) => {
      const note = await m.read("id__Topic2");
      if (note.isErr()) return note;
      return m.tag(
        "id__Topic2",
        { add: ["release"], remove: ["draft"] },
        { expectedHash: note.value.hash, commit: "memory: tag" },
      );
    },
  },
  {
    name: "append",
    slow: false,
    rerunMustSucceed: true,
    run: async (m) => m.append("id__Topic2", { heading: "Later", body: "Appended line." }),
  },
  {
    name: "rename",
    slow: false,
    rerunMustSucceed: true,
    run: async (m) => m.rename("id__Topic2", "The release checklist has five steps"),
  },
  {
    name: "move",
    slow: false,
    rerunMustSucceed: true,
    run: async (m) => m.move("id__Inbox2", "active"),
  },
  {
    name: "merge",
    slow: false,
    rerunMustSucceed: false,
    run: async (m) => m.merge(["id__Topic4"], "id__Topic2"),
  },
  {
    // Topic1 links to Topic2: stopped between the two removals, no source may link to a removed one.
    name: "merge of linked sources",
    slow: false,
    rerunMustSucceed: false,
    run: async (m) => m.merge(["id__Topic2", "id__Topic1"], "id__Topic3"),
  },
  {
    // One id on two files, the copy with other text: it gets a new id, both texts stay.
    name: "reid",
    slow: false,
    rerunMustSucceed: false,
    setup: copyOf(
      "topics/release-checklist id__Topic2.md",
      "topics/checklist copy id__Topic2.md",
      "Copied line.",
    ),
    run: async (m) => m.reid("id__Topic2"),
  },
  {
    name: "merge copies",
    slow: false,
    rerunMustSucceed: false,
    setup: copyOf(
      "topics/release-checklist id__Topic2.md",
      "topics/checklist copy id__Topic2.md",
      "Copied line.",
    ),
    run: async (m) => m.merge(["id__Topic2"], "id__Topic2"),
  },
  {
    // The same file in two folders, as a crash inside an old link-then-unlink move left it.
    name: "merge identical copies",
    slow: false,
    rerunMustSucceed: false,
    setup: copyOf(
      "topics/release-checklist id__Topic2.md",
      "archive/release-checklist id__Topic2.md",
    ),
    run: async (m) => m.merge(["id__Topic2"], "id__Topic2"),
  },
  {
    name: "remove",
    slow: false,
    deletes: ["id__Topic4"],
    rerunMustSucceed: false,
    run: async (m) => m.remove("id__Topic4"),
  },
  {
    // Forget archives by default, as a compare-and-swap on the version read (issue 32).
    name: "forget (archive)",
    slow: false,
    rerunMustSucceed: true,
    run: async (m) => {
      const note = await m.read("id__Topic2");
      if (note.isErr()) return note;
      return forgetNote(m, "id__Topic2", { expectedHash: note.value.hash });
    },
  },
  {
    name: "forget --remove",
    slow: false,
    deletes: ["id__Topic4"],
    rerunMustSucceed: false,
    run: async (m) => {
      const note = await m.read("id__Topic4");
      if (note.isErr()) return note;
      return forgetNote(m, "id__Topic4", { remove: true, expectedHash: note.value.hash });
    },
  },
  {
    // Issue 30: the mark line and its commit. A re-run after a crash finds the mark written
    // and must neither add a second one nor leave it uncommitted.
    name: "supersede (committed)",
    slow: false,
    rerunMustSucceed: true,
    commits: true,
    doneOnce: oneMarkOn(TOPIC2),
    run: async (m) =>
      m.supersede("id__Topic2", "id__Topic5", {
        reason: "the runbook holds the checklist now",
        date: "2026-11-20",
        commit: "memory: supersede",
      }),
  },
  {
    name: "supersede a section (with `expectedHash`, committed)",
    slow: false,
    rerunMustSucceed: true,
    commits: true,
    // Topic2 gets a committed section to supersede, so what is uncommitted after is the run's.
    setup: async (persistence, git) => {
      const text = await persistence.read(TOPIC2);
      if (text.isErr()) throw text.error;
      const written = await persistence.write(
        TOPIC2,
        `${text.value.trimEnd()}\n\n## Sign-off\n\nTwo owners sign off on a hotfix.\n`,
      );
      if (written.isErr()) throw written.error;
      const committed = await git.commit("seed: a section", [TOPIC2]);
      if (committed.isErr()) throw committed.error;
    },
    doneOnce: oneMarkOn(TOPIC2),
    run: async (m) => {
      const note = await m.read("id__Topic2");
      if (note.isErr()) return note;
      return m.supersede("id__Topic2", "id__Topic5", {
        section: "Sign-off",
        reason: "hotfixes follow the runbook",
        date: "2026-11-20",
        expectedHash: note.value.hash,
        commit: "memory: supersede a section",
      });
    },
  },
];

/** Problems unless the note at `path` carries exactly one supersession mark line. */
function oneMarkOn(path: string): (persistence: Persistence) => Promise<string[]> {
  return async (persistence) => {
    const text = await persistence.read(path);
    if (text.isErr()) return [`${path}: ${text.error.message}`];
    const lines = text.value.split("\n").filter((line) => line.startsWith("> Superseded by "));
    const parsed = readSupersessions(parseNote(text.value, "id__Topic2").body).length;
    return lines.length === 1 && parsed === 1
      ? []
      : [`${path}: ${lines.length} mark lines, ${parsed} marks read`];
  };
}

/** Copies a note file to another path, with a line added to the copy when `extra` is given. */
function copyOf(
  from: string,
  to: string,
  extra?: string,
): (persistence: Persistence) => Promise<void> {
  return async (persistence) => {
    const text = await persistence.read(from);
    if (text.isErr()) throw text.error;
    const written = await persistence.write(
      to,
      extra === undefined ? text.value : `${text.value}\n${extra}\n`,
    );
    if (written.isErr()) throw written.error;
  };
}

interface Figures {
  operation: string;
  mutatingCalls: number;
  faultPoints: number;
  lost: number;
  brokenLinks: number;
  duplicateIds: number;
  consolidatedTwice: number;
  notDoneOnce: number;
  tempFiles: number;
  uncommitted: number;
  opFindings: number;
  committed: boolean;
}
const figures: Figures[] = [];

/** One case: fault at `at` in `mode`, then a re-run on a fresh memory, then the checks. */
async function torture(
  op: Operation,
  at: number | undefined,
  mode: FaultMode,
): Promise<Findings & Leftovers & { calls: number; notDoneOnce: string[]; opFindings: string[] }> {
  const world = await freshWorld();
  await op.setup?.(world.persistence, world.git);
  const before = await picture(world.persistence);
  const model = scriptedModel();
  const faulty = faultyPorts(world.persistence, world.git, { at, mode }, world);
  const running = op.run(memoryOver(faulty.persistence, faulty.git, model.llm), faulty.persistence);
  // A failed call is answered and the operation may go on (a tolerated cache write, a step
  // that carries on): wait for it to end, or it races the re-run on the same files with no
  // lock between them (the faulty ports take none), as one loaded run once showed. A dead
  // process never answers: stop waiting once the fault has fired.
  if (mode === "fail") await running;
  else
    await Promise.race([
      running,
      faulty.fired.then(() => new Promise((resolve) => setTimeout(resolve, 5))),
    ]);
  const calls = faulty.calls();
  const memory = memoryOver(world.persistence, world.git, model.llm);
  const rerun = await op.run(memory, world.persistence);
  if (op.rerunMustSucceed && rerun.isErr())
    throw new Error(
      `${op.name}, fault ${mode} at ${String(at)}: the re-run failed: ${JSON.stringify(rerun)}`,
    );
  const after = await picture(world.persistence);
  return {
    ...compare(before, after, op.deletes),
    ...(await leftovers(world.fs, world.root)),
    opFindings: (await op.verify?.({ fs: world.fs, root: world.root, memory })) ?? [],
    calls,
    notDoneOnce: (await op.doneOnce?.(world.persistence)) ?? [],
  };
}

/** Every k from 1 to n, or an even sample of them (always the first and the last). */
function points(n: number, all: boolean): number[] {
  const every = Array.from({ length: n }, (_, i) => i + 1);
  if (all || n <= SAMPLES) return every;
  return [
    ...new Set(
      Array.from(
        { length: SAMPLES },
        (_, i) => every[Math.round((i * (n - 1)) / (SAMPLES - 1))] ?? 1,
      ),
    ),
  ];
}

describe.each(OPERATIONS)("torture: $name", (op) => {
  it(
    "loses nothing, breaks no link, duplicates no id and consolidates nothing twice at any fault point",
    async () => {
      const clean = await torture(op, undefined, "fail");
      expect(clean).toMatchObject({
        lost: [],
        brokenLinks: [],
        duplicateIds: [],
        consolidatedTwice: 0,
        notDoneOnce: [],
        opFindings: [],
      });
      const ks = points(clean.calls, FULL || !op.slow);
      const totals: Figures = {
        operation: op.name,
        mutatingCalls: clean.calls,
        faultPoints: 0,
        lost: 0,
        brokenLinks: 0,
        duplicateIds: 0,
        consolidatedTwice: 0,
        notDoneOnce: 0,
        tempFiles: 0,
        uncommitted: 0,
        opFindings: 0,
        committed: op.commits === true,
      };
      for (const mode of ["fail", "dead", "torn"] as const) {
        for (const k of ks) {
          const found = await torture(op, k, mode);
          totals.faultPoints++;
          totals.lost += found.lost.length;
          totals.brokenLinks += found.brokenLinks.length;
          totals.duplicateIds += found.duplicateIds.length;
          totals.consolidatedTwice += found.consolidatedTwice;
          totals.notDoneOnce += found.notDoneOnce.length;
          totals.tempFiles += found.tempFiles.length;
          const uncommitted = op.commits === true ? found.uncommitted : [];
          totals.uncommitted += uncommitted.length;
          totals.opFindings += found.opFindings.length;
          if (MEASURE) continue;
          expect({ op: op.name, mode, k, ...found, uncommitted, calls: undefined }).toEqual({
            op: op.name,
            mode,
            k,
            lost: [],
            brokenLinks: [],
            duplicateIds: [],
            consolidatedTwice: 0,
            tempFiles: [],
            uncommitted: [],
            opFindings: [],
            calls: undefined,
            notDoneOnce: [],
          });
        }
      }
      figures.push(totals);
    },
    scaledMs(FULL ? 600_000 : 60_000),
  );
});

afterAll(() => {
  if (figures.length === 0) return;
  const total = figures.reduce(
    (sum, f) => ({
      faultPoints: sum.faultPoints + f.faultPoints,
      lost: sum.lost + f.lost,
      brokenLinks: sum.brokenLinks + f.brokenLinks,
      duplicateIds: sum.duplicateIds + f.duplicateIds,
      consolidatedTwice: sum.consolidatedTwice + f.consolidatedTwice,
      notDoneOnce: sum.notDoneOnce + f.notDoneOnce,
      tempFiles: sum.tempFiles + f.tempFiles,
      uncommitted: sum.uncommitted + f.uncommitted,
      opFindings: sum.opFindings + f.opFindings,
    }),
    {
      faultPoints: 0,
      lost: 0,
      brokenLinks: 0,
      duplicateIds: 0,
      consolidatedTwice: 0,
      notDoneOnce: 0,
      tempFiles: 0,
      uncommitted: 0,
      opFindings: 0,
    },
  );
  const lines = [
    `torture (${FULL ? "full sweep" : "sampled"}): operation | mutating calls | fault points | text lost | broken links | duplicate ids | consolidated twice | not done once | temp files left | uncommitted paths | operation's own checks`,
    ...figures.map(
      (f) =>
        `${f.operation} | ${f.mutatingCalls} | ${f.faultPoints} | ${f.lost} | ${f.brokenLinks} | ${f.duplicateIds} | ${f.consolidatedTwice} | ${f.notDoneOnce} | ${f.tempFiles} | ${f.committed ? f.uncommitted : "n/a"} | ${f.opFindings}`,
    ),
    `total | | ${total.faultPoints} | ${total.lost} | ${total.brokenLinks} | ${total.duplicateIds} | ${total.consolidatedTwice} | ${total.notDoneOnce} | ${total.tempFiles} | ${total.uncommitted} | ${total.opFindings}`,
  ];
  process.stdout.write(`${lines.join("\n")}\n`);
});
