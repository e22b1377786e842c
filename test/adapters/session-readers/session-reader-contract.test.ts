/** Every session reader of the package, run through the SessionReader contract. */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { memfs } from "memfs";
import { commandSessionReader } from "../../../src/adapters/session-readers/session-command-reader.js";
import { fileSessionReader } from "../../../src/adapters/session-readers/session-file-reader.js";
import { jsonlSessionReader } from "../../../src/adapters/session-readers/session-jsonl-reader.js";
import type { SessionReader } from "../../../src/ports/session-reader.js";
import {
  runSessionReaderContract,
  type SessionContent,
  type SessionReaderContractFixture,
} from "../../../src/testing/index.js";
import { entryFor, FIXTURES } from "./reader-helpers.js";

/** A text transcript: one message per line. */
const asLines = (messages: readonly string[]) => messages.map((m) => `${m}\n`).join("");

/**
 * A Claude Code session (the shape of fixtures/sessions/claude-code-session.jsonl): the
 * messages alternate between the user (string content) and the assistant (text blocks).
 */
function asClaudeCode(messages: readonly string[]): string {
  const base = {
    isSidechain: false,
    userType: "external",
    cwd: "/home/dev/app",
    version: "2.0.61",
  };
  return messages
    .map((text, i) => {
      const uuid = `m-${i}`;
      const parentUuid = i === 0 ? null : `m-${i - 1}`;
      const timestamp = new Date(Date.UTC(2026, 3, 16, 9, 0, i)).toISOString();
      const line =
        i % 2 === 0
          ? { ...base, parentUuid, type: "user", message: { role: "user", content: text } }
          : {
              ...base,
              parentUuid,
              type: "assistant",
              message: { role: "assistant", content: [{ type: "text", text }] },
            };
      return `${JSON.stringify({ ...line, sessionId: "s-1", uuid, timestamp })}\n`;
    })
    .join("");
}

const bytesOf = (content: SessionContent, format: (messages: readonly string[]) => string) =>
  "bytes" in content ? content.bytes : format(content.messages);

/** A reader of files in a fresh temp folder on disk. */
function onDisk(
  method: string,
  reader: SessionReader,
  format: (messages: readonly string[]) => string,
): () => Promise<SessionReaderContractFixture> {
  return async () => {
    const dir = await mkdtemp(join(tmpdir(), "agent-memory-reader-"));
    return {
      session: async (content) => {
        const path = join(dir, "session");
        await writeFile(path, bytesOf(content, format));
        return { reader, entry: entryFor(method, { sessionPath: path }) };
      },
      missing: async () => ({
        reader,
        entry: entryFor(method, { sessionPath: join(dir, "gone") }),
      }),
      cleanup: () => rm(dir, { recursive: true, force: true }),
    };
  };
}

runSessionReaderContract(
  "fileSessionReader on node:fs",
  onDisk("file", fileSessionReader(), asLines),
);

runSessionReaderContract("fileSessionReader on memfs", async () => {
  const { fs } = memfs({ "/sessions": null });
  const reader = fileSessionReader({ fs });
  return {
    session: async (content) => {
      await fs.promises.writeFile("/sessions/s.md", bytesOf(content, asLines));
      return { reader, entry: entryFor("file", { sessionPath: "/sessions/s.md" }) };
    },
    missing: async () => ({
      reader,
      entry: entryFor("file", { sessionPath: "/sessions/gone.md" }),
    }),
  };
});

runSessionReaderContract(
  "jsonlSessionReader on a Claude Code session",
  onDisk("jsonl", jsonlSessionReader(), asClaudeCode),
);

/** The command reader running a fixture script with node. */
const scriptReader = (script: string) =>
  commandSessionReader({
    command: process.execPath,
    args: [join(FIXTURES, script)],
    timeoutMs: 20_000,
  });

runSessionReaderContract("commandSessionReader", async () => {
  const dir = await mkdtemp(join(tmpdir(), "agent-memory-reader-"));
  return {
    // The command prints the thread stored in the file its thread id names.
    session: async (content) => {
      const path = join(dir, "thread.md");
      await writeFile(path, bytesOf(content, asLines));
      return {
        reader: scriptReader("print-file.mjs"),
        entry: entryFor("command", { threadId: path }),
      };
    },
    hanging: async () => ({
      reader: scriptReader("hang.mjs"),
      entry: entryFor("command", { threadId: "T-hangs" }),
    }),
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
});
