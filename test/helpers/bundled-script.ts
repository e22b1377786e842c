/**
 * A TypeScript script bundled into one JavaScript file, for tests that start it in many
 * processes at once. `node --import tsx script.ts` loads tsx and compiles the script's
 * imports in every process (2.7 s of CPU each, measured on the journal's worker); node on the
 * bundle starts in about 1 s, and the bundle is built once (about 1.3 s). Bundled with tsup,
 * as the package itself is, with every dependency inside, so the file runs from a temp folder.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { build } from "tsup";

/** A bundled script: the file to run with node, and the removal of its folder. */
export interface BundledScript {
  readonly file: string;
  cleanup(): Promise<void>;
}

/** Bundles `script` (an absolute path to a .ts file) into a temp folder. */
export async function bundledScript(script: string): Promise<BundledScript> {
  const dir = await mkdtemp(join(tmpdir(), "agent-memory-bundle-"));
  const name = basename(script).replace(/\.ts$/, "");
  await build({
    entry: { [name]: script },
    outDir: dir,
    format: ["esm"],
    platform: "node",
    target: "node20",
    splitting: false,
    noExternal: [/.*/],
    // The project's tsup.config.ts builds the package; this builds one test script.
    config: false,
    silent: true,
  });
  return {
    file: join(dir, `${name}.js`),
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
}
