import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mergeIndexText } from "../../../src/model/merge/merge-index.js";
import { mergeMemoryFile } from "../../../src/model/merge/merge-memory-file.js";
import { mergeSessionLogText } from "../../../src/model/merge/merge-session-log.js";

const IDS = ["id__AAAAAA", "id__BBBBBB", "id__CCCCCC", "id__DDDDDD", "id__EEEEEE"];
const index = (hot: string[], warm: string[]) =>
  `# Index\n\nKept by hand.\n\n## Hot\n\n${hot.map((id) => `- [[${id}|${id.slice(4)}]]\n`).join("")}\n## Warm\n\n${warm.map((id) => `- [[${id}|${id.slice(4)}]]\n`).join("")}`;
const ids = (part: string) => [...part.matchAll(/\[\[(id__\w{6})/g)].map((m) => m[1]);
const tiersOf = (text: string) => {
  const [, hot = "", warm = ""] = text.split(/^## (?:Hot|Warm)$/m);
  return { hot: ids(hot), warm: ids(warm) };
};
const bodies = (text: string) =>
  text
    .split(/^## session \d+ /m)
    .slice(1)
    .map((s) => s.trim());
const cursor = (files: object) => `${JSON.stringify({ version: 1, files }, null, 2)}\n`;
const state = (n: number) =>
  `${JSON.stringify({ consolidationsSinceDefrag: n, lastDefragAt: "2026-11-20T00:00:00.000Z" }, null, 2)}\n`;

describe("mergeIndexText", () => {
  it("merges tiers changed on both clones as sets", () => {
    const base = index(["id__AAAAAA"], ["id__BBBBBB", "id__CCCCCC"]);
    const ours = index(["id__AAAAAA", "id__BBBBBB"], ["id__CCCCCC"]); // promoted B
    const theirs = index(["id__AAAAAA"], ["id__BBBBBB", "id__CCCCCC", "id__DDDDDD"]); // added D
    const merged = mergeIndexText(base, ours, theirs).text;
    expect(tiersOf(merged)).toEqual({
      hot: ["id__AAAAAA", "id__BBBBBB"],
      warm: ["id__CCCCCC", "id__DDDDDD"],
    });
    expect(merged).toContain("Kept by hand.");
    expect(mergeIndexText(base, theirs, ours).text).toBe(merged);
  });

  it("keeps a note promoted on one clone and demoted on the other at the hotter place", () => {
    const base = index([], ["id__AAAAAA"]);
    const merged = mergeIndexText(base, index(["id__AAAAAA"], []), index([], []));
    expect(tiersOf(merged.text)).toEqual({ hot: ["id__AAAAAA"], warm: [] });
  });

  it("property: each id's place is the three-way merge of its places, the hotter on a clash", () => {
    const place = fc.constantFrom(0, 1, 2);
    const places = fc.array(place, { minLength: IDS.length, maxLength: IDS.length });
    fc.assert(
      fc.property(places, places, places, (b, o, t) => {
        const build = (p: number[]) =>
          index(
            IDS.filter((_, i) => p[i] === 2),
            IDS.filter((_, i) => p[i] === 1),
          );
        const merged = mergeIndexText(build(b), build(o), build(t)).text;
        const tiers = tiersOf(merged);
        IDS.forEach((id, i) => {
          const [pb, po, pt] = [b[i], o[i], t[i]] as [number, number, number];
          const want = po === pt || pt === pb ? po : po === pb ? pt : Math.max(po, pt);
          const got = tiers.hot.includes(id) ? 2 : tiers.warm.includes(id) ? 1 : 0;
          expect(got).toBe(want);
        });
        expect(mergeIndexText(build(b), build(t), build(o)).text).toBe(merged);
      }),
    );
  });
});

const session = (n: number, time: string, what: string) =>
  `## session ${n} (${time} UTC)\n\n### what\n${what}\n\n### why\nbecause\n\n### how\nby hand\n`;

describe("mergeSessionLogText", () => {
  it("keeps both clones' new sessions, by time, numbered on", () => {
    const base = session(1, "08:00", "first");
    const ours = `${base}\n${session(2, "10:00", "ours")}`;
    const theirs = `${base}\n${session(2, "09:00", "theirs")}`;
    const merged = mergeSessionLogText(base, ours, theirs).text;
    expect(merged).toBe(
      `${base}\n${session(2, "09:00", "theirs")}\n${session(3, "10:00", "ours")}`,
    );
    expect(mergeSessionLogText(base, theirs, ours).text).toBe(merged);
  });

  it("property: every session appended on either side is there once, each side's order kept", () => {
    // Distinct sessions per side: a side holding one session twice (same hour, same text) is
    // merged as that session once when both sides appended, which loses no sentence.
    const added = fc.uniqueArray(
      fc.tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom("a", "b", "c", "d", "e")),
      { maxLength: 4, selector: ([hour, word]) => `${hour} ${word}` },
    );
    fc.assert(
      fc.property(added, added, (one, two) => {
        const base = session(1, "00:00", "start");
        const build = (list: [number, string][]) => {
          const sorted = list.toSorted((x, y) => x[0] - y[0]);
          return (
            base +
            sorted
              .map(([h, w], i) => `\n${session(i + 2, `${String(h).padStart(2, "0")}:00`, w)}`)
              .join("")
          );
        };
        const ours = build(one);
        const theirs = build(two);
        const merged = mergeSessionLogText(base, ours, theirs).text;
        const all = new Set([...bodies(ours), ...bodies(theirs)]);
        expect(new Set(bodies(merged))).toEqual(all);
        expect(bodies(merged)).toHaveLength(all.size);
        const numbers = [...merged.matchAll(/^## session (\d+)/gm)].map((m) => Number(m[1]));
        expect(numbers).toEqual(numbers.map((_, i) => i + 1));
        expect(mergeSessionLogText(base, theirs, ours).text).toBe(merged);
        expect(mergeSessionLogText(ours, ours, ours).text).toBe(ours);
      }),
      { numRuns: 1_000 },
    );
  });
});

const entry = {
  version: 1,
  timestamp: "2026-11-22T01:37:42.423Z",
  harness: "manual",
  retrieval: { method: "none" },
  context: {},
  note: "deploys need the VPN",
};
const done = (at: string, notes: string[]) =>
  `${JSON.stringify({ ...entry, consolidated: { commit: null, consolidatedAt: at, notes } }, null, 2)}\n`;

describe("mergeMemoryFile: journal files", () => {
  const path = "memory/journal/done/2026-11-22T01-37-42.423Z-ab9ed1fea281f83b.json";

  it("keeps one done record written on both clones, with both clones' notes and the other's record", () => {
    const ours = done("2026-11-22T03:00:00.000Z", ["id__AAAAAA"]);
    const theirs = done("2026-11-22T02:00:00.000Z", ["id__BBBBBB"]);
    const merged = mergeMemoryFile(path, "", ours, theirs)._unsafeUnwrap().text;
    const record = JSON.parse(merged);
    expect(record.consolidated.consolidatedAt).toBe("2026-11-22T02:00:00.000Z");
    expect(record.consolidated.notes).toEqual(["id__BBBBBB", "id__AAAAAA"]);
    expect(record.consolidated.also).toEqual([
      { commit: null, consolidatedAt: "2026-11-22T03:00:00.000Z", notes: ["id__AAAAAA"] },
    ]);
    expect(mergeMemoryFile(path, "", theirs, ours)._unsafeUnwrap().text).toBe(merged);
    expect(mergeMemoryFile(path, "", merged, merged)._unsafeUnwrap().text).toBe(merged);
  });

  it("keeps the lower session of the cursor, so a session is consolidated again rather than skipped", () => {
    const base = cursor({ "sessions/2026/11/22/agent0.md": { session: 1, bytes: 10 } });
    const merged = mergeMemoryFile(
      "journal/session-cursor.json",
      base,
      cursor({ "sessions/2026/11/22/agent0.md": { session: 3, bytes: 30 } }),
      cursor({ "sessions/2026/11/22/agent0.md": { session: 2, bytes: 20 } }),
    )._unsafeUnwrap().text;
    expect(JSON.parse(merged).files).toEqual({ "sessions/2026/11/22/agent0.md": { session: 2 } });
  });

  it("adds the consolidations counted on both clones since the same defrag", () => {
    const merged = mergeMemoryFile("journal/lifecycle.json", state(1), state(2), state(3));
    expect(JSON.parse(merged._unsafeUnwrap().text).consolidationsSinceDefrag).toBe(4);
  });

  it("leaves to git a journal file it does not know, and a file that does not parse", () => {
    expect(mergeMemoryFile("journal/pending/x.json", "", '{"a":1}\n', '{"a":2}\n').isErr()).toBe(
      true,
    );
    expect(mergeMemoryFile(path, "", "{", done("2026-11-22T02:00:00.000Z", [])).isErr()).toBe(true);
    expect(mergeMemoryFile("picture.png", "", "a", "b").isErr()).toBe(true);
  });
});
