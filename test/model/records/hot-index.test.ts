import { describe, expect, it } from "vitest";
import { addHotLinks, EMPTY_INDEX_NOTE, hotItem } from "../../../src/model/records/hot-index.js";

const igor = { id: "id__Kf9mNp", title: "Igor" };
const rust = { id: "id__Ab3xYz", title: "Rust" };

describe("addHotLinks", () => {
  it("creates an index note when there is none", () => {
    expect(addHotLinks(undefined, [igor, rust, igor])).toEqual({
      text: "# Index\n\n## Hot\n\n- [[id__Kf9mNp|Igor]]\n- [[id__Ab3xYz|Rust]]\n\n## Warm\n",
      added: [igor, rust],
    });
  });

  it("appends under the existing list, keeps the rest, and skips links already there", () => {
    const existing =
      "# Acme\n\nIntro.\n\n## Hot\n\n- [[id__Kf9mNp|Igor, hot]]\n\n## Warm\n\n- [[id__Zz9yXw|w]]\n";
    expect(addHotLinks(existing, [igor, rust])).toEqual({
      text: "# Acme\n\nIntro.\n\n## Hot\n\n- [[id__Kf9mNp|Igor, hot]]\n- [[id__Ab3xYz|Rust]]\n\n## Warm\n\n- [[id__Zz9yXw|w]]\n",
      added: [rust],
    });
    expect(addHotLinks(existing, [igor])).toEqual({ text: existing, added: [] });
  });

  it("fills an empty Hot section, at the end of the file too", () => {
    expect(addHotLinks(EMPTY_INDEX_NOTE, [igor]).text).toBe(
      "# Index\n\n## Hot\n\n- [[id__Kf9mNp|Igor]]\n\n## Warm\n",
    );
    expect(addHotLinks("## Hot", [igor]).text).toBe("## Hot\n\n- [[id__Kf9mNp|Igor]]\n");
    expect(addHotLinks("## Hot\n- a\n## Warm\n", [igor]).text).toBe(
      "## Hot\n- a\n- [[id__Kf9mNp|Igor]]\n\n## Warm\n",
    );
  });

  it("adds a Hot section before Warm, or at the end", () => {
    expect(addHotLinks("# I\n\n## Warm\n\n- x\n", [igor]).text).toBe(
      "# I\n\n## Hot\n\n- [[id__Kf9mNp|Igor]]\n\n## Warm\n\n- x\n",
    );
    expect(addHotLinks("# I\n\nSome text.\n\n", [igor]).text).toBe(
      "# I\n\nSome text.\n\n## Hot\n\n- [[id__Kf9mNp|Igor]]\n",
    );
    expect(addHotLinks("", [igor]).text).toBe("## Hot\n\n- [[id__Kf9mNp|Igor]]\n");
  });

  it("writes a bare link for a title that cannot be display text", () => {
    expect(hotItem({ id: "id__Kf9mNp", title: "Arrays [x]" })).toBe("- [[id__Kf9mNp]]");
  });
});
