/**
 * `agent-memory/testing`: the contract suites every adapter of this package passes, for a
 * host to run on its own adapter. Each `run*Contract` registers a vitest `describe` block, so
 * call it at the top level of a test file; vitest is an optional peer dependency, needed only
 * by hosts that import this entry.
 *
 * @example
 * ```ts
 * // test/my-llm.contract.test.ts, in the host's repository
 * import { runLlmContract } from "agent-memory/testing";
 * import { myLlm } from "../src/my-llm.js";
 *
 * runLlmContract("myLlm", {
 *   answering: (answer) => myLlm({ client: fakeClient({ text: answer }) }),
 *   failing: () => myLlm({ client: fakeClient({ status: 500 }) }),
 *   withoutText: () => ({ "no text field": myLlm({ client: fakeClient({}) }) }),
 *   hanging: () => myLlm({ client: fakeClient({ never: true }) }),
 * });
 * ```
 * @module
 */
export {
  runPersistenceContract,
  type MakePersistence,
  type PersistenceFixture,
} from "./persistence-contract.js";
export { runGitContract } from "./git-contract.js";
export type { GitFixture, GitFixtureOptions, MakeGitFixture } from "./git-fixture.js";
export { runLlmContract, type LlmContractFixture } from "./llm-contract.js";
export {
  runSessionReaderContract,
  type MakeSessionReaderFixture,
  type SessionContent,
  type SessionReaderContractFixture,
  type SessionUnderTest,
} from "./session-reader-contract.js";
export {
  AGENTS_MD_TARGET_LAYOUTS,
  runAgentsMdTargetContract,
  type AgentsMdTargetLayout,
  type AgentsMdTargetUnderTest,
  type MakeAgentsMdTarget,
} from "./agents-md-target-contract.js";
export { errOf, okOf } from "./result-helpers.js";
export { runEmbedderContract, type MakeEmbedder } from "./embedder-contract.js";
export { promptBoundLlm, type PromptBoundCall, type PromptBoundLlm } from "./prompt-bound-llm.js";
export { runTokenizerContract, type MakeTokenizer } from "./tokenizer-contract.js";
