import { memfs } from "memfs";
import { okAsync } from "neverthrow";
import { describe, expect, it } from "vitest";
import type { AgentsMdTarget } from "../../../src/ports/agents-md-target.js";
import { memoryTarget } from "../../../src/lifecycle/agents-md/memory-target.js";
import { bindAgentsMd } from "../../../src/lifecycle/agents-md/agents-md-api.js";
import { fileTarget } from "../../../src/adapters/agents-md-file/file-target.js";
import { generateAgentsMd } from "../../../src/lifecycle/agents-md/generate-agents-md.js";
import { END_MARKER, START_MARKER } from "../../../src/lifecycle/agents-md/markers.js";
import { gptTokenizer } from "../../../src/adapters/tokenizer/gpt-tokenizer.js";
import { freshMemory, type FreshMemory } from "../../helpers/fresh-memory.js";
import { seedNotes } from "../../helpers/seed-notes.js";
import { errOf, okOf } from "../../helpers/result-helpers.js";

const tokenizer = gptTokenizer();

/** A target in RAM that counts its writes. */
function spyTarget(
  initial?: string,
): AgentsMdTarget & { content: string | undefined; writes: number } {
  const target = {
    path: "/repo/AGENTS.md",
    memoryRootFromTarget: "memory",
    content: initial,
    writes: 0,
    read: () => okAsync(target.content),
    write: (content: string) => {
      target.writes += 1;
      target.content = content;
      return okAsync(undefined);
    },
  };
  return target;
}

/** A memory with two hot notes linking to a warm one, and an index naming a ghost too. */
async function seeded(): Promise<FreshMemory & { paths: Record<string, string> }> {
  const fresh = await freshMemory();
  const paths = await seedNotes(fresh.fs, fresh.root, [
    {
      id: "id__Igor00",
      title: "Igor is a designer",
      body: "He works on [[id__Cons00|the console]].",
    },
    { id: "id__Rust00", title: "Rust error handling", body: "Use `thiserror` in libraries." },
    { id: "id__Cons00", title: "Console app", body: "Ships daily." },
  ]);
  await fresh.fs.promises.writeFile(
    `${fresh.root}/index.md`,
    "# Index\n\n## Hot\n\n- [[id__Igor00|Igor]]\n- [[id__Rust00|Rust]]\n- [[id__Gone00|Gone]]\n\n## Warm\n\n- [[id__Cons00|Console]]\n- [[id__Igor00|Igor again]]\n",
  );
  return { ...fresh, paths };
}

describe("generateAgentsMd", () => {
  it("leaves an archived note out of the section, hot or warm, and reports it (issue 13)", async () => {
    const { memory } = await seeded();
    okOf(await memory.archive("id__Rust00"));
    okOf(await memory.archive("id__Cons00"));
    const target = spyTarget();
    const result = okOf(await generateAgentsMd({ notes: memory, tokenizer, target }));
    expect(result).toMatchObject({
      inlined: ["id__Igor00"],
      listed: [],
      archived: ["id__Rust00", "id__Cons00"],
    });
    expect(target.content).not.toContain("Rust error handling");
    expect(target.content).not.toContain("Console app");
  });

  it("creates the file: hot notes inlined, warm notes listed, a missing note reported", async () => {
    const { memory } = await seeded();
    const target = spyTarget();
    const result = okOf(await generateAgentsMd({ notes: memory, tokenizer, target }));
    expect(result).toEqual({
      written: true,
      path: "/repo/AGENTS.md",
      inlined: ["id__Igor00", "id__Rust00"],
      listed: ["id__Cons00"],
      demoted: [],
      missing: ["id__Gone00"],
      omitted: [],
      archived: [],
      superseded: [],
    });
    const content = target.content ?? "";
    expect(content.startsWith(`${START_MARKER}\n`)).toBe(true);
    expect(content.endsWith(`${END_MARKER}\n`)).toBe(true);
    expect(content).toContain(
      "### Igor is a designer\n\nHe works on [the console](<memory/topics/console-app id__Cons00.md>).",
    );
    expect(content).toContain("### Rust error handling\n\nUse `thiserror` in libraries.");
    expect(content).toContain("- [Console app](<memory/topics/console-app id__Cons00.md>)");
    expect(content).not.toContain("Gone");
  });

  it("is byte-stable: a second generation writes nothing, a change writes once", async () => {
    const { memory, fs, root, paths } = await seeded();
    const target = spyTarget("# House rules\n\nBe brief.\n");
    const first = okOf(await generateAgentsMd({ notes: memory, tokenizer, target }));
    const bytes = target.content;
    const second = okOf(await generateAgentsMd({ notes: memory, tokenizer, target }));
    expect([first.written, second.written, target.writes]).toEqual([true, false, 1]);
    expect(target.content).toBe(bytes);
    // Another memory with the same files renders the same bytes.
    const other = spyTarget("# House rules\n\nBe brief.\n");
    okOf(await generateAgentsMd({ notes: (await seeded()).memory, tokenizer, target: other }));
    expect(other.content).toBe(bytes);

    await fs.promises.writeFile(
      `${root}/${paths["id__Rust00"] ?? ""}`,
      "# Rust error handling\n\nUse anyhow in apps.\n",
    );
    const third = okOf(await generateAgentsMd({ notes: memory, tokenizer, target }));
    expect([third.written, target.writes]).toEqual([true, 2]);
    expect(target.content).toContain("Use anyhow in apps.");
  });

  it("keeps the hand-written text before and after the section", async () => {
    const { memory } = await seeded();
    const before = "# AGENTS.md\n\nRun `npm test` before pushing.\n\n";
    const after = "\n## Release\n\nTag with vX.Y.Z.\n";
    const target = spyTarget(`${before}${START_MARKER}\nstale\n${END_MARKER}\n${after}`);
    okOf(await generateAgentsMd({ notes: memory, tokenizer, target }));
    const content = target.content ?? "";
    expect(content.startsWith(`${before}${START_MARKER}\n`)).toBe(true);
    expect(content.endsWith(`${END_MARKER}\n${after}`)).toBe(true);
    expect(content).not.toContain("stale");
  });

  it("demotes the last hot notes over the budget and says so; the section stays within it", async () => {
    const fresh = await freshMemory();
    const notes = [1, 2, 3].map((n) => ({
      id: `id__Big${n}00`,
      title: `Big ${n}`,
      body: `${"lorem ipsum ".repeat(150)}${n}`,
    }));
    await seedNotes(fresh.fs, fresh.root, notes);
    okOf(await fresh.memory.index.set({ hot: notes.map((note) => note.id), warm: [] }));
    const target = spyTarget();
    const result = okOf(
      await generateAgentsMd({ notes: fresh.memory, tokenizer, target, budgetTokens: 800 }),
    );
    expect(result.inlined).toEqual(["id__Big100", "id__Big200"]);
    expect(result.demoted).toEqual(["id__Big300"]);
    const content = target.content ?? "";
    const section = content.slice(
      content.indexOf(START_MARKER),
      content.indexOf(END_MARKER) + END_MARKER.length,
    );
    expect(tokenizer.countTokens(section)).toBeLessThanOrEqual(800);
    expect(section).toContain(
      "Listed instead of inlined to keep this section within 800 tokens: Big 3.",
    );
  });

  it("lists a hot note over the size limit instead of inlining it", async () => {
    const fresh = await freshMemory();
    await seedNotes(fresh.fs, fresh.root, [
      { id: "id__Huge00", title: "Huge", body: "x".repeat(9_000) },
      { id: "id__Tiny00", title: "Tiny", body: "small" },
    ]);
    okOf(await fresh.memory.index.set({ hot: ["id__Huge00", "id__Tiny00"], warm: [] }));
    const target = spyTarget();
    const result = okOf(await generateAgentsMd({ notes: fresh.memory, tokenizer, target }));
    expect(result).toMatchObject({
      inlined: ["id__Tiny00"],
      listed: ["id__Huge00"],
      demoted: ["id__Huge00"],
    });
    expect(target.content).not.toContain("xxxx");
    expect(target.content).toContain("because it is over 8192 bytes: Huge.");
  });

  it("refuses damaged markers and writes nothing", async () => {
    const { memory } = await seeded();
    const damaged = `${END_MARKER}\nmine\n${START_MARKER}\n`;
    const target = spyTarget(damaged);
    const error = errOf(await generateAgentsMd({ notes: memory, tokenizer, target }));
    expect(error.code).toBe("INVALID_INPUT");
    expect(error.message).toContain("/repo/AGENTS.md");
    expect([target.writes, target.content]).toEqual([0, damaged]);
  });

  it("writes a file outside the memory root through fileTarget, atomically, with links from its folder", async () => {
    const { memory, fs } = await seeded();
    await fs.promises.mkdir("/repo", { recursive: true });
    await fs.promises.writeFile("/repo/AGENTS.md", "# Rules\n");
    const target = fileTarget({ fs, path: "/repo/AGENTS.md", memoryRoot: "/memory" });
    expect(target.memoryRootFromTarget).toBe("../memory");
    const result = okOf(await generateAgentsMd({ notes: memory, tokenizer, target }));
    expect(result.written).toBe(true);
    const content = String(await fs.promises.readFile("/repo/AGENTS.md", "utf8"));
    expect(content.startsWith(`# Rules\n\n${START_MARKER}\n`)).toBe(true);
    expect(content).toContain("(<../memory/topics/console-app id__Cons00.md>)");
    expect(await fs.promises.readdir("/repo", { withFileTypes: true })).toHaveLength(1);
    expect(okOf(await generateAgentsMd({ notes: memory, tokenizer, target })).written).toBe(false);
    // A new file in a new folder is created.
    const fresh = fileTarget({ fs, path: "/elsewhere/deep/CLAUDE.md", memoryRoot: "/memory" });
    expect(okOf(await generateAgentsMd({ notes: memory, tokenizer, target: fresh })).written).toBe(
      true,
    );
    expect(String(await fs.promises.readFile("/elsewhere/deep/CLAUDE.md", "utf8"))).toMatch(
      /^<!-- agent-memory:start -->\n/,
    );
  });

  it("writes through a symlinked AGENTS.md instead of replacing the link", async () => {
    const { memory } = await seeded();
    const { fs } = memfs();
    await fs.promises.mkdir("/repo", { recursive: true });
    await fs.promises.writeFile("/repo/CLAUDE.md", "# Shared rules\n");
    await fs.promises.symlink("/repo/CLAUDE.md", "/repo/AGENTS.md");
    const target = fileTarget({ fs, path: "/repo/AGENTS.md", memoryRoot: "/repo/memory" });
    expect(okOf(await generateAgentsMd({ notes: memory, tokenizer, target })).written).toBe(true);
    expect((await fs.promises.lstat("/repo/AGENTS.md")).isSymbolicLink()).toBe(true);
    expect(String(await fs.promises.readFile("/repo/CLAUDE.md", "utf8"))).toMatch(
      /^# Shared rules\n\n<!-- agent-memory:start -->\n/,
    );
  });

  it("refuses relative paths and the memory's own places in fileTarget", async () => {
    const { memory, fs } = await seeded();
    for (const path of ["/memory/topics/AGENTS.md", "/memory/index.md"]) {
      const inside = fileTarget({ fs, path, memoryRoot: "/memory" });
      expect(
        errOf(await generateAgentsMd({ notes: memory, tokenizer, target: inside })).message,
      ).toMatch(/^Refused: "(topics\/AGENTS|index)\.md" is/);
    }
    expect(
      fileTarget({ fs, path: "/memory/AGENTS.md", memoryRoot: "/memory" }).memoryRootFromTarget,
    ).toBe(".");
    const target = fileTarget({ fs, path: "AGENTS.md", memoryRoot: "/memory" });
    expect(errOf(await generateAgentsMd({ notes: memory, tokenizer, target })).message).toMatch(
      /must be absolute/,
    );
  });

  it("refuses every folder the memory owns, naming the places a target may go", async () => {
    const { memory, persistence, fs } = await seeded();
    const agentsMd = bindAgentsMd(memory, persistence, tokenizer);
    const owned = ["journal", "sessions", "inbox", "topics", "archive", ".agent-memory"];
    for (const folder of owned) {
      for (const path of [`${folder}/AGENTS.md`, `${folder}/deep/AGENTS.md`, folder]) {
        const message = errOf(await agentsMd({ target: path })).message;
        expect(message).toMatch(/^Refused: /);
        expect(message).not.toMatch(/Refused: Refused/);
        expect(message).toContain(`"${path}"`);
        // Where it may go instead: the root, or any folder the memory does not own.
        expect(message).toMatch(/memory root \(e\.g\. AGENTS\.md\)/);
        expect(message).toContain("journal/, sessions/");
        const outside = fileTarget({ fs, path: `/memory/${path}`, memoryRoot: "/memory" });
        expect(
          errOf(await generateAgentsMd({ notes: memory, tokenizer, target: outside })).message,
        ).toBe(message);
      }
    }
    // A differently cased folder is the same folder on macOS and Windows.
    expect(errOf(await agentsMd({ target: "Journal/AGENTS.md" })).message).toMatch(/^Refused/);
    expect(okOf(await agentsMd({ target: "docs/journal/AGENTS.md" })).written).toBe(true);
  });

  it("binds to a memory with a path inside the root, linking back with ../", async () => {
    const { memory, persistence, fs, root } = await seeded();
    const agentsMd = bindAgentsMd(memory, persistence, tokenizer);
    const result = okOf(await agentsMd({ target: "docs/AGENTS.md", budgetTokens: 4_000 }));
    expect(result.written).toBe(true);
    const content = String(await fs.promises.readFile(`${root}/docs/AGENTS.md`, "utf8"));
    expect(content).toContain("(<../topics/console-app id__Cons00.md>)");
    expect(memoryTarget(persistence, "AGENTS.md").memoryRootFromTarget).toBe(".");
    const refused = await agentsMd({ target: "topics/AGENTS.md" });
    expect(errOf(refused).message).toMatch(/inside topics\//);
    expect(errOf(await agentsMd({ target: "index.md" })).message).toMatch(/index note/);
    expect(errOf(await agentsMd({ target: "../AGENTS.md" })).code).toBe("PERSISTENCE");
  });
});
