/**
 * A unified-style line diff of two small texts (settings files), for `--dry-run` output:
 * `-` lines removed, `+` lines added, a few unchanged lines of context around each change.
 *
 * @module
 */

const UNCHANGED_AROUND = 2;

/**
 * The diff of `before` and `after`, or "" when they are equal.
 *
 * @example
 * ```ts
 * lineDiff("a\nb\n", "a\nc\n", "settings.json"); // "--- settings.json\n+++ settings.json\n  a\n- b\n+ c\n"
 * ```
 */
export function lineDiff(before: string, after: string, name: string): string {
  if (before === after) return "";
  const a = before.split("\n");
  const b = after.split("\n");
  // Longest common subsequence table, from the end: the files are a few hundred lines at most.
  const lcs = Array.from({ length: a.length + 1 }, () =>
    Array.from({ length: b.length + 1 }, () => 0),
  );
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      const row = lcs[i] ?? [];
      row[j] =
        a[i] === b[j]
          ? (lcs[i + 1]?.[j + 1] ?? 0) + 1
          : Math.max(lcs[i + 1]?.[j] ?? 0, row[j + 1] ?? 0);
    }
  }
  const lines: { mark: " " | "-" | "+"; text: string }[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      lines.push({ mark: " ", text: a[i] ?? "" });
      i++;
      j++;
    } else if (
      j < b.length &&
      (i >= a.length || (lcs[i]?.[j + 1] ?? 0) >= (lcs[i + 1]?.[j] ?? 0))
    ) {
      lines.push({ mark: "+", text: b[j] ?? "" });
      j++;
    } else {
      lines.push({ mark: "-", text: a[i] ?? "" });
      i++;
    }
  }
  const near = (index: number) =>
    lines
      .slice(Math.max(0, index - UNCHANGED_AROUND), index + UNCHANGED_AROUND + 1)
      .some((line) => line.mark !== " ");
  const shown = lines.filter((line, index) => line.mark !== " " || near(index));
  return (
    [`--- ${name}`, `+++ ${name}`, ...shown.map((line) => `${line.mark} ${line.text}`)].join("\n") +
    "\n"
  );
}
