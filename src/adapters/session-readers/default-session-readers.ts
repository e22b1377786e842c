import type { SessionReaders } from "../../ports/session-reader.js";
import { fileSessionReader } from "./session-file-reader.js";
import type { SessionFs } from "./session-fs.js";
import { jsonlSessionReader } from "./session-jsonl-reader.js";

/** Options of {@link defaultSessionReaders}. */
export interface DefaultSessionReadersOptions {
  /** Where transcripts are read from; default node:fs. A memory on memfs passes its memfs. */
  readonly fs?: SessionFs;
  /** The folders transcripts may be read from (see FileSessionReaderOptions); default anywhere. */
  readonly allowedRoots?: readonly string[];
}

/**
 * The `file` and `jsonl` readers over one filesystem. A memory has no reader unless its host
 * passes some: consolidation never picks a filesystem by itself, so a memory built on memfs
 * cannot read the real disk behind the host's back.
 *
 * @example
 * ```ts
 * import * as fs from "node:fs";
 * const memory = createMemory({ persistence, git, sessionReaders: defaultSessionReaders({ fs }) });
 * ```
 */
export function defaultSessionReaders(options: DefaultSessionReadersOptions = {}): SessionReaders {
  const shared = {
    ...(options.fs === undefined ? {} : { fs: options.fs }),
    ...(options.allowedRoots === undefined ? {} : { allowedRoots: options.allowedRoots }),
  };
  return { file: fileSessionReader(shared), jsonl: jsonlSessionReader(shared) };
}
