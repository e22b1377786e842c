/**
 * Provenance on real git (issue 30, part 2): two sessions of two harnesses, consolidated in
 * two runs by a stand-in model that writes only text it finds in the prompt, then `why` names
 * for each part of the note the session it was drawn from and the commit that wrote it; a
 * hand edit committed afterwards is attributed to the person who committed it. Real files,
 * the git CLI, the file session reader.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fsPersistence } from "../../src/adapters/fs/fs-persistence.js";
import { gitCli } from "../../src/adapters/git-cli/git-cli.js";
import { isomorphicGit } from "../../src/adapters/isomorphic-git/isomorphic-git.js";
import { llmFromFunction } from "../../src/adapters/llm/llm-from-function.js";
import { defaultSessionReaders } from "../../src/adapters/session-readers/default-session-readers.js";
import { createMemory, type Memory } from "../../src/memory.js";
import { createNotesMemory } from "../../src/create-notes-memory.js";
import type { NoteProvenance } from "../../src/notes/reads/why.js";
import { isolatedGitEnv } from "../helpers/git-env.js";
import { okOf } from "../helpers/result-helpers.js";

let base: string;
let root: string;
let env: Record<string, string>;
let memory: Memory;

const git = (...args: string[]) =>
  execFileSync("git", args, { cwd: root, env: { ...process.env, ...env }, encoding: "utf8" });

/**
 * The stand-in model: the first sentence of the one session it is shown becomes a new note,
 * or, when the prompt shows an existing note, a section appended to it.
 */
const standIn = llmFromFunction(({ prompt }) => {
  const session = /<session source="[^"]*">\n([\s\S]*?)\n<\/session>/.exec(prompt)?.[1] ?? "";
  const sentence =
    session.split("\n").find((line) => line.trim() !== "" && !line.startsWith("Note from")) ?? "";
  const shown = /^### .*\nid: (id__[A-Za-z0-9]{6})/m.exec(
    prompt.split("## Related existing notes")[1] ?? "",
  )?.[1];
  const note =
    shown === undefined
      ? { op: "create", key: "staging", title: "Staging deploys", tags: ["infra"], body: sentence }
      : { op: "append", id: shown, body: `## Later\n\n${sentence}` };
  return JSON.stringify({ notes: [note], inbox: [] });
});

async function transcript(name: string, text: string): Promise<string> {
  const path = join(base, "transcripts", name);
  await writeFile(path, text);
  return path;
}

beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), "am-why-"));
  root = join(base, "memory");
  await mkdir(root);
  await mkdir(join(base, "transcripts"));
  env = await isolatedGitEnv(base);
  git("init", "--quiet", "--initial-branch=main");
  memory = createMemory({
    persistence: fsPersistence({ fs, root }),
    git: gitCli({
      dir: root,
      env,
      author: { name: "agent-memory", email: "agent-memory@localhost" },
    }),
    llm: standIn,
    sessionReaders: defaultSessionReaders({ fs }),
  });
});

afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

const partWith = (why: NoteProvenance, text: string) => {
  const part = why.parts.find((p) => p.text.includes(text));
  if (part === undefined) throw new Error(`no part shows ${JSON.stringify(text)}`);
  return part;
};
const commitOf = (why: NoteProvenance, id: string | undefined) =>
  why.commits.find((commit) => commit.commit === id);

describe("memory why, after two consolidations and a hand edit", () => {
  it("names each part's session and commit, and the person behind a hand edit", async () => {
    const first = okOf(
      await memory.journal.add({
        harness: "claude-code",
        timestamp: "2026-11-20T09:30:00.000Z",
        retrieval: {
          method: "file",
          sessionPath: await transcript("3f2a9c1e.txt", "Staging deploys need the VPN up first.\n"),
        },
      }),
    );
    const one = okOf(await memory.consolidate());
    expect(one.consumed).toEqual([first.id]);
    const second = okOf(
      await memory.journal.add({
        harness: "codex",
        timestamp: "2026-11-27T14:05:00.000Z",
        retrieval: {
          method: "file",
          threadId: "T-019c545f",
          sessionPath: await transcript(
            "rollout.txt",
            "Staging deploys now go through the bastion host.\n",
          ),
        },
      }),
    );
    const two = okOf(await memory.consolidate());
    expect(two.consumed).toEqual([second.id]);
    const id = one.created[0] ?? "";
    expect(two.updated).toEqual([id]);

    const why = okOf(await memory.why(id));
    expect(why.attribution).toBe("blame");
    const title = partWith(why, "# Staging deploys");
    const vpn = partWith(why, "need the VPN");
    const bastion = partWith(why, "bastion host");
    expect(partWith(why, "## Later").commits).toEqual([two.commit]);
    expect(bastion.section).toBe("Later");
    expect(title.commits).toEqual([one.commit]);
    expect(vpn.commits).toEqual([one.commit]);
    expect(bastion.commits).toEqual([two.commit]);
    expect(commitOf(why, one.commit ?? "")).toMatchObject({
      by: "consolidation",
      author: { name: "agent-memory" },
      sources: [
        {
          kind: "journal",
          ref: first.id,
          harness: "claude-code",
          session: "3f2a9c1e",
          date: "2026-11-20T09:30:00.000Z",
          transcript: join(base, "transcripts", "3f2a9c1e.txt"),
        },
      ],
    });
    expect(commitOf(why, two.commit ?? "")?.sources).toEqual([
      expect.objectContaining({ ref: second.id, harness: "codex", session: "T-019c545f" }),
    ]);

    // A person fixes the VPN sentence by hand and commits it as herself.
    const path = join(root, why.path);
    const text = await readFile(path, "utf8");
    await writeFile(
      path,
      text.replace("need the VPN up first", "need the VPN up first (wireguard)"),
    );
    expect(
      okOf(await memory.why(id)).parts.find((p) => p.text.includes("wireguard"))?.uncommitted,
    ).toBe(1);
    git("add", "-A");
    git(
      "-c",
      "user.name=Ada",
      "-c",
      "user.email=ada@example.com",
      "commit",
      "-q",
      "-m",
      "fix: name the VPN",
    );
    const after = okOf(await memory.why(id));
    const edited = partWith(after, "wireguard");
    expect(edited.uncommitted).toBe(0);
    expect(commitOf(after, edited.commits[0])).toMatchObject({
      by: "other",
      author: { name: "Ada", email: "ada@example.com" },
      subject: "fix: name the VPN",
      sources: [],
    });
    expect(partWith(after, "bastion host").commits).toEqual([two.commit]);

    // isomorphic-git's blame tells the same story from the same repository.
    const iso = createNotesMemory({
      persistence: fsPersistence({ fs, root }),
      git: isomorphicGit({ fs, dir: root }),
    });
    expect(okOf(await iso.why(id))).toEqual(after);
  });

  it("falls back on the done records for a consolidation committed before trailers, and says when blame is missing", async () => {
    const entry = okOf(
      await memory.journal.add({
        harness: "claude-code",
        timestamp: "2026-11-20T09:30:00.000Z",
        retrieval: {
          method: "file",
          sessionPath: await transcript("old.txt", "Staging deploys need the VPN.\n"),
        },
      }),
    );
    const run = okOf(await memory.consolidate());
    // Rewrite that commit's message as an older version wrote it: no trailers.
    const message = git("log", "-1", "--format=%B").split("\n\nMemory-Source:")[0] ?? "";
    git("-c", "user.name=x", "-c", "user.email=x@x", "commit", "-q", "--amend", "-m", message);
    const id = run.created[0] ?? "";
    const why = okOf(await memory.why(id));
    expect(why.commits[0]).toMatchObject({
      by: "consolidation",
      sources: [expect.objectContaining({ ref: entry.id, harness: "claude-code", session: "old" })],
    });
    const withoutBlame = createNotesMemory({
      persistence: fsPersistence({ fs, root }),
      git: {
        timestamps: () => gitCli({ dir: root, env }).timestamps(),
        commit: () => gitCli({ dir: root, env }).commit("x"),
      },
    });
    const unattributed = okOf(await withoutBlame.why(id));
    expect(unattributed.attribution).toBe("no-blame");
    expect(unattributed.parts.length).toBeGreaterThan(0);
    expect(unattributed.parts.every((part) => part.commits.length === 0)).toBe(true);
  });
});
