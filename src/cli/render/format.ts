/**
 * Small formatting helpers shared by the commands' human output.
 *
 * @module
 */

/** A time as `YYYY-MM-DD HH:MM UTC`: precise enough to read, the same on every machine. */
export function formatTime(epochMs: number): string {
  return `${new Date(epochMs).toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

/** One note per line: id, status, title, so `grep` and `cut` work on the output. */
export function noteLine(note: {
  readonly id: string;
  readonly status: string;
  readonly title: string;
}): string {
  return `${note.id}  ${note.status.padEnd(8)}  ${note.title}`;
}

/** `1 note`, `2 notes`; irregular plurals are passed in: `plural(2, "entry", "entries")`. */
export function plural(count: number, word: string, many = `${word}s`): string {
  return `${count} ${count === 1 ? word : many}`;
}

/** Text lines, an empty line between groups; groups with no lines are left out. */
export function lines(...groups: readonly (readonly string[])[]): string {
  return groups
    .filter((group) => group.length > 0)
    .map((group) => group.join("\n"))
    .join("\n\n");
}
