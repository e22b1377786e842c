/**
 * The real `memory mcp` server (dist/cli.js, the SDK's own stdio client) loads the memory as
 * soon as it is connected, before any call: the harness lists tools and starts its agent
 * meanwhile, so the agent's first search does not pay for indexing every note.
 */
import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createSandbox, succeeded, type Sandbox } from "../cli/cli-harness.js";
import { SEARCH_CACHE_PATH } from "../../src/notes/search/search-cache-file.js";
import { scaledMs } from "../helpers/time-scale.js";
import { startMcp, type McpSession } from "./mcp-client.js";

let sandbox: Sandbox;
let root: string;
let session: McpSession | undefined;

beforeAll(async () => {
  sandbox = await createSandbox();
  root = join(sandbox.dir, "memory");
  // Setup, not what is tested: the memory is made in-process; the server is a real process.
  succeeded(await sandbox.cliInProcess(["init", "--root", root]));
  await writeFile(
    join(root, "topics", "kiln schedule id__Kiln01.md"),
    "# Kiln schedule\n\nThe kiln firing moved to Tuesday.\n",
  );
  session = await startMcp(sandbox, root);
});

afterAll(async () => {
  await session?.close();
  await sandbox?.cleanup();
});

it("indexes the memory once connected, before the first call", async () => {
  // The saved index is the warm-up's visible trace: only indexing every note writes it, and
  // no call has been made. Waited for, not timed: how long it takes is the benchmark's.
  const saved = join(root, SEARCH_CACHE_PATH);
  const deadline = Date.now() + scaledMs(20_000);
  while (!existsSync(saved) && Date.now() < deadline) await sleep(50);
  expect(existsSync(saved)).toBe(true);
  const answer = await session?.ok<{ results: { id: string }[] }>("search", { query: "kiln" });
  expect(answer?.results.map((hit) => hit.id)).toEqual(["id__Kiln01"]);
});
