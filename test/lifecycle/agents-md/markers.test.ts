import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  END_MARKER,
  START_MARKER,
  findMarkerLines,
  hasMarkerText,
  neutralizeMarkers,
} from "../../../src/lifecycle/agents-md/markers.js";
import { markerishText } from "./arbitraries.js";

describe("markers", () => {
  it("neutralises every spelling of a marker, readably, and leaves other comments alone", () => {
    const text = [
      START_MARKER,
      "x <!--AGENT-MEMORY:End--> y",
      "<!--\n  agent-memory :\tstart\n-->",
      "<!-- a normal comment -->",
    ].join("\n");
    expect(neutralizeMarkers(text)).toBe(
      [
        "<\\!-- agent-memory:start -->",
        "x <\\!--AGENT-MEMORY:End--> y",
        "<\\!--\n  agent-memory :\tstart\n-->",
        "<!-- a normal comment -->",
      ].join("\n"),
    );
  });

  it("finds only markers alone on their line, whatever their case, spacing or line ending", () => {
    const text = `intro\n  <!--Agent-Memory: START-->  \r\nsee ${END_MARKER} here\n${END_MARKER}\n`;
    expect(findMarkerLines(text).map(({ kind, line }) => [kind, line])).toEqual([
      ["start", 2],
      ["end", 4],
    ]);
    const [start] = findMarkerLines(text);
    expect(text.slice(start?.start, start?.end)).toBe("<!--Agent-Memory: START-->");
  });

  it("property: neutralised text holds no marker text, so no marker line either", () => {
    fc.assert(
      fc.property(markerishText, (text) => {
        const safe = neutralizeMarkers(text);
        expect(hasMarkerText(safe)).toBe(false);
        expect(findMarkerLines(safe)).toEqual([]);
        // Only backslashes are added: the text reads the same once markdown drops them.
        expect(safe.replaceAll("<\\!--", "<!--")).toBe(text);
      }),
    );
  });
});
