import type { DefragCommitInput } from "./defrag-steps.js";

/** The defrag commit's message: a summary line, then every action and the tiers. */
export function defragMessage(input: DefragCommitInput): string {
  const { applied } = input.applied;
  const lines = [`memory: defrag (${applied.length} action${applied.length === 1 ? "" : "s"})`, ""];
  for (const action of applied) {
    switch (action.type) {
      case "merge":
        lines.push(`merge ${action.sources.join(", ")} into ${action.target}`);
        break;
      case "split":
        lines.push(`split ${action.id} into ${action.parts.length} notes`);
        break;
      case "rename":
        lines.push(`rename ${action.id} to "${action.title}"`);
        break;
      default:
        lines.push(`${action.type} ${action.id}`);
    }
  }
  lines.push(`hot: ${input.hot.join(", ") || "none"}`, `warm: ${input.warm.join(", ") || "none"}`);
  return lines.join("\n");
}
