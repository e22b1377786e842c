/**
 * A sync beside a remote that keeps moving (another clone pushes while this run consolidates)
 * must still push: a refused push is followed by a pull, and pushed again when that merged.
 * The concurrency test found syncs failing at push in 4 runs out of 5 before this.
 */
import { errAsync, okAsync } from "neverthrow";
import { describe, expect, it } from "vitest";
import { GitError } from "../../../src/errors.js";
import { pushCatchingUp, type PushingGit } from "../../../src/lifecycle/run/push-catching-up.js";
import { errOf, okOf } from "../../helpers/result-helpers.js";

/** A git port whose pushes and pulls answer from the given scripts, in order. */
function scripted(pushes: boolean[], pulls: ("merged" | "up-to-date" | "fail")[]) {
  const calls: string[] = [];
  const git: PushingGit = {
    timestamps: () => okAsync(new Map()),
    commit: () => okAsync(null),
    push: () => {
      calls.push("push");
      return pushes.shift() === true
        ? okAsync("pushed" as const)
        : errAsync(new GitError("rejected (fetch first)"));
    },
    pull: () => {
      calls.push("pull");
      const next = pulls.shift() ?? "up-to-date";
      return next === "fail"
        ? errAsync(new GitError("Fetching from origin failed; nothing was merged"))
        : okAsync(next);
    },
  };
  return { git, calls };
}

describe("pushCatchingUp", () => {
  it("pulls and pushes again while the remote moved, and says it merged", async () => {
    const { git, calls } = scripted([false, false, true], ["merged", "merged"]);
    const merges = { merged: false };
    expect(okOf(await pushCatchingUp(git, merges))).toBe("pushed");
    expect(calls).toEqual(["push", "pull", "push", "pull", "push"]);
    expect(merges.merged).toBe(true);
  });

  it("a pull that brings nothing means the push failed for another reason: that error stands", async () => {
    const { git, calls } = scripted([false], ["up-to-date"]);
    const merges = { merged: false };
    expect(errOf(await pushCatchingUp(git, merges)).message).toBe("rejected (fetch first)");
    expect(calls).toEqual(["push", "pull"]);
    expect(merges.merged).toBe(false);
  });

  it("gives up after three rounds, still saying it merged", async () => {
    const { git, calls } = scripted([], ["merged", "merged", "merged", "merged"]);
    const merges = { merged: false };
    expect(errOf(await pushCatchingUp(git, merges)).code).toBe("GIT");
    expect(calls.filter((call) => call === "push")).toHaveLength(4);
    expect(merges.merged).toBe(true);
  });

  it("a pull that fails while catching up: both failures in one message", async () => {
    const { git } = scripted([false], ["fail"]);
    expect(errOf(await pushCatchingUp(git, { merged: false })).message).toBe(
      "rejected (fetch first); pulling to catch up failed too: Fetching from origin failed; nothing was merged",
    );
  });
});
