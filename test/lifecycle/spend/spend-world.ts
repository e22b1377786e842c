import { okAsync } from "neverthrow";
import type { Llm, LlmRequest } from "../../../src/ports/llm.js";
import type { Tokenizer } from "../../../src/ports/tokenizer.js";
import type { SeedNote } from "../../helpers/seed-notes.js";

/** Every text costs 100 tokens to the meter's check, so a call needs 200 (system + prompt). */
export const FLAT_TOKENIZER: Tokenizer = { countTokens: (text) => (text === "" ? 0 : 100) };

/** What each call reports it used: 1,050 tokens a call. */
export const USAGE = { inputTokens: 1_000, outputTokens: 50 };

const sentence = (topic: string, i: number) =>
  `The ${topic} team wrote down fact number ${i} about how the ${topic} service is run.`;
const body = (topic: string, link: string) =>
  `${Array.from({ length: 90 }, (_, i) => sentence(topic, i)).join(" ")}\n\nSee [[${link}|its twin]].\n`;

/** Two clusters of two linked notes, each cluster too large to share a defrag prompt with the other. */
export const TWO_CLUSTERS: readonly SeedNote[] = [
  { id: "id__Alpha1", title: "Alpha runbook", body: body("alpha", "id__Alpha2") },
  { id: "id__Alpha2", title: "Alpha history", body: body("alpha", "id__Alpha1") },
  { id: "id__Betaa1", title: "Beta runbook", body: body("beta", "id__Betaa2") },
  { id: "id__Betaa2", title: "Beta history", body: body("beta", "id__Betaa1") },
];

/**
 * A model that reports its usage. A defrag prompt gets a retag of the first seeded note it
 * shows; a consolidation prompt gets one new note.
 */
export function usageModel(): { readonly llm: Llm; readonly requests: LlmRequest[] } {
  const requests: LlmRequest[] = [];
  const answer = (request: LlmRequest): string => {
    requests.push(request);
    const text = `${request.system}\n${request.prompt}`;
    if (text.includes("hotTier")) {
      const id = TWO_CLUSTERS.map((note) => note.id).find((seeded) =>
        request.prompt.includes(seeded),
      );
      return JSON.stringify({
        hotTier: [],
        warmTier: [],
        actions: id === undefined ? [] : [{ type: "retag", id, tags: ["kept"] }],
      });
    }
    return JSON.stringify({
      notes: [
        {
          op: "create",
          key: "deploys",
          title: "Deploys use the release branch",
          tags: ["decision"],
          body: "Deploys of the console go through the release branch.",
        },
      ],
      inbox: [],
    });
  };
  return {
    requests,
    llm: {
      complete: (request) => okAsync(answer(request)),
      completeWithUsage: (request) => okAsync({ text: answer(request), usage: USAGE }),
    },
  };
}
