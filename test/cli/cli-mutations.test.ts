import { mkdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NoteMeta } from "../../src/notes/store/note-meta.js";
import { createSandbox, firstOfEachSpawned, jsonOf, type Sandbox } from "./cli-harness.js";

let sandbox: Sandbox;
let root: string;
let cli: ReturnType<typeof firstOfEachSpawned>;
/** `memory <args> --root <root>`: each command's first call a real process, then in-process. */
const memory = (args: readonly string[]) => cli([...args, "--root", root]);
const lastSubject = async () => (await sandbox.git(root, ["log", "-1", "--format=%s"])).trim();
const ids: Record<string, string> = {};

/** Captures an active note and returns its id. */
async function capture(title: string, body: string): Promise<string> {
  const run = await memory(["capture", title, "--status", "active", "--body", body, "--json"]);
  if (run.code !== 0) throw new Error(`capture failed: ${run.stderr}`);
  return jsonOf<{ note: NoteMeta }>(run).note.id;
}

beforeAll(async () => {
  sandbox = await createSandbox();
  cli = firstOfEachSpawned(sandbox);
  root = join(sandbox.dir, "memory");
  const init = await sandbox.cliInProcess(["init", "--root", root]);
  if (init.code !== 0) throw new Error(`init failed: ${init.stderr}`);
  ids["igor"] = await capture("Igor", "A designer.");
  ids["console"] = await capture("Console app", `Built by [[${ids["igor"] ?? ""}|Igor]].`);
  ids["draft"] = await capture("Console draft", "Early notes.");
});
afterAll(() => sandbox.cleanup());

const id = (name: string): string => ids[name] ?? "";

describe("mutating commands", () => {
  it("rename: new title and filename, link texts follow, one commit", async () => {
    const run = await memory(["rename", id("igor").slice(4), "Igor", "—", "designer"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      `Renamed ${id("igor")} to "Igor — designer": topics/igor ${id("igor")}.md -> topics/igor-designer ${id("igor")}.md`,
    );
    expect(run.stdout).toContain("Updated 1 link");
    expect(await lastSubject()).toBe(`memory: rename "Igor" to "Igor — designer" (${id("igor")})`);
    expect(await readFile(join(root, `topics/console-app ${id("console")}.md`), "utf8")).toContain(
      `[[${id("igor")}|Igor — designer]]`,
    );
  });

  it("move and archive: the file changes folder, with a commit each", async () => {
    const moved = jsonOf<{ status: string; path: string; commit: string }>(
      await memory(["move", id("draft"), "inbox", "--json"]),
    );
    expect(moved).toMatchObject({ status: "inbox", path: `inbox/console-draft ${id("draft")}.md` });
    expect(await lastSubject()).toBe(`memory: move "Console draft" (${id("draft")}) to inbox`);
    const archived = await memory(["archive", id("draft")]);
    expect(archived.code).toBe(0);
    expect(archived.stdout).toMatch(
      new RegExp(
        `^Archived ${id("draft")}: inbox/.* -> archive/console-draft ${id("draft")}\\.md\\nCommitted [0-9a-f]{7}: `,
      ),
    );
    expect(await lastSubject()).toBe(`memory: archive "Console draft" (${id("draft")})`);
  });

  it("merge: the source is removed, the target keeps the text, one commit", async () => {
    const run = await memory(["merge", id("console"), id("draft")]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`Merged ${id("draft")} into ${id("console")} "Console app".`);
    expect(await lastSubject()).toBe(
      `memory: merge ${id("draft")} into "Console app" (${id("console")})`,
    );
    // The merged id leads to the target through its redirect record, and says so.
    const shown = await memory(["show", id("draft")]);
    expect(shown.code).toBe(0);
    expect(shown.stderr).toContain(`${id("draft")} was merged into ${id("console")}`);
    expect((await memory(["rename", id("draft"), "Gone"])).code).toBe(1);
    expect((await memory(["show", id("console")])).stdout).toContain("Early notes.");
  });

  it("rm: refused while linked (exit 1, one line), then forced", async () => {
    const refused = await memory(["rm", id("igor")]);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe("");
    expect(refused.stderr.split("\n").filter(Boolean)).toHaveLength(1);
    expect(refused.stderr).toMatch(
      new RegExp(
        `^memory: .*${id("console")}.* To delete it anyway, run: memory rm ${id("igor")} --force\\n$`,
      ),
    );
    const refusedJson = jsonOf<{ error: { code: string } }>(
      await memory(["rm", id("igor"), "--json"]),
    );
    expect(refusedJson.error.code).toBe("CONFLICT");
    const forced = await memory(["rm", id("igor"), "--force"]);
    expect(forced.code).toBe(0);
    expect(forced.stdout).toContain(`Left 1 broken link: ${id("console")} -> ${id("igor")}`);
    expect(await lastSubject()).toBe(`memory: remove "Igor — designer" (${id("igor")})`);
  });

  it("doctor: exit 1 with findings (each with a fix), 0 once they are fixed", async () => {
    const sick = await memory(["doctor"]);
    expect(sick.code).toBe(1);
    expect(sick.stderr).toBe(
      "memory: doctor found 1 error and 0 warnings; each finding says how to fix it.\n",
    );
    expect(sick.stdout).toMatch(
      /^error {4}broken-link {2}topics\/console-app id__\w{6}\.md: .*\n {9}fix: /,
    );
    expect(sick.stdout).toMatch(/\n1 error, 0 warnings, \d+ info\.\n$/);
    const report = jsonOf<{ ok: boolean; findings: { kind: string; fix: string }[] }>(
      await memory(["doctor", "--json"]),
    );
    expect(report.ok).toBe(false);
    expect(report.findings.map((finding) => finding.kind)).toContain("broken-link");
    expect((await memory(["rm", id("console"), "--force"])).code).toBe(0);
    const healthy = await memory([
      "doctor",
      "--orphan-min-age-days",
      "0",
      "--max-note-bytes",
      "100000",
    ]);
    expect(healthy).toMatchObject({ code: 0, stdout: "No problems found.\n" });
  });

  it("an unknown id suggests titles and changes nothing", async () => {
    const before = await lastSubject();
    const run = await memory(["archive", "console"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^memory: No note has the id "console"\./);
    expect(await lastSubject()).toBe(before);
  });
});

describe("a root outside any git repository", () => {
  it("works, and says it did not commit", async () => {
    const plain = join(sandbox.dir, "plain");
    await mkdir(join(plain, "inbox"), { recursive: true });
    const captured = await sandbox.cliInProcess([
      "capture",
      "Loose",
      "--body",
      "x",
      "--root",
      plain,
    ]);
    expect(captured.code).toBe(0);
    expect(captured.stdout).toMatch(
      /Not committed: .*plain is not in a git repository \(run "memory init" there to create one\)\./,
    );
    const [note] = jsonOf<NoteMeta[]>(
      await sandbox.cliInProcess(["list", "--json", "--root", plain]),
    );
    const renamed = await sandbox.cliInProcess([
      "rename",
      note?.id ?? "",
      "Tight",
      "--root",
      plain,
      "--json",
    ]);
    expect(jsonOf<{ title: string; commit: null }>(renamed)).toMatchObject({
      title: "Tight",
      commit: null,
    });
  });
});
