/**
 * A host that vendors this repository (as a git submodule would) and depends on it by path
 * (`"agent-memory": "file:vendor/agent-memory"`). For such a dependency npm links the folder
 * into node_modules and runs its `prepare` lifecycle script, which must build what the host
 * imports. Tests run offline, so instead of resolving the packages from the registry the host
 * reuses this repository's installed node_modules; npm itself (`npm rebuild`, which runs the
 * same lifecycle as an install) then builds the vendored copy from a tree without dist/.
 */
import { execFileSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { stripVTControlCharacters } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scaledMs } from "../helpers/time-scale.js";

const repo = resolve(import.meta.dirname, "../..");
const skipped = new Set(["node_modules", "dist", ".git", ".bench-tmp", "coverage"]);

describe("a host that vendors agent-memory and depends on it by path", () => {
  let host = "";

  beforeAll(() => {
    host = mkdtempSync(join(tmpdir(), "agent-memory-host-"));
    const vendored = join(host, "vendor/agent-memory");
    cpSync(repo, vendored, {
      recursive: true,
      filter: (source) => !skipped.has(source.slice(repo.length + 1).split("/")[0] ?? ""),
    });
    const manifest = {
      name: "host",
      version: "1.0.0",
      private: true,
      type: "module",
      dependencies: { "agent-memory": "file:vendor/agent-memory" },
    };
    writeFileSync(join(host, "package.json"), JSON.stringify(manifest, null, 2));
    // What `npm install` lays out for a file: dependency: a link, and the package's own deps.
    mkdirSync(join(host, "node_modules"));
    symlinkSync("../vendor/agent-memory", join(host, "node_modules/agent-memory"), "dir");
    symlinkSync(join(repo, "node_modules"), join(vendored, "node_modules"), "dir");
    if (existsSync(join(vendored, "dist")))
      throw new Error("the vendored copy must start without dist/");
    execFileSync("npm", ["rebuild", "agent-memory", "--foreground-scripts"], {
      cwd: host,
      stdio: "pipe",
    });
  }, scaledMs(240_000));

  afterAll(() => {
    if (host !== "") rmSync(host, { recursive: true, force: true });
  });

  it("imports the built package and runs a memory in RAM", () => {
    writeFileSync(
      join(host, "main.mjs"),
      `import { createMemory } from "agent-memory";
import { inMemoryPorts } from "agent-memory/adapters/in-memory";
const ports = await inMemoryPorts();
const memory = createMemory(ports._unsafeUnwrap());
const note = await memory.capture({ title: "From the host", body: "hello" });
const listed = await memory.list();
console.log(JSON.stringify({ id: note._unsafeUnwrap().id, count: listed._unsafeUnwrap().length }));
`,
    );
    const output = execFileSync("node", ["main.mjs"], { cwd: host, encoding: "utf8" });
    const result = JSON.parse(output) as { id: string; count: number };
    expect(result.count).toBe(1);
    expect(result.id).toMatch(/^id__[0-9A-Za-z]{6}$/);
  });

  it(
    "runs a contract suite of agent-memory/testing on its own adapter with its own vitest",
    () => {
      writeFileSync(
        join(host, "my-llm.test.mjs"),
        `import { llmFromFunction } from "agent-memory/adapters";
import { runLlmContract } from "agent-memory/testing";
// The host's own adapter (here a thin wrapper), proven by the package's suite.
const myLlm = (model) => ({ complete: (request) => llmFromFunction(model).complete(request) });
runLlmContract("the host's llm", {
  answering: (answer) => myLlm(() => answer),
  failing: () => myLlm(() => { throw new Error("down"); }),
  withoutText: () => ({ nothing: myLlm(() => undefined) }),
  hanging: () => myLlm(() => new Promise(() => undefined)),
});
`,
      );
      const vitest = join(repo, "node_modules/vitest/vitest.mjs");
      const env = Object.fromEntries(
        Object.entries(process.env).filter(([name]) => !name.startsWith("VITEST")),
      );
      const output = execFileSync("node", [vitest, "run", "--root", host, "my-llm.test.mjs"], {
        cwd: host,
        env,
        encoding: "utf8",
        stdio: "pipe",
      });
      expect(stripVTControlCharacters(output)).toMatch(/Tests\s+5 passed \(5\)/);
    },
    scaledMs(120_000),
  );

  it(
    "type-checks against the package's declarations",
    () => {
      writeFileSync(
        join(host, "typed.ts"),
        `import { createMemory, type Memory, type NoteMeta } from "agent-memory";
import { fsPersistence, gitCli, watchMemoryFiles } from "agent-memory/adapters";
import { createNotesMemory } from "agent-memory/notes";
import { inMemoryPorts } from "agent-memory/adapters/in-memory";
import { isomorphicGit } from "agent-memory/adapters/isomorphic-git";
import { parseNote } from "agent-memory/format";
import { runConsolidation } from "agent-memory/lifecycle";
import { migrateToV2 } from "agent-memory/migrate";
import { okOf, runLlmContract, type LlmContractFixture } from "agent-memory/testing";
declare const memory: Memory;
declare const fixture: LlmContractFixture;
const check: (m: NoteMeta) => string = (m) => m.id;
export const x = [createMemory, createNotesMemory, watchMemoryFiles, memory, check, fsPersistence, gitCli, inMemoryPorts, isomorphicGit, parseNote, runConsolidation, migrateToV2, okOf, runLlmContract, fixture];
`,
      );
      writeFileSync(
        join(host, "tsconfig.json"),
        JSON.stringify({
          compilerOptions: {
            strict: true,
            module: "NodeNext",
            moduleResolution: "NodeNext",
            noEmit: true,
            skipLibCheck: false,
          },
          files: ["typed.ts"],
        }),
      );
      const tsc = join(repo, "node_modules/typescript/bin/tsc");
      expect(() =>
        execFileSync("node", [tsc, "-p", host], { cwd: host, encoding: "utf8", stdio: "pipe" }),
      ).not.toThrow();
      // A cold tsc over every declaration file (skipLibCheck off) takes long on a busy machine.
    },
    scaledMs(120_000),
  );
});
