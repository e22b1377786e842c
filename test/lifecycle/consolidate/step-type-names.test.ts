/**
 * Issue 29: the types of the replaceable steps that write the notes and commit the run have
 * names that say so; the old "knowledge base" names stay one release as deprecated aliases, and
 * so do the `selectContext` step's (its related notes: "context" means the session context).
 */
import { describe, expectTypeOf, it } from "vitest";
import type {
  CommitKnowledgeBaseInput,
  CommitKnowledgeBaseOutput,
  CommitRunInput,
  CommitRunOutput,
  SelectContextInput,
  SelectContextOutput,
  SelectRelatedNotesInput,
  SelectRelatedNotesOutput,
  WriteKbEntriesInput,
  WriteKbEntriesOutput,
  WriteNotesInput,
  WriteNotesOutput,
} from "../../../src/lifecycle/index.js";

describe("the step types' names", () => {
  it("keep the old names as aliases of the new ones", () => {
    expectTypeOf<WriteKbEntriesInput>().toEqualTypeOf<WriteNotesInput>();
    expectTypeOf<WriteKbEntriesOutput>().toEqualTypeOf<WriteNotesOutput>();
    expectTypeOf<CommitKnowledgeBaseInput>().toEqualTypeOf<CommitRunInput>();
    expectTypeOf<CommitKnowledgeBaseOutput>().toEqualTypeOf<CommitRunOutput>();
    expectTypeOf<SelectContextInput>().toEqualTypeOf<SelectRelatedNotesInput>();
    expectTypeOf<SelectContextOutput>().toEqualTypeOf<SelectRelatedNotesOutput>();
  });
});
