/**
 * The processes of the concurrency test: workers that mutate one memory through the built
 * CLI, each on its own notes (so the test knows exactly what each note must end up as), and
 * the record of what every command reported.
 */
import type { CliRun, Sandbox } from "./cli-harness.js";

/** What a command said it did: its exit code and `--json` output, reduced to the outcome. */
export type Outcome = "committed" | "applied-not-committed" | "unchanged" | "not-applied";

export type OpKind = "capture" | "append" | "tag" | "rename" | "move" | "archive" | "tier";

/** One command a worker ran and what it reported. */
export interface OpRecord {
  readonly worker: number;
  readonly kind: OpKind;
  readonly id: string;
  /** Text the operation put in the note (a sentence, an appended line, a tag). */
  readonly text?: string;
  readonly outcome: Outcome;
  /** The commit the command reported, when it said it committed. */
  readonly commit?: string;
  /** The note's path the command reported. */
  readonly path?: string;
  /** Why it did not commit, as the command said. */
  readonly notCommitted?: string;
  readonly run: CliRun;
}

/** What a worker's note must be, from the outcomes its commands reported. */
export interface ExpectedNote {
  id: string;
  title: string;
  status: "inbox" | "active" | "archived";
  readonly texts: string[];
}

/** A small seeded generator, so a failing run can be replayed with its seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface Reported {
  readonly changed?: boolean;
  readonly commit?: string | null;
  readonly notCommitted?: string;
  readonly committed?: boolean;
  readonly path?: string;
  readonly note?: { readonly id?: string; readonly path?: string };
}

/**
 * The outcome a run reported: exit 1 is "not applied"; exit 0 with a commit, "committed";
 * exit 0 with `notCommitted` (or a change and no commit), "applied, not committed"; exit 0
 * otherwise, "unchanged" (archiving an archived note).
 */
export function outcomeOf(run: CliRun, kind: OpKind): { outcome: Outcome; reported: Reported } {
  if (run.code !== 0) return { outcome: "not-applied", reported: {} };
  const reported = JSON.parse(run.stdout) as Reported;
  if (typeof reported.commit === "string" && reported.notCommitted === undefined)
    return { outcome: "committed", reported };
  const applied =
    reported.notCommitted !== undefined || reported.changed === true || kind === "capture";
  return { outcome: applied ? "applied-not-committed" : "unchanged", reported };
}

/** Runs `ops` commands of worker `worker` one after the other, on notes of its own. */
export async function runWorker(
  sandbox: Sandbox,
  root: string,
  worker: number,
  ops: number,
  random: () => number,
): Promise<{ records: OpRecord[]; notes: Map<string, ExpectedNote> }> {
  const records: OpRecord[] = [];
  const notes = new Map<string, ExpectedNote>();
  const cli = (args: readonly string[]) => sandbox.cli([...args, "--root", root, "--json"]);
  for (let k = 0; k < ops; k += 1) {
    const mine = [...notes.values()];
    const pick = mine[Math.floor(random() * mine.length)];
    const roll = random();
    const tag = `w${worker}k${k}`;
    if (pick === undefined || roll < 0.3) {
      const sentence = `Worker ${worker} captured sentence ${k} ${Math.floor(random() * 1e9)}.`;
      const title = `Worker ${worker} note ${k}`;
      const run = await cli(["capture", title, "--body", sentence]);
      const { outcome, reported } = outcomeOf(run, "capture");
      const id = reported.note?.id ?? "";
      if (outcome !== "not-applied")
        notes.set(id, { id, title, status: "inbox", texts: [sentence] });
      records.push(record(worker, "capture", id, sentence, outcome, reported, run));
      continue;
    }
    const id = pick.id;
    const op: OpKind =
      roll < 0.55
        ? "append"
        : roll < 0.65
          ? "tag"
          : roll < 0.75
            ? "rename"
            : roll < 0.85
              ? "move"
              : roll < 0.9
                ? "archive"
                : "tier";
    let args: string[];
    let text: string | undefined;
    let apply: (note: ExpectedNote) => void;
    if (op === "append" || op === "tag") {
      text = op === "tag" ? `#${tag}` : `Worker ${worker} appended line ${k}.`;
      args = ["edit", id, "--append", text];
      apply = (note) => note.texts.push(text ?? "");
    } else if (op === "rename") {
      const title = `Worker ${worker} note renamed at ${k}`;
      args = ["rename", id, title];
      apply = (note) => (note.title = title);
    } else if (op === "move" || op === "archive") {
      const status = op === "archive" ? "archived" : pick.status === "active" ? "inbox" : "active";
      args = op === "archive" ? ["archive", id] : ["move", id, status];
      apply = (note) => (note.status = status);
    } else {
      args = ["tier", id, random() < 0.5 ? "hot" : "warm"];
      apply = () => undefined;
    }
    const run = await cli(args);
    const { outcome, reported } = outcomeOf(run, op);
    if (outcome !== "not-applied") apply(pick);
    records.push(record(worker, op, id, text, outcome, reported, run));
  }
  return { records, notes };
}

function record(
  worker: number,
  kind: OpKind,
  id: string,
  text: string | undefined,
  outcome: Outcome,
  reported: Reported,
  run: CliRun,
): OpRecord {
  const path = reported.note?.path ?? reported.path;
  return {
    worker,
    kind,
    id,
    ...(text === undefined ? {} : { text }),
    outcome,
    ...(outcome === "committed" && typeof reported.commit === "string"
      ? { commit: reported.commit }
      : {}),
    ...(path === undefined ? {} : { path }),
    ...(reported.notCommitted === undefined ? {} : { notCommitted: reported.notCommitted }),
    run,
  };
}
