import { ID_PREFIX } from "../../model/id.js";
import type { FactLink } from "./note-facts.js";

/**
 * How a note's link targets are kept in the facts file: each id without "id__", a space
 * between (ids have no spaces and may be of several widths).
 */
export const LINK_ID_SEPARATOR = " ";

/**
 * A note's facts as read back from the facts file. Its links stay as the file holds them
 * (the targets' ids glued in one string, the texts in a shared array) until read: a cold
 * `list` or `search` never looks at them, and an object per link was a good share of what a
 * cold process allocated and then collected.
 */
export class CachedNote {
  readonly #ids: string;
  readonly #texts: readonly string[];
  readonly #firstText: number;
  #links: readonly FactLink[] | undefined;

  /**
   * @param ids - the link targets' ids without "id__", {@link LINK_ID_SEPARATOR} between
   * @param texts - the display texts of every note's links; this note's start at `firstText`
   */
  constructor(
    readonly id: string,
    readonly title: string,
    readonly tags: readonly string[],
    ids: string,
    texts: readonly string[],
    firstText: number,
  ) {
    this.#ids = ids;
    this.#texts = texts;
    this.#firstText = firstText;
  }

  get links(): readonly FactLink[] {
    if (this.#links === undefined) {
      const links: FactLink[] = [];
      if (this.#ids !== "") {
        let text = this.#firstText;
        for (const body of this.#ids.split(LINK_ID_SEPARATOR)) {
          links.push({ id: ID_PREFIX + body, displayText: this.#texts[text] ?? "" });
          text++;
        }
      }
      this.#links = links;
    }
    return this.#links;
  }
}
