// One way to unwrap a Result in tests: okOf / errOf (test/helpers/result-helpers.ts).
import ts from "typescript"; import fs from "node:fs"; import path from "node:path"; import { execSync } from "node:child_process";
const files = execSync("git ls-files test", { encoding: "utf8" }).trim().split("\n").filter((f) => f.endsWith(".ts") && !f.startsWith("test/fixtures/") && f !== "test/helpers/result-helpers.ts");
let total = 0;
for (const f of files) {
  let text = fs.readFileSync(f, "utf8");
  const sf = ts.createSourceFile(f, text, ts.ScriptTarget.Latest, true);
  const edits = []; const used = new Set();
  const visit = (node) => {
    if (ts.isCallExpression(node) && node.arguments.length === 0 && ts.isPropertyAccessExpression(node.expression) && !node.expression.questionDotToken && !node.questionDotToken) {
      const name = node.expression.name.text;
      if (name === "_unsafeUnwrap" || name === "_unsafeUnwrapErr") {
        const fn = name === "_unsafeUnwrap" ? "okOf" : "errOf"; used.add(fn);
        const inner = node.expression.expression;
        edits.push({ at: inner.getStart(sf), end: inner.getStart(sf), text: `${fn}(` });
        edits.push({ at: inner.getEnd(), end: node.getEnd(), text: ")" });
      }
    }
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "unwrap") {
      used.add("okOf"); edits.push({ at: node.expression.getStart(sf), end: node.expression.getEnd(), text: "okOf" });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  if (edits.length === 0) continue;
  edits.sort((a, b) => b.at - a.at || b.end - a.end);
  for (const e of edits) text = text.slice(0, e.at) + e.text + text.slice(e.end);
  total += edits.length / 2;
  // imports
  let rel = path.relative(path.dirname(f), "test/helpers/result-helpers.js"); if (!rel.startsWith(".")) rel = "./" + rel;
  // drop `unwrap` from fresh-memory imports
  text = text.replace(/import \{([^}]*)\} from "([^"]*fresh-memory\.js)";/, (m, names, spec) => {
    const kept = names.split(",").map((n) => n.trim()).filter((n) => n && n !== "unwrap");
    return kept.length === 0 ? "" : `import { ${kept.join(", ")} } from "${spec}";`;
  });
  const existing = text.match(/import \{([^}]*)\} from "([^"]*result-helpers\.js)";/);
  if (existing) {
    const names = new Set(existing[1].split(",").map((n) => n.trim()).filter(Boolean)); for (const u of used) names.add(u);
    text = text.replace(existing[0], `import { ${[...names].sort().join(", ")} } from "${existing[2]}";`);
  } else {
    const lines = text.split("\n"); let last = -1;
    for (let i = 0; i < lines.length; i++) if (/^import .* from ".*";$/.test(lines[i]) || /^\} from ".*";$/.test(lines[i])) last = i;
    lines.splice(last + 1, 0, `import { ${[...used].sort().join(", ")} } from "${rel}";`);
    text = lines.join("\n");
  }
  fs.writeFileSync(f, text);
}
console.log("rewrote", total);
