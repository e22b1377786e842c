/**
 * One MCP tool: a name, a description an agent chooses by, an arktype schema (its JSON Schema
 * is the tool's inputSchema, and the same schema checks the arguments at call time), and a
 * run function returning a Result. Errors become MCP tool errors carrying the tagged code.
 *
 * @module
 */

import { type, type Type } from "arktype";
import { err, type Result } from "neverthrow";
import type { Git, Memory } from "../index.js";

/** An error as a tool reports it: the library's literal code and the message with the fix. */
export interface ToolFailure {
  readonly code: string;
  readonly message: string;
}

/** What every tool's run function receives besides its arguments. */
export interface ToolDeps {
  readonly memory: Memory;
  /** The git port when mutations commit; undefined when they only write files. */
  readonly git: Pick<Git, "commit"> | undefined;
}

/** A tool with its argument type erased, as the server lists and calls it. */
export interface McpTool {
  readonly name: string;
  readonly description: string;
  readonly schema: Type;
  /** Whether it changes nothing (an MCP annotation clients show). */
  readonly readOnly: boolean;
  call(args: unknown, deps: ToolDeps): Promise<Result<object, ToolFailure>>;
}

/** A tool as its file declares it, with its argument type known. */
export interface ToolSpec<T extends Type> {
  readonly name: string;
  readonly description: string;
  readonly schema: T;
  readonly readOnly: boolean;
  run(args: T["infer"], deps: ToolDeps): Promise<Result<object, ToolFailure>>;
}

/**
 * Checks the arguments against the schema before the tool runs; a mismatch is INVALID_INPUT
 * with arktype's summary of what was wrong.
 *
 * @example
 * ```ts
 * const pickupTool = defineTool({ name: "pickup", schema: type({ "agent?": "number" }), ... });
 * ```
 */
export function defineTool<T extends Type>(spec: ToolSpec<T>): McpTool {
  return {
    name: spec.name,
    description: spec.description,
    schema: spec.schema,
    readOnly: spec.readOnly,
    async call(args, deps) {
      const checked: unknown = spec.schema(args ?? {});
      if (checked instanceof type.errors) {
        return err({
          code: "INVALID_INPUT",
          message: `Invalid arguments for ${spec.name}: ${checked.summary}. Fix the arguments to match the tool's input schema.`,
        });
      }
      return spec.run(checked as T["infer"], deps);
    },
  };
}

/** A library error (anything with a code and a message) as a tool failure. */
export function failure(error: { readonly code: string; readonly message: string }): ToolFailure {
  return { code: error.code, message: error.message };
}
