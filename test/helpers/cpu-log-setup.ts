/**
 * Measures what each test file costs in CPU seconds, for docs/benchmarks.md ("Test suite
 * cost"): wall time on a shared machine says nothing, CPU time does. Active only when
 * `TEST_CPU_LOG` names a file: after each test file, one JSON line is appended to it with the
 * file's CPU seconds: the worker's own (user + system) plus that of the processes it spawned
 * and waited for (spawned CLIs, git, Chromium: Linux counts a reaped child's CPU, and its own
 * reaped children's, to its parent). Read from /proc, so Linux only. In the unisolated
 * project a worker runs many files: a file's figure is its own tests and the imports no earlier
 * file of that worker loaded, so the figures add up to the suite's CPU but depend on the order.
 */
import { appendFileSync, readFileSync } from "node:fs";
import { afterAll, expect } from "vitest";

/** Clock ticks a second of /proc/<pid>/stat's time fields (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** CPU seconds so far of this process and of its reaped children, from /proc/self/stat. */
function cpuSeconds(): { own: number; children: number } {
  // The fields after the command name: utime, stime, cutime, cstime are the 14th to 17th
  // fields of the whole line, the 12th to 15th after ") ".
  const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1]?.split(" ") ?? [];
  const tick = (index: number): number => Number(fields[index] ?? 0) / TICKS_PER_SECOND;
  return { own: tick(11) + tick(12), children: tick(13) + tick(14) };
}

const logPath = process.env["TEST_CPU_LOG"];
if (logPath !== undefined && logPath !== "") {
  // Read when the file's worker evaluates this, before the test file is imported (vitest
  // runs setup files again before each file, isolated or not).
  const start = cpuSeconds();
  const startedAt = Date.now();
  afterAll(() => {
    const file = expect.getState().testPath ?? "";
    const end = cpuSeconds();
    const line = {
      file: file.replace(`${process.cwd()}/`, ""),
      own: +(end.own - start.own).toFixed(2),
      children: +(end.children - start.children).toFixed(2),
      cpu: +(end.own - start.own + end.children - start.children).toFixed(2),
      wall: +((Date.now() - startedAt) / 1000).toFixed(2),
    };
    appendFileSync(logPath, `${JSON.stringify(line)}\n`);
  });
}
