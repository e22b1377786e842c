/**
 * `memory view` as a person runs it: the real CLI writes the site, refuses a folder that is
 * not a site, and with --serve serves it on 127.0.0.1 and rebuilds it when a note changes
 * (through the file watcher), until SIGTERM.
 */
import { spawn } from "node:child_process";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { syntheticNotes, writeNotes } from "../../bench/synthetic-memory.js";
import { CLI, createSandbox, jsonOf, succeeded, type Sandbox } from "../cli/cli-harness.js";
import { scaledMs } from "../helpers/time-scale.js";

let sandbox: Sandbox;
let root: string;

beforeAll(async () => {
  sandbox = await createSandbox();
  root = join(sandbox.dir, "memory");
  succeeded(await sandbox.cli(["init", "--root", root]));
  succeeded(
    await sandbox.cli([
      "capture",
      "Console app",
      "--root",
      root,
      "--status",
      "active",
      "--body",
      "The web console.",
    ]),
  );
}, scaledMs(60_000));

afterAll(async () => {
  await sandbox.cleanup();
});

describe("memory view", () => {
  it("writes the site under .agent-memory/site by default, with the note's history", async () => {
    const run = succeeded(await sandbox.cli(["view", "--root", root, "--json"]));
    const written = jsonOf<{ folder: string; notes: number; home: string }>(run);
    expect(written.folder).toBe(join(root, ".agent-memory", "site"));
    expect(written.notes).toBe(1);
    expect(written.home).toBe(`file://${join(written.folder, "index.html")}`);
    const [note] = (await import("node:fs")).readdirSync(join(written.folder, "notes"));
    const page = await readFile(join(written.folder, "notes", note ?? ""), "utf8");
    expect(page).toContain("memory: capture &quot;Console app&quot;");
  });

  it("renders a note whose commit is dated beyond what a Date holds (git accepts any date)", async () => {
    const far = join(sandbox.dir, "far-future");
    succeeded(await sandbox.cli(["init", "--root", far]));
    const id = jsonOf<{ note: { id: string } }>(
      succeeded(await sandbox.cli(["capture", "Far", "--root", far, "--body", "Soon.", "--json"])),
    ).note.id;
    const [file = ""] = (await import("node:fs")).readdirSync(join(far, "inbox"));
    await writeFile(join(far, "inbox", file), "# Far\n\nSoon, in the year 287,168.\n");
    await sandbox.git(far, ["add", "-A"]);
    await sandbox.git(far, [
      "-c",
      "user.name=t",
      "-c",
      "user.email=t@t.invalid",
      "commit",
      "-qm",
      "from the future",
      "--date=@9000000000000 +0000",
    ]);
    const run = succeeded(await sandbox.cli(["view", "--root", far, "--json"]));
    const { folder } = jsonOf<{ folder: string }>(run);
    const page = await readFile(join(folder, "notes", `${id}.html`), "utf8");
    // Taken at the last day a Date holds: shown, where toISOString threw and failed the build.
    expect(page).toContain(
      '<time datetime="+275760-09-13T00:00:00.000Z">+275760-09-13</time> from the future',
    );
    succeeded(await sandbox.cli(["show", id, "--root", far]));
  });

  it("refuses --out on a folder that is not a site, and says what to do", async () => {
    const other = join(sandbox.dir, "papers");
    await mkdir(other);
    await writeFile(join(other, "draft.md"), "mine");
    const run = await sandbox.cli(["view", "--root", root, "--out", other]);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain("give --out an empty or new folder");
    expect(await readFile(join(other, "draft.md"), "utf8")).toBe("mine");
  });

  it("refuses --port without --serve", async () => {
    const run = await sandbox.cli(["view", "--root", root, "--port", "8080"]);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain("--port goes with --serve");
  });

  it("serves on 127.0.0.1, rebuilds when a note is captured, and stops on SIGTERM", async () => {
    const child = spawn(
      process.execPath,
      [CLI, "view", "--serve", "--port", "0", "--root", root, "--json"],
      {
        env: sandbox.env,
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let stdout = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    const exited = new Promise<number | null>((done) => child.on("close", (code) => done(code)));
    try {
      const url = await waitFor(async () => {
        const match = /"url": "([^"]+)"/.exec(stdout);
        return match?.[1];
      });
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
      expect(await (await fetch(url)).text()).toContain("Console app");
      const captured = jsonOf<{ note: { id: string } }>(
        succeeded(
          await sandbox.cli([
            "capture",
            "Release branch",
            "--root",
            root,
            "--body",
            "Ships from release.",
            "--json",
          ]),
        ),
      );
      const served = await waitFor(async () => {
        const response = await fetch(`${url}notes/${captured.note.id}.html`);
        return response.status === 200 ? response.text() : undefined;
      });
      expect(served).toContain("<h1>Release branch</h1>");
    } finally {
      child.kill("SIGTERM");
    }
    expect(await exited).toBe(0);
  }, 60_000);
});

describe("memory view --serve, edited while it starts", () => {
  it("serves the last version of a note edited during the first render", async () => {
    const busy = join(sandbox.dir, "busy");
    // Enough notes that the first render takes a while (read, graph, search, pages).
    writeNotes(busy, syntheticNotes(1_500));
    const marker = join(busy, "topics", "marker id__Mark01.md");
    await writeFile(marker, "# Marker\n\nVersion 0.\n");
    const child = spawn(
      process.execPath,
      [CLI, "view", "--serve", "--port", "0", "--root", busy, "--json"],
      { env: sandbox.env, stdio: ["ignore", "pipe", "pipe"] },
    );
    let stdout = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    const exited = new Promise<number | null>((done) => child.on("close", (code) => done(code)));
    try {
      // Edited again and again until it serves: the last edits land while the first render
      // runs, after it read the note.
      let version = 0;
      let url: string | undefined;
      while (url === undefined) {
        await writeFile(marker, `# Marker\n\nVersion ${++version}.\n`);
        await new Promise((done) => setTimeout(done, 100));
        url = /"url": "([^"]+)"/.exec(stdout)?.[1];
        if (version > 600) throw new Error(`not served: ${stdout}`);
      }
      const page = `${url}notes/id__Mark01.html`;
      const served = await waitFor(async () => {
        const text = await (await fetch(page)).text();
        return text.includes(`Version ${version}.`) ? text : undefined;
      });
      expect(served).toContain(`Version ${version}.`);
    } finally {
      child.kill("SIGTERM");
    }
    expect(await exited).toBe(0);
  }, 120_000);
});

/** Polls `probe` until it gives a value (20 s on an idle machine). */
async function waitFor<T>(probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + scaledMs(20_000);
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((done) => setTimeout(done, 200));
  }
}
