/**
 * The AgentsMdTarget contract: every target must pass this suite, in every layout of the
 * target file and the memory root it can express.
 */
import { posix } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { AgentsMdTarget } from "../ports/agents-md-target.js";
import { resultOf } from "./port-call.js";
import { okOf } from "./result-helpers.js";

/**
 * Where the target file and the memory root sit, both `/`-separated and relative to one
 * workspace folder (a repository, say).
 *
 * @example
 * ```ts
 * const layout: AgentsMdTargetLayout = { targetPath: "AGENTS.md", memoryRoot: "memory" };
 * ```
 */
export interface AgentsMdTargetLayout {
  readonly targetPath: string;
  /** `"."` when the memory root is the workspace folder itself. */
  readonly memoryRoot: string;
}

/**
 * A target built for one layout, in a fresh workspace with no target file yet.
 *
 * @example
 * ```ts
 * const subject: AgentsMdTargetUnderTest = { target: memoryTarget(persistence, "AGENTS.md") };
 * ```
 */
export interface AgentsMdTargetUnderTest {
  readonly target: AgentsMdTarget;
  cleanup?(): Promise<void>;
}

/**
 * Builds a target for `layout`, or undefined when the adapter cannot express it (a target
 * that lives inside the memory root cannot be outside it): those tests are skipped.
 */
export type MakeAgentsMdTarget = (
  layout: AgentsMdTargetLayout,
) => Promise<AgentsMdTargetUnderTest | undefined>;

/**
 * The layouts the contract runs every check in.
 *
 * @example
 * ```ts
 * AGENTS_MD_TARGET_LAYOUTS[1]; // { targetPath: "AGENTS.md", memoryRoot: "memory" }
 * ```
 */
export const AGENTS_MD_TARGET_LAYOUTS: readonly AgentsMdTargetLayout[] = [
  { targetPath: "AGENTS.md", memoryRoot: "." },
  { targetPath: "AGENTS.md", memoryRoot: "memory" },
  { targetPath: "docs/AGENTS.md", memoryRoot: "." },
  { targetPath: "app/AGENTS.md", memoryRoot: "memory" },
  { targetPath: "a/b/CLAUDE.md", memoryRoot: "orgs/acme" },
  { targetPath: "orgs/acme/docs/AGENTS.md", memoryRoot: "orgs/acme" },
];

/** A section as the library writes it, with what must survive byte for byte. */
const CONTENT =
  "# Project\r\n\nNotes: café — ü, 日本, 🐢\n\n<!-- agent-memory:start -->\n- [Igor](<memory/topics/igor id__Kf9mNp.md>)\n<!-- agent-memory:end -->\n";

/**
 * Registers the AgentsMdTarget contract (a vitest `describe` block per layout) for the
 * targets `make` builds: a missing file reads as Ok(undefined), a write reads back byte for
 * byte and replaces what was there, readers never see half a write, and
 * `memoryRootFromTarget` is the `/`-separated relative path from the file's folder to the root.
 *
 * @example
 * ```ts
 * // my-target.test.ts, in the host's repository
 * import { runAgentsMdTargetContract } from "agent-memory/testing";
 *
 * runAgentsMdTargetContract("s3Target", async ({ targetPath, memoryRoot }) => {
 *   const bucket = await fakeBucket();
 *   return { target: s3Target({ bucket, key: targetPath, memoryRoot }), cleanup: () => bucket.drop() };
 * });
 * ```
 */
export function runAgentsMdTargetContract(name: string, make: MakeAgentsMdTarget): void {
  describe.each(AGENTS_MD_TARGET_LAYOUTS)(
    `AgentsMdTarget contract: ${name}, target $targetPath, memory root $memoryRoot`,
    (layout) => {
      let cleanup: (() => Promise<void>) | undefined;
      afterEach(async () => {
        await cleanup?.();
        cleanup = undefined;
      });
      const build = async (skip: (note: string) => never): Promise<AgentsMdTarget> => {
        const subject = await make(layout);
        if (subject === undefined) return skip("the adapter cannot express this layout");
        cleanup = subject.cleanup?.bind(subject);
        return subject.target;
      };

      it("names the memory root from the target's folder as a relative `/` path", async ({
        skip,
      }) => {
        const target = await build(skip);
        const fromTarget = target.memoryRootFromTarget;
        expect(fromTarget).not.toMatch(/^\/|^[A-Za-z]:|\\/);
        expect(fromTarget.split("/")).not.toContain("");
        expect(fromTarget).toBe(expectedFromTarget(layout));
        expect(target.path.trim()).not.toBe("");
      });

      it("reads a missing file as Ok(undefined)", async ({ skip }) => {
        const target = await build(skip);
        expect(okOf(await resultOf("read", () => target.read()))).toBeUndefined();
      });

      it("reads back what it wrote, byte for byte; empty content is not a missing file", async ({
        skip,
      }) => {
        const target = await build(skip);
        okOf(await resultOf("write", () => target.write(CONTENT)));
        expect(okOf(await resultOf("read", () => target.read()))).toBe(CONTENT);
        okOf(await resultOf("write", () => target.write("")));
        expect(okOf(await resultOf("read", () => target.read()))).toBe("");
      });

      it("replaces the whole file on write, leaving nothing of a longer old content", async ({
        skip,
      }) => {
        const target = await build(skip);
        okOf(await resultOf("write", () => target.write(CONTENT.repeat(50))));
        okOf(await resultOf("write", () => target.write("short\n")));
        expect(okOf(await resultOf("read", () => target.read()))).toBe("short\n");
      });

      it("never shows a reader half a write", async ({ skip }) => {
        const target = await build(skip);
        const versions = Array.from({ length: 10 }, (_, i) => `version ${i}\n`.repeat(2000));
        okOf(await resultOf("write", () => target.write("initial\n")));
        const [writes, reads] = await Promise.all([
          Promise.all(versions.map((content) => resultOf("write", () => target.write(content)))),
          Promise.all(versions.map(() => resultOf("read", () => target.read()))),
        ]);
        writes.forEach((result) => okOf(result));
        const seen = reads.map((result) => okOf(result));
        expect(seen.filter((c) => c !== "initial\n" && !versions.includes(c ?? ""))).toEqual([]);
        expect(versions).toContain(okOf(await resultOf("read", () => target.read())));
      });
    },
  );
}

/** The `/`-separated path from the target's folder to the memory root, `"."` for the same. */
function expectedFromTarget(layout: AgentsMdTargetLayout): string {
  const relative = posix.relative(posix.dirname(layout.targetPath), layout.memoryRoot);
  return relative === "" ? "." : relative;
}
