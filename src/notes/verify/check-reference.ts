/**
 * One reference against the repository index: present, missing (with what was checked and
 * how to fix the note), or not checkable here (another project's path, a pinned permalink,
 * a command on the PATH). When in doubt a reference is not checkable: a false alarm on a
 * note that is still right costs more trust than a stale reference left unreported.
 *
 * @module
 */

import type { CodeReference } from "../../model/references/code-references.js";
import type { PathReference } from "../../model/references/path-references.js";
import type { RepositoryUrlReference } from "../../model/references/repository-urls.js";
import type { RepositoryInventory } from "./repository-inventory.js";

/** The kinds of stale reference verify reports. */
export type StaleReferenceKind =
  | "missing-path"
  | "missing-line"
  | "missing-symbol"
  | "missing-script"
  | "missing-binary"
  | "missing-executable"
  | "missing-url-path";

/** A reference the repository refutes. */
export interface MissingReference {
  readonly kind: StaleReferenceKind;
  /** What was looked for, and where. */
  readonly checked: string;
  readonly message: string;
  readonly fix: string;
}

/** What the repository says about one reference. */
export type ReferenceVerdict =
  | { readonly status: "present" }
  | { readonly status: "unchecked" }
  | { readonly status: "missing"; readonly missing: MissingReference }
  /** The file exists; whether the line does needs the file's length (read on demand). */
  | {
      readonly status: "line";
      readonly path: string;
      readonly line: number;
      readonly text: string;
    };

const PRESENT = { status: "present" } as const;
const UNCHECKED = { status: "unchecked" } as const;
const PINNED_REF = /^[0-9a-f]{7,40}$/i;
const MAX_HINTS = 3;
const MAX_LISTED_SCRIPTS = 8;

/**
 * The verdict on one reference.
 *
 * @example
 * ```ts
 * checkReference({ kind: "script", text: "npm run lint", script: "lint", historical: false }, index);
 * // { status: "missing", missing: { kind: "missing-script", ... } } when package.json has no "lint"
 * ```
 */
export function checkReference(
  reference: CodeReference,
  inventory: RepositoryInventory,
): ReferenceVerdict {
  if (reference.kind !== "url" && aboutAnotherRepository(reference.scope, inventory))
    return UNCHECKED;
  switch (reference.kind) {
    case "path":
      return checkPath(reference, inventory);
    case "symbol":
      if (inventory.identifiers === null) return UNCHECKED;
      return inventory.identifiers.has(reference.name)
        ? PRESENT
        : missing(
            "missing-symbol",
            `the identifier ${reference.name} in the source files of ${inventory.location}`,
            `\`${reference.text}\`: no source file of the repository mentions ${reference.name}.`,
            `Find what ${reference.name} became (git log -S${reference.name}) and update the note, or supersede it if the fact no longer holds.`,
          );
    case "script":
      if (inventory.scripts === null) return UNCHECKED;
      return inventory.scripts.has(reference.script)
        ? PRESENT
        : missing(
            "missing-script",
            `a "${reference.script}" script in the package.json files of ${inventory.location}`,
            `${reference.text}: no package.json of the repository has a "${reference.script}" script.`,
            `Use a script that exists${scriptList(inventory.scripts)}, or supersede the note if the step is gone.`,
          );
    case "binary":
      if (
        inventory.packages.has(reference.name) ||
        inventory.binaries?.has(reference.name) === true
      ) {
        return PRESENT;
      }
      if (inventory.binaries === null) return UNCHECKED;
      return missing(
        "missing-binary",
        `${reference.name} in node_modules/.bin and the dependencies of ${inventory.location}`,
        `${reference.text}: ${reference.name} is neither installed nor a dependency.`,
        "Name the tool the project uses now, or supersede the note if the step is gone.",
      );
    case "executable":
      if (!inventory.topLevel.has(firstSegment(reference.path))) return UNCHECKED;
      return inventory.files.has(reference.path)
        ? PRESENT
        : missing(
            "missing-executable",
            `${reference.path} in the file list of ${inventory.location}`,
            `${reference.text}: the repository has no file ${reference.path}.${movedHint(reference.path, inventory)}`,
            fixForPath(reference.path, inventory),
          );
    case "url":
      return checkUrl(reference, inventory);
  }
}

/** Whether a block names a repository other than this one (so its references are that one's). */
function aboutAnotherRepository(scope: readonly string[], inventory: RepositoryInventory): boolean {
  return scope.some((name) => {
    if (name.startsWith("url:")) return !inventory.repositories.has(name.slice(4));
    const owner = firstSegment(name);
    if (inventory.topLevel.has(owner) || inventory.packageNames.has(owner)) return false;
    const lower = `/${name.toLowerCase()}`;
    return ![...inventory.repositories].some((repository) => repository.endsWith(lower));
  });
}

function checkPath(reference: PathReference, inventory: RepositoryInventory): ReferenceVerdict {
  const { path } = reference;
  if (!inventory.topLevel.has(firstSegment(path))) return UNCHECKED;
  const extension = extensionOf(path);
  if (!reference.folder && extension !== "" && !inventory.extensions.has(extension))
    return UNCHECKED;
  if (inventory.folders.has(path)) return PRESENT;
  // Relative to a sub-project (a workspace package, an example): not this repository's to judge.
  if (!inventory.files.has(path) && inventory.tails.has(path)) return UNCHECKED;
  if (inventory.files.has(path) && !reference.folder) {
    return reference.line === undefined
      ? PRESENT
      : {
          status: "line",
          path,
          line: Math.max(reference.line, reference.endLine ?? 0),
          text: reference.text,
        };
  }
  return missing(
    "missing-path",
    `${path}${reference.folder ? "/" : ""} in the file list of ${inventory.location}`,
    `${reference.text}: the repository has no ${reference.folder ? "folder" : "file or folder"} ${path}.${movedHint(path, inventory)}`,
    fixForPath(path, inventory),
  );
}

function checkUrl(
  reference: RepositoryUrlReference,
  inventory: RepositoryInventory,
): ReferenceVerdict {
  if (!inventory.repositories.has(reference.repository)) return UNCHECKED;
  const [ref = ""] = reference.refAndPath;
  // A permalink at a commit shows that commit forever, whatever the branch holds now.
  if (PINNED_REF.test(ref)) return UNCHECKED;
  // A branch name may hold "/": every split of ref and path is tried.
  const candidates: string[] = [];
  for (let split = 1; split < reference.refAndPath.length; split += 1) {
    candidates.push(reference.refAndPath.slice(split).join("/"));
  }
  for (const path of candidates) {
    const exists =
      reference.view === "tree" ? inventory.folders.has(path) : inventory.files.has(path);
    if (!exists) continue;
    return reference.line === undefined
      ? PRESENT
      : {
          status: "line",
          path,
          line: Math.max(reference.line, reference.endLine ?? 0),
          text: reference.text,
        };
  }
  const path = candidates[0] ?? "";
  return missing(
    "missing-url-path",
    `${path} (after the branch name) in the file list of ${inventory.location}`,
    `${reference.text}: the repository has no ${reference.view === "tree" ? "folder" : "file"} ${path}.${movedHint(path, inventory)}`,
    `Point the link at the file's current path, or at a commit (a permalink), or supersede the note.`,
  );
}

/** The verdict for a line past the end of its file. */
export function missingLine(
  verdict: { readonly path: string; readonly line: number; readonly text: string },
  lines: number,
  location: string,
): MissingReference {
  return {
    kind: "missing-line",
    checked: `line ${verdict.line} of ${verdict.path} in ${location}`,
    message: `${verdict.text}: ${verdict.path} has ${lines} line${lines === 1 ? "" : "s"}, so line ${verdict.line} is gone.`,
    fix: "Find the code the line pointed at and update the line number, or drop the line and cite the file alone.",
  };
}

function missing(
  kind: StaleReferenceKind,
  checked: string,
  message: string,
  fix: string,
): ReferenceVerdict {
  return { status: "missing", missing: { kind, checked, message, fix } };
}

function movedHint(path: string, inventory: RepositoryInventory): string {
  const name = path.split("/").at(-1) ?? path;
  const elsewhere = inventory.byName.get(name) ?? [];
  if (elsewhere.length === 0 || elsewhere.length > MAX_HINTS) return "";
  return ` A file of that name is at ${elsewhere.join(", ")}.`;
}

function fixForPath(path: string, inventory: RepositoryInventory): string {
  const name = path.split("/").at(-1) ?? path;
  const elsewhere = inventory.byName.get(name) ?? [];
  return elsewhere.length === 1
    ? `If it moved, write ${elsewhere[0] ?? ""} instead; if it is gone, update or supersede the note.`
    : `Find where it went (git log --follow --stat -- ${path}) and update the note, or supersede it if the fact no longer holds.`;
}

function scriptList(scripts: ReadonlySet<string>): string {
  const names = [...scripts].toSorted();
  if (names.length === 0) return "";
  const shown = names.slice(0, MAX_LISTED_SCRIPTS).join(", ");
  return ` (${shown}${names.length > MAX_LISTED_SCRIPTS ? ", ..." : ""})`;
}

function firstSegment(path: string): string {
  return path.split("/")[0] ?? path;
}

function extensionOf(path: string): string {
  const name = path.split("/").at(-1) ?? path;
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot).toLowerCase() : "";
}
