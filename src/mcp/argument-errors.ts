/**
 * Arguments that fail a tool's schema, told as what each argument must be, from the JSON
 * Schema the client was shown (`limit must be an integer between 1 and 100 (was 0)`), never
 * from a field's description, which says what it is for and not what it accepts.
 *
 * @module
 */

import type { ArkErrors } from "arktype";

/** One property of a tool's JSON Schema, as far as messages need it. */
interface PropertySchema {
  readonly type?: string;
  readonly enum?: readonly unknown[];
  readonly anyOf?: readonly { readonly const?: unknown }[];
  readonly minimum?: number;
  readonly maximum?: number;
  readonly minLength?: number;
  readonly minItems?: number;
  readonly items?: PropertySchema;
}

/** A tool's JSON Schema: an object of named properties. */
export interface ObjectSchema {
  readonly properties?: Readonly<Record<string, PropertySchema>>;
  readonly required?: readonly string[];
}

/**
 * The problems with a tool's arguments, one clause per argument, joined by "; ".
 *
 * @example
 * ```ts
 * argumentProblems(errors, { limit: 0 }, schema); // "limit must be an integer between 1 and 100 (was 0)"
 * ```
 */
export function argumentProblems(errors: ArkErrors, args: unknown, schema: ObjectSchema): string {
  if (typeof args !== "object" || args === null || Array.isArray(args)) {
    return "the arguments must be a JSON object";
  }
  const given = args as Record<string, unknown>;
  const properties = schema.properties ?? {};
  const names = Object.keys(properties);
  const keys = [...new Set([...errors].map((error) => String(error.path[0] ?? "")))];
  return keys
    .map((key) => {
      const property = properties[key];
      if (property === undefined) {
        const known = names.length === 0 ? "it takes none" : `it takes ${names.join(", ")}`;
        return `unknown argument "${key.slice(0, 40)}" (${known})`;
      }
      if (given[key] === undefined) return `${key} is required: ${expectation(property)}`;
      return `${key} must be ${expectation(property)} (was ${shown(given[key])})`;
    })
    .join("; ");
}

function expectation(property: PropertySchema): string {
  const choices = property.enum ?? property.anyOf?.map((option) => option.const);
  if (choices !== undefined) return `one of ${choices.map(String).join(", ")}`;
  const { minimum: min, maximum: max } = property;
  switch (property.type) {
    case "integer":
    case "number": {
      const kind = property.type === "integer" ? "an integer" : "a number";
      if (min !== undefined && max !== undefined) return `${kind} between ${min} and ${max}`;
      if (min !== undefined) return `${kind} of at least ${min}`;
      if (max !== undefined) return `${kind} of at most ${max}`;
      return kind;
    }
    case "string":
      return (property.minLength ?? 0) > 0 ? "a non-empty string" : "a string";
    case "boolean":
      return "true or false";
    case "array": {
      const items = property.items?.type === "string" ? "strings" : "values";
      return (property.minItems ?? 0) > 0 ? `a non-empty list of ${items}` : `a list of ${items}`;
    }
    default:
      return "a valid value";
  }
}

/** The offending value, short: a huge string is never echoed back. */
function shown(value: unknown): string {
  if (typeof value === "string") {
    return value.length > 40 ? `a string of ${value.length} characters` : JSON.stringify(value);
  }
  if (Array.isArray(value)) return `a list of ${value.length}`;
  if (typeof value === "object" && value !== null) return "an object";
  return String(value);
}
