/**
 * Where the AGENTS.md section goes. The file usually lives outside the memory root (the
 * repository's AGENTS.md, with the memory in `memory/`), so it gets its own small port
 * instead of the memory's Persistence.
 *
 * @module
 */
import type { ResultAsync } from "neverthrow";
import type { PersistenceError } from "../errors.js";

/**
 * The file the generated section is spliced into. `runAgentsMdTargetContract` in
 * `agent-memory/testing` holds a target to this.
 */
export interface AgentsMdTarget {
  /** How messages name the file. */
  readonly path: string;
  /**
   * `/`-separated path from the target file's folder to the memory root, e.g. `"memory"`,
   * `"."` (same folder) or `"../memory"`: links in the section are written through it.
   */
  readonly memoryRootFromTarget: string;
  /** The file's content, or undefined when there is no file yet. */
  read(): ResultAsync<string | undefined, PersistenceError>;
  /** Replaces (or creates) the file, atomically. */
  write(content: string): ResultAsync<void, PersistenceError>;
}
