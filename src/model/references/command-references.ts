/**
 * What a shell command line relies on in a repository: the npm script it runs
 * (`npm run build`, `pnpm run lint`, `npm test`), the package binary it runs through npx
 * (`npx tsup`), or the repository file it executes (`./scripts/release.sh`, `bin/memory`).
 * Commands on the PATH (`git`, `node`, `memory`) belong to the machine, not the repository,
 * and are not references.
 *
 * @module
 */

/** An npm (pnpm, yarn, bun) script a command runs. */
export interface ScriptReference {
  readonly kind: "script";
  readonly text: string;
  readonly script: string;
}

/** A package binary a command runs through npx. */
export interface BinaryReference {
  readonly kind: "binary";
  readonly text: string;
  readonly name: string;
}

/** A repository file a command executes. */
export interface ExecutableReference {
  readonly kind: "executable";
  readonly text: string;
  /** Relative to the repository's top level, without `./`. */
  readonly path: string;
}

/** What one command relies on. */
export type CommandReference = ScriptReference | BinaryReference | ExecutableReference;

const RUNNERS = new Set(["npm", "pnpm", "yarn", "bun"]);
const RUN_WORDS = new Set(["run", "run-script", "rum", "urn"]);
const PREFIXES = new Set(["sudo", "env", "time", "exec", "nohup", "command"]);
const SCRIPT_NAME = /^[\w@][\w:.@/+-]*$/;
const BIN_NAME = /^[a-z0-9][\w.-]*$/i;
const PATH_WORD = /^(?:\.\/)?[\w@.+-]+(?:\/[\w@.+-]+)+$/;
const NPX_DOWNLOADS = new Set(["-y", "--yes", "-p", "--package", "-c", "--call"]);

/**
 * The references of one command line: each `&&`, `||`, `;` or `|` part is a command of its
 * own; a leading `$ ` prompt and `VAR=value` assignments are skipped.
 *
 * @example
 * ```ts
 * commandReferencesIn("$ npm run build && ./scripts/check.sh");
 * // [{ kind: "script", text: "npm run build", script: "build" },
 * //  { kind: "executable", text: "./scripts/check.sh", path: "scripts/check.sh" }]
 * ```
 */
export function commandReferencesIn(line: string): CommandReference[] {
  const trimmed = line.trim().replace(/^\$\s+/, "");
  if (trimmed === "" || trimmed.startsWith("#")) return [];
  return trimmed.split(/&&|\|\||;|\|/).flatMap((part) => {
    const found = commandReference(part.trim().split(/\s+/));
    return found === undefined ? [] : [found];
  });
}

/** Whether a code span reads as a command (so it is parsed as one, not as a path or symbol). */
export function looksLikeCommand(span: string): boolean {
  return /^(?:\$\s+)?(?:npm|pnpm|yarn|bun|npx)\s+\S/.test(span) || /^\.\/\S+(?:\s|$)/.test(span);
}

/**
 * `npm run NAME` (and pnpm/yarn/bun) in prose outside code: the script names a sentence
 * cites ("run npm run build first").
 *
 * @example
 * ```ts
 * scriptsInProse("run npm run build first"); // [{ kind: "script", text: "npm run build", script: "build" }]
 * ```
 */
export function scriptsInProse(text: string): ScriptReference[] {
  const found: ScriptReference[] = [];
  for (const match of text.matchAll(/\b(npm|pnpm|yarn|bun) (run|run-script) ([\w@][\w:.@/+-]*)/g)) {
    const script = (match[3] ?? "").replace(/[.:]+$/, "");
    if (script !== "")
      found.push({ kind: "script", text: `${match[1]} ${match[2]} ${script}`, script });
  }
  return found;
}

function commandReference(words: readonly string[]): CommandReference | undefined {
  let at = 0;
  while (at < words.length) {
    const word = words[at] ?? "";
    if (/^[A-Za-z_]\w*=/.test(word) || PREFIXES.has(word)) at += 1;
    else break;
  }
  const executable = words[at];
  if (executable === undefined || /["'`$\\()]/.test(executable)) return undefined;
  const rest = words.slice(at + 1);
  if (RUNNERS.has(executable)) return scriptReference(executable, rest);
  if (executable === "npx") return binaryReference(rest);
  if (!PATH_WORD.test(executable) || executable.split("/").includes("..")) return undefined;
  return {
    kind: "executable",
    text: executable,
    path: executable.startsWith("./") ? executable.slice(2) : executable,
  };
}

function scriptReference(runner: string, rest: readonly string[]): ScriptReference | undefined {
  const words = rest.filter((word) => !word.startsWith("-"));
  const [first, second] = words;
  let script: string | undefined;
  if (first !== undefined && RUN_WORDS.has(first)) script = second;
  else if (runner === "npm" && (first === "test" || first === "t" || first === "tst")) {
    script = "test";
  }
  if (script === undefined || !SCRIPT_NAME.test(script)) return undefined;
  const text =
    script === "test" && first !== undefined && !RUN_WORDS.has(first)
      ? `${runner} ${first}`
      : `${runner} ${first ?? ""} ${script}`;
  return { kind: "script", text, script };
}

function binaryReference(rest: readonly string[]): BinaryReference | undefined {
  if (rest.some((word) => NPX_DOWNLOADS.has(word) || word.startsWith("--package="))) {
    return undefined;
  }
  const name = rest.find((word) => !word.startsWith("-"));
  if (name === undefined || !BIN_NAME.test(name)) return undefined;
  return { kind: "binary", text: `npx ${name}`, name };
}
