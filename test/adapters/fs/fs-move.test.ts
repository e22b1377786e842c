/**
 * A move never leaves one note at two paths (issue 13, item 5): whatever call fails, the
 * file is at its old path or its new one, never both, so an id is never duplicated.
 */
import { memfs } from "memfs";
import { describe, expect, it } from "vitest";
import { fsPersistence } from "../../../src/adapters/fs/fs-persistence.js";
import { faultyFs, type FaultyMethod } from "../../../src/testing/faulty-fs.js";
import { okOf } from "../../helpers/result-helpers.js";

const FROM = "topics/igor id__Kf9mNp.md";
const TO = "archive/igor id__Kf9mNp.md";

describe("fsPersistence.move under faults", () => {
  it.each<FaultyMethod>(["link", "unlink", "rename", "writeFile"])(
    "leaves the file at exactly one path when %s fails",
    async (method) => {
      const faulty = faultyFs(memfs().fs);
      const p = fsPersistence({ fs: faulty.fs, root: "/memory" });
      okOf(await p.write(FROM, "# Igor\n"));
      faulty.arm(method);
      const moved = await p.move(FROM, TO);
      faulty.arm(undefined);
      const at = okOf(await p.list()).map((file) => file.path);
      expect(at).toEqual(moved.isOk() ? [TO] : [FROM]);
    },
  );
});
