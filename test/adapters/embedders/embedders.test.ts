import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  embedderFromAiSdk,
  embedderFromCommand,
  embedderFromFunction,
  type AiSdkEmbedManyOptions,
} from "../../../src/adapters/index.js";
import { runEmbedderContract } from "../../../src/testing/index.js";
import { errOf, okOf } from "../../helpers/result-helpers.js";

/** A deterministic toy embedding: letter counts folded into 8 dimensions, plus length. */
function toyVector(text: string): number[] {
  const vector = Array.from({ length: 8 }, () => 0);
  for (const char of text) {
    const slot = (char.codePointAt(0) ?? 0) % 8;
    vector[slot] = (vector[slot] ?? 0) + 1;
  }
  return [...vector, text.length + 1];
}

runEmbedderContract("embedderFromFunction", (failOn) =>
  embedderFromFunction({
    model: "toy",
    embed: (texts) => {
      if (texts.includes(failOn)) throw new Error("refused");
      return texts.map(toyVector);
    },
  }),
);

runEmbedderContract("embedderFromAiSdk", (failOn) =>
  embedderFromAiSdk({
    model: "toy/embedding",
    embedMany: async ({ values }: AiSdkEmbedManyOptions<string>) => {
      if (values.includes(failOn)) throw new Error("provider refused");
      return { embeddings: values.map(toyVector) };
    },
  }),
);

// The command adapter runs a real subprocess: node with a JSON-lines script.
const SCRIPT = `
const lines = require("node:fs").readFileSync(0, "utf8").split("\\n").filter(Boolean);
const out = [];
for (const line of lines) {
  const { text } = JSON.parse(line);
  if (text === process.argv[2]) { console.error("refusing " + text); process.exit(3); }
  const v = Array.from({ length: 8 }, () => 0);
  for (const c of text) v[c.codePointAt(0) % 8] += 1;
  v.push(text.length + 1);
  out.push(process.argv[3] === "object" ? JSON.stringify({ embedding: v }) : JSON.stringify(v));
}
process.stdout.write(out.map((l) => l + "\\n").join(""));
`;
let dir = "";
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "embedder-command-"));
  await writeFile(join(dir, "embed.cjs"), SCRIPT);
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

runEmbedderContract("embedderFromCommand (JSON lines)", (failOn) =>
  embedderFromCommand({
    model: "toy",
    command: process.execPath,
    args: [join(dir, "embed.cjs"), failOn],
  }),
);

describe("embedderFromCommand", () => {
  it('reads {"embedding": [...]} lines too, and names the failure otherwise', async () => {
    const objects = embedderFromCommand({
      model: "toy",
      command: process.execPath,
      args: [join(dir, "embed.cjs"), "-", "object"],
    });
    expect(okOf(await objects.embed(["ab"]))).toEqual([toyVector("ab")]);
    const failing = embedderFromCommand({
      model: "toy",
      command: process.execPath,
      args: [join(dir, "embed.cjs"), "bad"],
    });
    expect(errOf(await failing.embed(["bad"])).message).toMatch(/exited with code 3: refusing bad/);
    const missing = embedderFromCommand({ model: "toy", command: join(dir, "no-such-program") });
    expect(errOf(await missing.embed(["x"])).message).toMatch(/could not start/);
  });

  it("refuses an answer with the wrong number of lines", async () => {
    const echo = embedderFromCommand({
      model: "toy",
      command: process.execPath,
      args: ["-e", 'process.stdout.write("[1,2]\\n")'],
    });
    expect(errOf(await echo.embed(["a", "b"])).message).toMatch(/answered 1 lines for 2 texts/);
  });
});

describe("embedderFromAiSdk", () => {
  it("passes the model and the signal, and names the cache after the provider's model id", async () => {
    const seen: AiSdkEmbedManyOptions<object>[] = [];
    const model = { provider: "openai.embedding", modelId: "text-embedding-3-small" };
    const embedder = embedderFromAiSdk({
      model,
      embedMany: async (options) => {
        seen.push(options);
        return { embeddings: options.values.map(() => [1, 0]) };
      },
    });
    expect(embedder.model).toBe("openai.embedding/text-embedding-3-small");
    const controller = new AbortController();
    expect(okOf(await embedder.embed(["a"], { signal: controller.signal }))).toEqual([[1, 0]]);
    expect(seen[0]?.model).toBe(model);
    expect(seen[0]?.abortSignal).toBe(controller.signal);
  });

  it("refuses a result without embeddings", async () => {
    const wrong = embedderFromAiSdk({
      model: "m",
      embedMany: async () => ({ text: "not embeddings" }) as never,
    });
    expect(errOf(await wrong.embed(["a"])).message).toMatch(/embedMany/);
  });
});
