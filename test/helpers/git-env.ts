import { mkdir } from "node:fs/promises";
import { join } from "node:path";

/**
 * An environment in which git sees no user or system config (so no global identity),
 * and never looks for a repository above `base`.
 */
export async function isolatedGitEnv(base: string): Promise<Record<string, string>> {
  const home = join(base, "home");
  await mkdir(home, { recursive: true });
  return {
    HOME: home,
    XDG_CONFIG_HOME: home,
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_CEILING_DIRECTORIES: base,
  };
}
