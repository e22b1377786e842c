import { hostname } from "node:os";
import type { LockHost } from "../../ports/lock-host.js";

/**
 * The lock host of a Node or Bun process: its pid, the machine's name, and `kill(pid, 0)` to
 * see whether another process of this machine is still alive (so a crashed holder's lock is
 * taken over at once instead of after its stale time).
 *
 * @example
 * ```ts
 * const memory = createMemory({ persistence, lock: { host: nodeLockHost() } });
 * ```
 */
export function nodeLockHost(): LockHost {
  return { pid: process.pid, hostname: hostname(), isAlive: processAlive };
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (cause) {
    // EPERM: it exists but belongs to someone else.
    return (cause as { code?: string }).code === "EPERM";
  }
}
