/**
 * Which lines of one version of a text survive unchanged in another: a longest common
 * subsequence of lines (Myers' O((N+M)D) algorithm), the matching blame is built on.
 *
 * @module
 */

/**
 * For each line of `after`, the index of the same line in `before` when it survived
 * unchanged, else -1. Matches keep their order (a longest common subsequence), so a line
 * that moved counts as removed and added, as `git blame` sees it.
 *
 * @example
 * ```ts
 * matchLines(["a", "b", "c"], ["a", "x", "c"]); // [0, -1, 2]
 * ```
 */
export function matchLines(before: readonly string[], after: readonly string[]): number[] {
  const matched = Array.from({ length: after.length }, () => -1);
  // Unchanged head and tail first: most edits touch a few lines of a long note.
  let head = 0;
  while (head < before.length && head < after.length && before[head] === after[head]) {
    matched[head] = head;
    head++;
  }
  let tail = 0;
  while (
    tail < before.length - head &&
    tail < after.length - head &&
    before[before.length - 1 - tail] === after[after.length - 1 - tail]
  ) {
    matched[after.length - 1 - tail] = before.length - 1 - tail;
    tail++;
  }
  const a = before.slice(head, before.length - tail);
  const b = after.slice(head, after.length - tail);
  for (const [i, j] of commonLines(a, b)) matched[head + j] = head + i;
  return matched;
}

/** The pairs (index in a, index in b) of a longest common subsequence, in order. */
function commonLines(a: readonly string[], b: readonly string[]): Array<[number, number]> {
  const n = a.length;
  const m = b.length;
  if (n === 0 || m === 0) return [];
  const max = n + m;
  const offset = max;
  const v = new Int32Array(2 * max + 2);
  const trace: Int32Array[] = [];
  let found = -1;
  for (let d = 0; d <= max && found < 0; d++) {
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      const down = k === -d || (k !== d && (v[offset + k - 1] ?? 0) < (v[offset + k + 1] ?? 0));
      let x = down ? (v[offset + k + 1] ?? 0) : (v[offset + k - 1] ?? 0) + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) {
        found = d;
        break;
      }
    }
  }
  // Walk the trace back from the end, collecting the diagonal (unchanged) steps.
  const pairs: Array<[number, number]> = [];
  let x = n;
  let y = m;
  for (let d = found; d > 0; d--) {
    const before = trace[d] ?? v;
    const k = x - y;
    const down =
      k === -d || (k !== d && (before[offset + k - 1] ?? 0) < (before[offset + k + 1] ?? 0));
    const prevK = down ? k + 1 : k - 1;
    const prevX = before[offset + prevK] ?? 0;
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      x--;
      y--;
      pairs.push([x, y]);
    }
    x = prevX;
    y = prevY;
  }
  while (x > 0 && y > 0) {
    x--;
    y--;
    pairs.push([x, y]);
  }
  return pairs.toReversed();
}

/**
 * The lines of a file as git counts them: split on `\n`, without the empty string after a
 * final newline (a `\r` stays on its line).
 *
 * @example
 * ```ts
 * fileLines("# A\n\nbody\n"); // ["# A", "", "body"]
 * ```
 */
export function fileLines(text: string): string[] {
  if (text === "") return [];
  const lines = text.split("\n");
  if (text.endsWith("\n")) lines.pop();
  return lines;
}
