/** Every AGENTS.md target of the package, run through the AgentsMdTarget contract. */
import * as nodeFs from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, posix } from "node:path";
import { memfs } from "memfs";
import { fileTarget } from "../../../src/adapters/agents-md-file/file-target.js";
import { inMemoryPorts } from "../../../src/adapters/in-memory/in-memory.js";
import { memoryTarget } from "../../../src/lifecycle/agents-md/memory-target.js";
import { okOf, runAgentsMdTargetContract } from "../../../src/testing/index.js";

// A target inside the memory, through its Persistence: it can express only the layouts whose
// file is inside the memory root.
runAgentsMdTargetContract("memoryTarget over in-memory persistence", async (layout) => {
  const inRoot = posix.relative(layout.memoryRoot, layout.targetPath);
  if (inRoot.startsWith("../")) return undefined;
  const { persistence } = okOf(await inMemoryPorts());
  return { target: memoryTarget(persistence, inRoot) };
});

runAgentsMdTargetContract("fileTarget over node:fs", async (layout) => {
  const base = await mkdtemp(join(tmpdir(), "agent-memory-target-"));
  return {
    target: fileTarget({
      fs: nodeFs,
      path: join(base, layout.targetPath),
      memoryRoot: join(base, layout.memoryRoot),
    }),
    cleanup: () => rm(base, { recursive: true, force: true }),
  };
});

runAgentsMdTargetContract("fileTarget over memfs", async (layout) => {
  const { fs } = memfs({ "/workspace": null });
  return {
    target: fileTarget({
      fs,
      path: posix.join("/workspace", layout.targetPath),
      memoryRoot: posix.join("/workspace", layout.memoryRoot),
    }),
  };
});
