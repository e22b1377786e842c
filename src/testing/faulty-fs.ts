/**
 * A filesystem wrapper for tests that makes one method reject while armed,
 * to prove that failures leave the memory as it was.
 */
import type { FsLike, FsPromisesLike } from "../adapters/fs/fs-like.js";

/** The methods a test can make fail. */
export type FaultyMethod = "writeFile" | "rename" | "link" | "unlink";

/** A wrapped fs plus the switch that arms the fault. */
export interface FaultyFs {
  readonly fs: FsLike;
  /** From now on calls to `method` reject with an EIO error; `undefined` disarms. */
  arm(method: FaultyMethod | undefined): void;
}

/** Wraps `inner`; nothing fails until `arm` is called. */
export function faultyFs(inner: FsLike): FaultyFs {
  const p = inner.promises;
  let failing: FaultyMethod | undefined;
  const guard = <T>(method: FaultyMethod, run: () => Promise<T>): Promise<T> =>
    failing === method
      ? Promise.reject(Object.assign(new Error(`injected ${method} failure`), { code: "EIO" }))
      : run();
  const promises: FsPromisesLike = {
    readFile: (path, encoding) => p.readFile(path, encoding),
    writeFile: (path, data, options) => guard("writeFile", () => p.writeFile(path, data, options)),
    rename: (from, to) => guard("rename", () => p.rename(from, to)),
    link: (from, to) => guard("link", () => p.link(from, to)),
    unlink: (path) => guard("unlink", () => p.unlink(path)),
    mkdir: (path, options) => p.mkdir(path, options),
    rmdir: (path) => p.rmdir(path),
    readdir: (path, options) => p.readdir(path, options),
    stat: (path) => p.stat(path),
    lstat: (path) => p.lstat(path),
  };
  // Keep the inner fs's synchronous reads, so the contract covers the path that uses them.
  const { readFileSync, statSync, readdirSync } = inner;
  const sync =
    readFileSync === undefined || statSync === undefined || readdirSync === undefined
      ? {}
      : {
          readFileSync: readFileSync.bind(inner),
          statSync: statSync.bind(inner),
          readdirSync: readdirSync.bind(inner),
        };
  return {
    fs: { promises, ...sync },
    arm: (method) => {
      failing = method;
    },
  };
}
