/**
 * The quick start: the whole lifecycle of a memory in RAM (memfs + isomorphic-git), with a
 * scripted LLM that replays recorded answers, so it needs no credentials and no network.
 * Run it with `npm run quickstart` (Node) or `bunx bun examples/quickstart.ts` (Bun).
 *
 * signals (journal, session log, a captured note) -> consolidate -> defrag -> index note
 * -> AGENTS.md -> commit
 */
import { createMemory } from "../src/index.js";
import { inMemoryPorts } from "../src/adapters/in-memory/index.js";
import { llmFromFunction } from "../src/adapters/index.js";

/** The recorded answers: one consolidation, one defrag decision. */
function scriptedLlm(ids: { console: string; inbox: string }) {
  const answers = [
    JSON.stringify({
      notes: [
        {
          op: "create",
          key: "release-branch",
          title: "Deploys go through the release branch",
          tags: ["decision"],
          body: `Decided on 2026-11-21: the [[${ids.console}|console app]] ships from \`release\` after review.\nOwner: [[new:igor|Igor]].`,
        },
        {
          op: "create",
          key: "igor",
          title: "Igor owns the console's design",
          tags: ["people"],
          body: "Igor is a fullstack developer with deep expertise in design.\nSee [[new:release-branch|how deploys work]].",
        },
      ],
      inbox: [{ id: ids.inbox, action: "merged", into: "new:igor" }],
    }),
  ];
  return llmFromFunction(({ system }) => {
    if (system.includes("reorganise")) {
      // The defrag decision is built from what consolidation created, so it names real ids.
      return JSON.stringify(decision);
    }
    return answers.shift() ?? '{"notes": [], "inbox": []}';
  });
}

let decision: unknown = { hotTier: [], warmTier: [], actions: [] };

async function main(): Promise<void> {
  const ports = await inMemoryPorts();
  if (ports.isErr()) throw ports.error;
  const { fs, root, persistence, git } = ports.value;

  // Two notes exist already: an active one and a quick capture waiting in the inbox.
  const bootstrap = createMemory({ persistence, git });
  const consoleApp = await bootstrap.capture(
    {
      title: "Console app at axiom",
      body: "The web console; its query builder emits a structured format.",
      tags: ["repo"],
    },
    { status: "active", commit: "memory: capture the console app" },
  );
  if (consoleApp.isErr()) throw consoleApp.error;
  const inbox = await bootstrap.capture({
    title: "Igor likes design reviews",
    body: "He asks for one before every release.",
  });
  if (inbox.isErr()) throw inbox.error;

  const memory = createMemory({
    persistence,
    git,
    llm: scriptedLlm({ console: consoleApp.value.id, inbox: inbox.value.id }),
  });
  step("signals");
  const entry = await memory.journal.add({
    harness: "manual",
    retrieval: { method: "none" },
    note: "Igor decided that deploys go through the release branch.",
  });
  if (entry.isErr()) throw entry.error;
  console.log(`journal entry ${entry.value.id}`);
  const logged = await memory.sessionLog.append({
    what: "set up the release branch",
    why: "releases were ad hoc",
    how: "protected branch plus a review rule",
    next: "write the rollback runbook",
  });
  if (logged.isErr()) throw logged.error;
  console.log(`session log ${logged.value.path}`);

  step("consolidate");
  const consolidation = await memory.consolidate();
  if (consolidation.isErr()) throw consolidation.error;
  console.log(
    `created ${consolidation.value.created.join(", ")}; updated ${consolidation.value.updated.length}`,
  );
  console.log(`inbox: ${consolidation.value.inbox.map((d) => `${d.id} ${d.action}`).join(", ")}`);
  console.log(`commit ${consolidation.value.commit?.slice(0, 7) ?? "(none)"}`);

  step("defrag");
  const [releaseId, igorId] = consolidation.value.created;
  decision = {
    hotTier: [releaseId, igorId],
    warmTier: [consoleApp.value.id],
    actions: [{ type: "retag", id: consoleApp.value.id, tags: ["repo", "work"] }],
  };
  const defrag = await memory.defrag();
  if (defrag.isErr()) throw defrag.error;
  console.log(
    `applied ${defrag.value.applied.map((a) => a.type).join(", ")}; commit ${defrag.value.commit?.slice(0, 7) ?? "(none)"}`,
  );

  step("index note");
  console.log(String(await fs.promises.readFile(`${root}/index.md`, "utf8")));

  step("AGENTS.md");
  const agents = await memory.agentsMd({ target: "AGENTS.md" });
  if (agents.isErr()) throw agents.error;
  console.log(String(await fs.promises.readFile(`${root}/AGENTS.md`, "utf8")));

  step("commit");
  const commit = await memory.commit("memory: AGENTS.md");
  if (commit.isErr()) throw commit.error;
  console.log(`commit ${commit.value?.slice(0, 7) ?? "(nothing left)"}`);
  const broken = await memory.brokenLinks();
  if (broken.isErr()) throw broken.error;
  console.log(`broken links: ${broken.value.length}`);
}

function step(name: string): void {
  console.log(`\n== ${name} ==`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
