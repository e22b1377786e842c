/**
 * The figures of the scale benchmark by size, and its table: each figure beside its same-run
 * baseline and the ratio at every size, how much the figure grew from the smallest size to
 * the largest, and each target met or not.
 */

/**
 * What a figure is held to: `linear` grows at most 1.2x the notes (12x from 10,000 to
 * 100,000); `node2x` is at most twice its baseline (`node -e 0`) at every size; `ms5` at
 * most 5 ms at every size; `gb1` under 1,024 (MB) at the largest size.
 */
export type ScaleTarget = "linear" | "node2x" | "ms5" | "gb1";

interface Row {
  readonly baseline: string;
  readonly unit: "ms" | "MB";
  readonly targets: readonly ScaleTarget[];
  readonly bySize: Map<number, { value: number; baseline: number }>;
}

/** The figures recorded so far. */
export interface ScaleFigures {
  /** Records `label`'s figure and baseline at `size`, with its baseline's name and targets. */
  record(
    label: string,
    size: number,
    value: number,
    baseline: number,
    about: { baseline: string; unit: "ms" | "MB"; targets: readonly ScaleTarget[] },
  ): void;
  /** The table, for docs/benchmarks.md. */
  markdown(): string;
}

function fmt(value: number, unit: "ms" | "MB"): string {
  if (unit === "MB") return `${value.toFixed(value >= 100 ? 0 : 1)} MB`;
  return value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${value.toFixed(1)} ms`;
}

/** An empty record of figures at `sizes` (smallest first). */
export function scaleTable(sizes: readonly number[]): ScaleFigures {
  const rows = new Map<string, Row>();
  const first = sizes[0] ?? 0;
  const last = sizes.at(-1) ?? 0;
  const verdicts = (row: Row): string[] =>
    row.targets.map((target) => {
      const at = (size: number) => row.bySize.get(size);
      const small = at(first);
      const large = at(last);
      if (small === undefined || large === undefined) return `${target}: not measured`;
      const every = [...row.bySize.values()];
      switch (target) {
        case "linear": {
          const growth = large.value / small.value;
          const bound = (1.2 * last) / first;
          return `<= ${bound.toFixed(0)}x: ${growth <= bound ? "met" : "not met"}`;
        }
        case "node2x":
          return `<= 2x node: ${every.every((f) => f.value <= 2 * f.baseline) ? "met" : "not met"}`;
        case "ms5":
          return `<= 5 ms: ${every.every((f) => f.value <= 5) ? "met" : "not met"}`;
        case "gb1":
          return `< 1 GB: ${large.value < 1024 ? "met" : "not met"}`;
      }
      return target;
    });
  return {
    record(label, size, value, baseline, about) {
      const row = rows.get(label) ?? { ...about, bySize: new Map() };
      row.bySize.set(size, { value, baseline });
      rows.set(label, row);
    },
    markdown() {
      const header = [
        "measure",
        "baseline",
        ...sizes.flatMap((size) => [`${size.toLocaleString("en")}`, "baseline", "ratio"]),
        `growth ${first.toLocaleString("en")} -> ${last.toLocaleString("en")} (baseline's)`,
        "target: verdict",
      ];
      const lines = [...rows].map(([label, row]) => {
        const cells = sizes.flatMap((size) => {
          const figure = row.bySize.get(size);
          if (figure === undefined) return ["-", "-", "-"];
          return [
            fmt(figure.value, row.unit),
            fmt(figure.baseline, row.unit),
            `${(figure.value / figure.baseline).toFixed(2)}x`,
          ];
        });
        const small = row.bySize.get(first);
        const large = row.bySize.get(last);
        const growth =
          small === undefined || large === undefined
            ? "-"
            : `${(large.value / small.value).toFixed(1)}x (${(large.baseline / small.baseline).toFixed(1)}x)`;
        return [label, row.baseline, ...cells, growth, verdicts(row).join("; ")];
      });
      return [header, header.map(() => "---"), ...lines]
        .map((cells) => `| ${cells.join(" | ")} |`)
        .join("\n");
    },
  };
}
