/**
 * Generators for the AGENTS.md properties: texts dense with marker look-alikes (case,
 * whitespace and line-break variants, halves of markers), so the properties explore the
 * places where neutralising and splicing could go wrong.
 */
import * as fc from "fast-check";
import { END_MARKER, START_MARKER } from "../../../src/lifecycle/agents-md/markers.js";

/** Pieces that combine into markers, near-markers and ordinary text. */
const FRAGMENTS = [
  "<!--",
  "-->",
  " ",
  "\t",
  "\n",
  "\r\n",
  "agent-memory",
  "AGENT-MEMORY",
  ":",
  "start",
  "END",
  "end",
  "<",
  "!",
  "-",
  "#",
  "```",
  "x",
  "[[id__AAAAAA|a]]",
  START_MARKER,
  END_MARKER,
];

/** Any text made of marker fragments and arbitrary strings. */
export const markerishText: fc.Arbitrary<string> = fc
  .array(fc.oneof(fc.constantFrom(...FRAGMENTS), fc.string({ maxLength: 8 })), { maxLength: 40 })
  .map((parts) => parts.join(""));

/** Whole lines, some of which are (or look like) marker lines. */
export const markerishLines: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        START_MARKER,
        END_MARKER,
        "  <!--AGENT-MEMORY : Start-->  ",
        "<!-- agent-memory:end -->\r",
        "see <!-- agent-memory:end --> inline",
        "",
      ),
      fc.string({ maxLength: 12 }).filter((s) => !s.includes("\n")),
    ),
    { maxLength: 12 },
  )
  .map((lines) => lines.join("\n"));
