// A long-lived host of the built library, for bench/scale-100k.bench.ts: opens the memory at
// ROOT with default options (watch + cookie on node's fs), lists it, follows one note's links,
// asks every question of QUESTIONS (a JSON array) once, then reads its own peak RSS (VmHWM)
// before it holds anything of its own. Then, for the latency figures, each question again turn
// about with a substring scan of the notes' lowercased text (the baseline), in wall and CPU time.
// Prints one JSON line.
// `bare` mode instead holds every note's text, as the least a host that answers from the notes
// keeps, and prints its RSS: the baseline of the host's.
// Usage: node bench/scale-host.mjs host ROOT QUESTIONS ID | node bench/scale-host.mjs bare ROOT
import * as fs from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";

const [mode, root = ".", questionsPath = "", id = ""] = process.argv.slice(2);

/** VmHWM and VmRSS of this process, in bytes. */
function rss() {
  const status = fs.readFileSync("/proc/self/status", "utf8");
  const field = (name) =>
    Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1]) * 1024;
  return { peak: field("VmHWM"), now: field("VmRSS") };
}

function noteTexts() {
  const texts = [];
  for (const folder of ["inbox", "topics", "archive"]) {
    let names = [];
    try {
      names = fs.readdirSync(join(root, folder));
    } catch {
      continue;
    }
    for (const name of names) texts.push(fs.readFileSync(join(root, folder, name), "utf8"));
  }
  return texts;
}

/** The CPU time this process used since `since` (a process.cpuUsage() reading), in ms. */
function cpuMs(since) {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
}

function must(result) {
  if (result.isErr()) throw new Error(JSON.stringify(result.error));
  return result.value;
}

function percentile(values, p) {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

if (mode === "bare") {
  const texts = noteTexts();
  console.log(JSON.stringify({ notes: texts.length, ...rss() }));
} else {
  const { createMemory } = await import("../dist/index.js");
  const { fsPersistence, gitCli } = await import("../dist/adapters.js");
  const questions = JSON.parse(fs.readFileSync(questionsPath, "utf8"));
  const memory = createMemory({
    persistence: fsPersistence({ fs, root }),
    git: gitCli({ dir: root }),
  });
  const freshness = memory.cacheStats().freshness;
  let start = performance.now();
  const listed = must(await memory.list());
  const openMs = performance.now() - start;
  must(await memory.links(id));
  start = performance.now();
  must(await memory.search(questions[0] ?? "adoption agency", { limit: 10 }));
  const firstSearchMs = performance.now() - start;
  for (const question of questions) must(await memory.search(question, { limit: 10 }));
  const host = rss();
  const heap = process.memoryUsage();
  const haystacks = noteTexts().map((text) => text.toLowerCase());
  const searchTimes = [];
  const scanTimes = [];
  // CPU time too: on a shared machine the wall time of a few milliseconds is mostly waiting.
  const searchCpu = [];
  const scanCpu = [];
  for (const question of questions) {
    const words = question
      .toLowerCase()
      .split(/\W+/)
      .filter((word) => word.length > 3);
    start = performance.now();
    let cpu = process.cpuUsage();
    let hits = 0;
    for (const text of haystacks) if (words.some((word) => text.includes(word))) hits++;
    scanTimes.push(performance.now() - start);
    scanCpu.push(cpuMs(cpu));
    if (hits < 0) throw new Error("unreachable");
    start = performance.now();
    cpu = process.cpuUsage();
    must(await memory.search(question, { limit: 10 }));
    searchTimes.push(performance.now() - start);
    searchCpu.push(cpuMs(cpu));
  }
  memory.close();
  console.log(
    JSON.stringify({
      freshness,
      notes: listed.length,
      openMs,
      firstSearchMs,
      ...host,
      heapUsed: heap.heapUsed,
      external: heap.external + heap.arrayBuffers,
      searchP50: percentile(searchTimes, 50),
      searchP95: percentile(searchTimes, 95),
      scanP50: percentile(scanTimes, 50),
      searchCpuP50: percentile(searchCpu, 50),
      scanCpuP50: percentile(scanCpu, 50),
    }),
  );
}
