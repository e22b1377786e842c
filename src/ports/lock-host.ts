/**
 * What the cross-process lock needs to know about the process it runs in. A port, so the
 * notes layer has no `node:*` import and a host without processes (a browser, a sandbox)
 * can still lock.
 */
export interface LockHost {
  /** This process's id, recorded in the lock file. */
  readonly pid: number;
  /** This machine's name: a pid is only meaningful on the host that wrote it. */
  readonly hostname: string;
  /** Whether a process of this host with `pid` still runs. */
  isAlive(pid: number): boolean;
}
