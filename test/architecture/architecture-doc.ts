/**
 * The rule table and the dependency picture of docs/architecture.md, generated from the layer
 * rules. `npm run docs:architecture` writes them between the markers; the architecture test
 * fails when the page differs.
 */
import { LAYER_RULES } from "./layer-rules.js";

export const DOC_START = "<!-- generated: layer rules (npm run docs:architecture) -->";
export const DOC_END = "<!-- end of generated layer rules -->";

/** The generated block, markers included. */
export function renderLayerDoc(): string {
  const rows = LAYER_RULES.map(
    (rule) =>
      `| ${rule.layer} | ${rule.paths.map((path) => `\`${path}\``).join(", ")} | ${rule.holds} | ${
        rule.imports.length === 0 ? "nothing" : rule.imports.join(", ")
      } | ${rule.pure ? "only node:crypto" : "yes"} |`,
  );
  const arrows = LAYER_RULES.flatMap((rule) =>
    rule.imports.map((to) => `  ${rule.layer} --> ${to}`),
  );
  return [
    DOC_START,
    "| layer | where | holds | may import | node:* |",
    "| --- | --- | --- | --- | --- |",
    ...rows,
    "",
    "```mermaid",
    "flowchart TD",
    ...arrows,
    "```",
    DOC_END,
  ].join("\n");
}

/** `page` with its generated block replaced by the current one. */
export function spliceLayerDoc(page: string): string | undefined {
  const start = page.indexOf(DOC_START);
  const end = page.indexOf(DOC_END);
  if (start === -1 || end === -1 || end < start) return undefined;
  return page.slice(0, start) + renderLayerDoc() + page.slice(end + DOC_END.length);
}
