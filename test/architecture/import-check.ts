/**
 * Checks imports against the layer rules. Pure over (path, text) pairs so the check itself is
 * tested on deliberately wrong files.
 */
import { posix } from "node:path";
import ts from "typescript";
import { LAYER_RULES, layerOf, type Layer } from "./layer-rules.js";

/** A source file to check. */
export interface SourceFile {
  /** Repository-relative, `/`-separated. */
  readonly path: string;
  readonly text: string;
}

/** An import the rules refuse. */
export interface Violation {
  readonly file: string;
  readonly specifier: string;
  readonly reason: string;
}

/** One import between two layers (for the picture). */
export interface LayerEdge {
  readonly from: Layer;
  readonly to: Layer;
}

/** Every module specifier of a file: static, `export from`, type-only and dynamic imports. */
export function specifiersOf(text: string): string[] {
  return ts.preProcessFile(text, true, true).importedFiles.map((file) => file.fileName);
}

/** The repository-relative `.ts` path a relative specifier points at. */
export function resolveRelative(from: string, specifier: string): string {
  const joined = posix.normalize(posix.join(posix.dirname(from), specifier));
  return joined.endsWith(".js") ? `${joined.slice(0, -3)}.ts` : joined;
}

/** Violations of the dependency rule in `files`, and the layer edges seen. */
export function checkImports(files: readonly SourceFile[]): {
  violations: Violation[];
  edges: LayerEdge[];
} {
  const violations: Violation[] = [];
  const edges = new Map<string, LayerEdge>();
  for (const file of files) {
    const from = layerOf(file.path);
    if (from === undefined) continue;
    const rule = LAYER_RULES.find((candidate) => candidate.layer === from);
    if (rule === undefined) continue;
    for (const specifier of specifiersOf(file.text)) {
      const reject = (reason: string) => violations.push({ file: file.path, specifier, reason });
      if (specifier.startsWith("node:")) {
        if (rule.pure && specifier !== "node:crypto")
          reject(`${from} must not import ${specifier} (only node:crypto); take it through a port`);
        continue;
      }
      if (!specifier.startsWith(".")) continue;
      const target = resolveRelative(file.path, specifier);
      const to = layerOf(target);
      if (to === undefined) {
        reject(`imports ${target}, outside src/`);
        continue;
      }
      if (to === from) continue;
      edges.set(`${from}>${to}`, { from, to });
      if (!rule.imports.includes(to)) {
        const allowed = rule.imports.length === 0 ? "nothing" : rule.imports.join(", ");
        reject(`${from} may import only ${allowed}, not ${to} (${target})`);
      }
    }
  }
  return { violations, edges: [...edges.values()] };
}
