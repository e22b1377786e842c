/**
 * Codex's exec tool output: a header (codex-rs `unified_exec.rs` `format_response`; older
 * tools `Exit code: N` / `Wall time:`) then `Output:` and the body. The header says how the
 * process ended in about 100 characters; the session text keeps that as a few words and
 * gives the room to the output.
 */

const HEADER_LINE =
  /^(Chunk ID: .*|Wall time: .*|Process exited with code (-?\d+)|Process running with session ID (\d+)|Original token count: .*|Exit code: (-?\d+)|Total output lines: .*)$/;

/**
 * The status and body of an exec output; undefined when `text` has no such header.
 *
 * @example
 * ```ts
 * parseExecOutput("Wall time: 0.1 seconds\nProcess exited with code 1\nOutput:\nboom\n");
 * // { status: "exit 1", body: "boom\n" }
 * ```
 */
export function parseExecOutput(text: string): { status: string; body: string } | undefined {
  const lines = text.split("\n");
  let status = "";
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] ?? "";
    if (line === "Output:") {
      if (index === 0) return undefined;
      return { status, body: lines.slice(index + 1).join("\n") };
    }
    const match = HEADER_LINE.exec(line);
    if (match === null) return undefined;
    const exit = match[2] ?? match[4];
    if (exit !== undefined) status = `exit ${exit}`;
    if (match[3] !== undefined) status = `running (session ${match[3]})`;
  }
  return undefined;
}
