import { NO_SESSION_METHOD, type StoredJournalEntry } from "../../model/records/journal-entry.js";
import { readSession } from "../sessions/read-session.js";
import type { LoggedSession } from "../sessions/session-unconsumed.js";
import { CHARS_PER_TOKEN, type ConsolidationDeps } from "./consolidation-deps.js";
import type { PromptSession } from "./consolidation-prompt.js";
import type {
  FetchSessionsInput,
  FetchSessionsOutput,
  SessionWarning,
  UnreadableEntry,
} from "./consolidation-steps.js";
import { scrubSecrets } from "../secret-scrubber.js";
import { redactedShare } from "../sessions/credential-store.js";

const MIN_SHARE_BYTES = 2_048;
/** A session more than this share secrets is a credentials file read whole, not a session. */
const MAX_SECRET_SHARE = 0.5;

/**
 * Reads each entry's transcript through the reader registered for its retrieval method,
 * sharing the session budget between the entries and the session-log sections. An entry
 * whose transcript cannot be read, or reads as no text at all, is left pending (and
 * reported), never consumed blind; the readers' warnings travel into the report;
 * an entry with only a note (method "none") needs no reader. Every text passes the secret
 * scrubber before it reaches the prompt; a text that is mostly secrets is refused whole.
 */
export async function fetchSessionTexts(
  deps: ConsolidationDeps,
  input: FetchSessionsInput,
  signal: AbortSignal,
): Promise<FetchSessionsOutput> {
  // The budget is a cap, not a per-entry allowance: a run takes as many of the oldest
  // entries as fit with a useful share each; the rest wait, pending, for the next run.
  const budget = deps.budget.sessionTokens * CHARS_PER_TOKEN;
  const logPart = input.logged.length > 0 ? 1 : 0;
  const fitting = Math.max(1, Math.floor(budget / MIN_SHARE_BYTES) - logPart);
  const entries = input.entries.slice(0, fitting);
  const share = Math.max(256, Math.floor(budget / Math.max(1, entries.length + logPart)));
  const sessions: PromptSession[] = [];
  const readEntryIds: string[] = [];
  const unreadable: UnreadableEntry[] = [];
  const warnings: SessionWarning[] = [];
  for (const entry of entries) {
    const label = entryLabel(entry);
    // The note was scrubbed when added here, but an entry that arrived by sync was not.
    const noteText =
      entry.note === undefined ? "" : scrubSecrets(entry.note.slice(0, Math.floor(share / 2))).text;
    const note = noteText === "" ? "" : `Note from the agent: ${noteText}\n\n`;
    if (entry.retrieval.method === NO_SESSION_METHOD) {
      sessions.push({ label, text: note.trim() === "" ? "(an empty entry)" : note.trim() });
      readEntryIds.push(entry.id);
      continue;
    }
    const read = await readSession(deps.readers, entry, {
      budgetBytes: Math.max(256, share - note.length),
      signal,
    });
    if (read.isErr()) {
      const refused = read.error.code === "SESSION_READ" && read.error.refused;
      unreadable.push({
        id: entry.id,
        reason: read.error.message,
        ...(refused ? { refused } : {}),
      });
      continue;
    }
    // A reader that returns nothing read nothing: consuming the entry would lose its session.
    if (read.value.text.trim() === "") {
      unreadable.push({
        id: entry.id,
        reason: `The session ${read.value.source} was read but gave no text (${read.value.totalBytes} bytes, nothing recognised); left pending.`,
      });
      continue;
    }
    const scrubbed = scrubSecrets(read.value.text);
    const secretShare = redactedShare(read.value.text, scrubbed.text);
    if (secretShare > MAX_SECRET_SHARE) {
      unreadable.push({
        id: entry.id,
        reason: `Refused ${read.value.source} as a session: ${Math.round(secretShare * 100)}% of it is credentials (${[...new Set(scrubbed.redacted)].join(", ")}), so it is a credential store, not a transcript.`,
        refused: true,
      });
      continue;
    }
    for (const warning of read.value.warnings) warnings.push({ id: entry.id, warning });
    if (scrubbed.redacted.length > 0) {
      warnings.push({
        id: entry.id,
        warning: `${scrubbed.redacted.length} secret(s) removed from the session before the model saw it (${[...new Set(scrubbed.redacted)].join(", ")})`,
      });
    }
    // A cut session carries its own notice where the cut is; no second one here.
    sessions.push({ label, text: `${note}${scrubbed.text}` });
    readEntryIds.push(entry.id);
  }
  if (input.logged.length > 0) sessions.push(sessionLogPart(input.logged, share));
  return {
    sessions,
    readEntryIds,
    unreadable,
    warnings,
    deferred: input.entries.slice(entries.length).map((entry) => entry.id),
  };
}

function entryLabel(entry: StoredJournalEntry): string {
  const where = entry.context.repo ?? entry.context.cwd;
  return `journal ${entry.id} (${entry.harness}${where === undefined ? "" : `, ${where}`})`;
}

/** The session-log sections, newest kept when they exceed their share. */
function sessionLogPart(logged: readonly LoggedSession[], share: number): PromptSession {
  const texts = logged.map(
    (session) => `[${session.path} #${session.number}, ${session.day}]\n${session.text}`,
  );
  // Appended sections were scrubbed on their way in; a log that arrived by sync was not.
  let text = scrubSecrets(texts.join("\n\n")).text;
  if (text.length > share)
    text = `[older session-log text cut to fit the budget]\n${text.slice(text.length - share)}`;
  return { label: "session log", text };
}
