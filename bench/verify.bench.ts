/**
 * `verifyNotes` over 10,000 notes of real prose (LoCoMo, with references to the repository
 * woven in: current files, lines, symbols, scripts, and a share of stale ones) against a
 * 20,000-file git repository, beside `git ls-files` on the same repository in the same run.
 * Run: npx tsx bench/verify.bench.ts
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gitProjectRepository } from "../src/adapters/index.js";
import { verifyNoteTexts } from "../src/notes/verify/verify-note-texts.js";
import { medianMs } from "./measure.js";
import { proseNotes } from "./prose-notes.js";

const FILES = 20_000;
const NOTES = 10_000;
const dir = mkdtempSync(join(tmpdir(), "verify-bench-"));
const env = { ...process.env, GIT_CONFIG_NOSYSTEM: "1", HOME: dir };
try {
  const paths: string[] = [];
  for (let at = 0; at < FILES; at += 1) {
    const path = `src/area${at % 40}/module${Math.floor(at / 40) % 25}/file${at}.ts`;
    paths.push(path);
    mkdirSync(join(dir, path, ".."), { recursive: true });
    writeFileSync(
      join(dir, path),
      `export function handler${at}Value(input: number) {\n  return input + ${at};\n}\n`,
    );
  }
  writeFileSync(
    join(dir, "package.json"),
    JSON.stringify({ scripts: { build: "tsc", test: "vitest" } }),
  );
  execFileSync("git", ["init", "-q"], { cwd: dir, env });
  execFileSync("git", ["add", "-A"], { cwd: dir, env });
  const prose = proseNotes(NOTES, 0);
  const notes = prose.map((note, at) => {
    const file = paths[(at * 7919) % FILES] ?? "";
    const stale = at % 10 === 0 ? "src/area0/absent.ts" : file;
    return {
      id: `id__B${String(at).padStart(5, "0")}`,
      path: `topics/n${at}.md`,
      title: note.id,
      body: `${note.markdown}\n\nSee ${stale}:2 and \`handler${(at * 7919) % FILES}Value\`; run \`npm run ${at % 7 === 0 ? "ship" : "build"}\`.`,
    };
  });
  const repository = gitProjectRepository({ dir });
  const lsFiles = await medianMs(
    () => execFileSync("git", ["ls-files", "-z"], { cwd: dir, env }),
    5,
  );
  let findings = 0;
  const verify = await medianMs(async () => {
    const report = await verifyNoteTexts(notes, repository);
    if (report.isErr()) throw report.error;
    findings = report.value.findings.length;
  }, 3);
  console.log(
    `verify ${NOTES} notes vs ${FILES} files: ${verify.toFixed(0)} ms (findings ${findings}); ` +
      `git ls-files: ${lsFiles.toFixed(1)} ms; ratio ${(verify / lsFiles).toFixed(1)}x`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
