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
import { argumentProblems, type ObjectSchema } from "./argument-errors.js";

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

/**
 * What a tool may do, as MCP annotations tell clients: `read` changes nothing, `write` adds
 * or changes without destroying (capture, append), `destructive` may replace or remove text.
 */
export type ToolEffect = "read" | "write" | "destructive";

/** A tool with its argument type erased, as the server lists and calls it. */
export interface McpTool {
  readonly name: string;
  readonly description: string;
  readonly schema: Type;
  readonly effect: ToolEffect;
  /** The inputSchema clients are shown (JSON Schema, without the dialect line). */
  inputSchema(): { type: "object"; [key: string]: unknown };
  call(args: unknown, deps: ToolDeps): Promise<Result<object, ToolFailure>>;
}

/** A tool as its file declares it, with its argument type known. */
export interface ToolSpec<T extends Type> {
  readonly name: string;
  readonly description: string;
  readonly schema: T;
  readonly effect: ToolEffect;
  run(args: T["infer"], deps: ToolDeps): Promise<Result<object, ToolFailure>>;
}

/**
 * Checks the arguments against the schema before the tool runs; a mismatch is INVALID_INPUT
 * saying what each wrong argument must be.
 *
 * @example
 * ```ts
 * const pickupTool = defineTool({ name: "pickup", schema: type({ "agent?": "number" }), ... });
 * ```
 */
export function defineTool<T extends Type>(spec: ToolSpec<T>): McpTool {
  let schema: { type: "object"; [key: string]: unknown } | undefined;
  const inputSchema = () => {
    if (schema === undefined) {
      const { $schema: _dialect, ...rest } = spec.schema.toJsonSchema() as Record<string, unknown>;
      schema = { ...rest, type: "object" };
    }
    return schema;
  };
  return {
    name: spec.name,
    description: spec.description,
    schema: spec.schema,
    effect: spec.effect,
    inputSchema,
    async call(args, deps) {
      const given = args ?? {};
      const checked: unknown = spec.schema(given);
      if (checked instanceof type.errors) {
        return err({
          code: "INVALID_INPUT",
          message: `${spec.name}: ${argumentProblems(checked, given, inputSchema() as ObjectSchema)}.`,
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
