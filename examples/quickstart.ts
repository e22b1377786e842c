/**
 * The quick start: a whole memory in RAM (memfs + isomorphic-git), no credentials,
 * nothing to configure. Run it with `npm run quickstart`.
 */
import { createMemory, inMemoryPorts } from "../src/index.js";

async function main(): Promise<void> {
  const ports = await inMemoryPorts();
  if (ports.isErr()) throw ports.error;
  const { fs, root, persistence, git } = ports.value;
  const memory = createMemory({ persistence, git });

  const consoleApp = await memory.capture(
    {
      title: "Console app at axiom",
      body: "The web console; its query builder emits a structured format.",
      tags: ["repo"],
    },
    { status: "active" },
  );
  if (consoleApp.isErr()) throw consoleApp.error;
  console.log(`captured ${consoleApp.value.path}`);

  const igor = await memory.capture({
    title: "Igor — fullstack developer, design expertise",
    body: `Igor is a fullstack developer with deep expertise in design.\nHe works on the [[${consoleApp.value.id}|console app]].`,
    tags: ["people", "work"],
  });
  if (igor.isErr()) throw igor.error;
  console.log(`captured ${igor.value.path}`);

  const commit = await memory.commit("memory: capture igor and the console app");
  if (commit.isErr()) throw commit.error;
  console.log(`committed ${commit.value?.slice(0, 7) ?? "(nothing)"}`);

  const listing = await memory.list();
  if (listing.isErr()) throw listing.error;
  console.log("\nnotes:");
  for (const meta of listing.value) {
    console.log(
      `  ${meta.id}  ${meta.status.padEnd(8)} ${meta.title}  [${meta.tags.map((t) => `#${t}`).join(" ")}]`,
    );
  }

  const note = await memory.read(igor.value.id);
  if (note.isErr()) throw note.error;
  console.log(
    `\n${note.value.title} links to: ${note.value.links.map((l) => `${l.id} (${l.displayText})`).join(", ")}`,
  );
  console.log(`\nthe file on disk (${note.value.path}):\n`);
  console.log(String(await fs.promises.readFile(`${root}/${note.value.path}`, "utf8")));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
