/**
 * `agent-memory/lifecycle` offers what a host needs to replace or drive a step (see "What
 * agent-memory/lifecycle offers" in docs/architecture.md): the machines, the actor factories,
 * the step names and each step's input and output types, the runners, and the option, report
 * and error types of those and of the memory's lifecycle methods. This list pins the entry's
 * names (values and types), so that a new export is a decision made here, not a side effect
 * of `export *`.
 */
import { resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ENTRY = resolve(import.meta.dirname, "../../src/lifecycle/index.ts");

/** Every name the entry exports, types included, sorted. */
function exportedNames(): string[] {
  const program = ts.createProgram([ENTRY], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    strict: true,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(ENTRY);
  const module = source === undefined ? undefined : checker.getSymbolAtLocation(source);
  if (module === undefined) throw new Error(`cannot read ${ENTRY}`);
  return checker
    .getExportsOfModule(module)
    .map((symbol) => symbol.name)
    .toSorted();
}

const EXPECTED: readonly string[] = [
  "AgentsMdError",
  "AgentsMdFunction",
  "AgentsMdNotes",
  "AgentsMdOptions",
  "AgentsMdResult",
  "AnalysisOptions",
  "AnalyzeOutput",
  "AppendSessionInput",
  "AppendedSession",
  "ApplyInput",
  "ApplyOutput",
  "BudgetStop",
  "CONSOLIDATION_STEPS",
  "CallStep",
  "Cluster",
  "CommitKnowledgeBaseInput",
  "CommitKnowledgeBaseOutput",
  "CommitRunInput",
  "CommitRunOutput",
  "ConsolidateOptions",
  "ConsolidatedJournalEntry",
  "ConsolidationActors",
  "ConsolidationBudget",
  "ConsolidationDeps",
  "ConsolidationMachineInput",
  "ConsolidationOutput",
  "ConsolidationPlan",
  "ConsolidationReport",
  "ConsolidationResult",
  "ConsolidationStep",
  "ConsumablePending",
  "ContextNote",
  "ContextSource",
  "DEFAULT_BUDGET_TOKENS",
  "DEFAULT_CONSOLIDATION_BUDGET",
  "DEFAULT_CONTEXT_BUDGET",
  "DEFAULT_GUARDRAILS",
  "DEFAULT_SPEND_BUDGET",
  "DEFRAG_STEPS",
  "DecisionRejectedError",
  "DefragAction",
  "DefragActors",
  "DefragCommitInput",
  "DefragCommitOutput",
  "DefragDecision",
  "DefragDeps",
  "DefragGuardrails",
  "DefragMachineInput",
  "DefragOptions",
  "DefragOutput",
  "DefragReport",
  "DefragRule",
  "DefragSchedule",
  "DefragStep",
  "FetchSessionsInput",
  "FetchSessionsOutput",
  "GenerateAgentsMdInput",
  "IndexError",
  "IndexNoteApi",
  "JOURNAL_FOLDERS",
  "Journal",
  "JournalAddFlags",
  "JournalEntryInput",
  "JournalListing",
  "JournalStatus",
  "LoadJournalsInput",
  "LoadJournalsOutput",
  "LoggedSession",
  "MarkConsolidatedInput",
  "MarkConsolidatedOutput",
  "MemoryAnalysis",
  "ModelCalls",
  "NearDuplicatePair",
  "NoteStats",
  "Orphan",
  "OversizeNote",
  "ParseOutputInput",
  "ParseOutputOutput",
  "Pickup",
  "PlanInput",
  "PlanOutput",
  "PlannedCreate",
  "PlannedInboxAction",
  "PlannedUpdate",
  "RunAgentInput",
  "RunAgentOutput",
  "RunOptions",
  "RunReport",
  "RunSpendOptions",
  "SavedRun",
  "ScrubReport",
  "SelectContextInput",
  "SelectContextOutput",
  "SelectRelatedNotesInput",
  "SelectRelatedNotesOutput",
  "SessionContext",
  "SessionContextOptions",
  "SessionLog",
  "SessionWarning",
  "SnapshotInput",
  "SnapshotOutput",
  "SpendBudget",
  "SpendFigures",
  "SpendProgress",
  "SpendSummary",
  "SpendTotals",
  "UnreadNote",
  "UnreadableEntry",
  "UpdateIndexInput",
  "UpdateIndexOutput",
  "ValidateInput",
  "ValidateOutput",
  "WriteKbEntriesInput",
  "WriteKbEntriesOutput",
  "WriteNotesInput",
  "WriteNotesOutput",
  "consolidationMachine",
  "createConsolidationActors",
  "createDefragActors",
  "defragMachine",
  "generateAgentsMd",
  "journalEntryFromFlags",
  "partsFromMarkdown",
  "readSession",
  "runConsolidation",
  "runDefrag",
  "scrubSecrets",
  "sessionContext",
];

describe("agent-memory/lifecycle", () => {
  it("exports exactly the listed names", () => {
    expect(exportedNames()).toEqual(EXPECTED);
  });
});
