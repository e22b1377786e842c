import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { missingSentences, sentencesOf } from "../../../src/model/markdown/sentences.js";

describe("sentencesOf", () => {
  it("splits after punctuation and at line breaks, links as their text, headings left out", () => {
    expect(
      sentencesOf("## Rollback\n\nRevert the [[id__Ab3xYz|tag]]. Then tell the team!\n- page"),
    ).toEqual(["Revert the tag.", "Then tell the team!", "page"]);
  });
});

describe("missingSentences", () => {
  it("finds nothing missing when links are only added", () => {
    expect(
      missingSentences("Deploys use release.", ["Deploys use [[id__Ab3xYz|release]]."]),
    ).toEqual([]);
  });

  it("names the sentence a rewrite drops", () => {
    expect(missingSentences("Keep this. Drop that.", ["Keep this."])).toEqual(["Drop that."]);
  });

  it("property: a text keeps all its sentences when anything is appended", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (text, more) => {
        expect(missingSentences(text, [`${text}\n\n${more}`])).toEqual([]);
      }),
    );
  });
});
