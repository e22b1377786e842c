/** A node's place on the graph's canvas, in model coordinates (the viewer fits them). */
export interface Position {
  readonly x: number;
  readonly y: number;
}

/** Room left between two nodes, and between two rings. */
const GAP = 14;

/**
 * Concentric rings, the shape of cytoscape's `concentric` layout computed in one pass: the
 * first node in the middle, then ring after ring outward, each holding as many of the next
 * nodes as its circumference fits, spread evenly from the top. The caller orders the nodes
 * (the most linked first); `sizes` are their diameters. Deterministic, and linear in the
 * nodes: the page draws with cytoscape's `preset` layout, so the browser runs no layout
 * algorithm (cytoscape's force layout took seconds on a few hundred nodes, and is random).
 *
 * @example
 * ```ts
 * ringLayout([28, 16, 16]); // [{ x: 0, y: 0 }, { x: 0, y: -36 }, { x: 0, y: 36 }]
 * ```
 */
export function ringLayout(sizes: readonly number[]): Position[] {
  const positions: Position[] = [];
  if (sizes.length === 0) return positions;
  positions.push({ x: 0, y: 0 });
  let radius = 0;
  let inner = sizes[0] ?? 0;
  let at = 1;
  while (at < sizes.length) {
    // The ring clears the ring inside it by GAP, for its largest node: a larger node further
    // on widens the ring (which then holds more, perhaps a larger one still).
    let largest = sizes[at] ?? 0;
    let ringRadius = 0;
    let count = 0;
    for (;;) {
      ringRadius = radius + inner / 2 + GAP + largest / 2;
      count = Math.min(capacity(ringRadius, largest), sizes.length - at);
      const widest = maxOf(sizes, at, count);
      if (widest <= largest) break;
      largest = widest;
    }
    for (let slot = 0; slot < count; slot++) {
      const angle = -Math.PI / 2 + (2 * Math.PI * slot) / count;
      positions.push({
        x: round(ringRadius * Math.cos(angle)),
        y: round(ringRadius * Math.sin(angle)),
      });
    }
    at += count;
    radius = ringRadius;
    inner = largest;
  }
  return positions;
}

/**
 * How many nodes of this diameter fit around a circle of this radius with GAP between
 * neighbours (measured straight, centre to centre).
 */
function capacity(radius: number, size: number): number {
  const half = (size + GAP) / (2 * radius);
  return half >= 1 ? 1 : Math.max(1, Math.floor(Math.PI / Math.asin(half)));
}

/** The largest of `count` sizes from `from`. */
function maxOf(sizes: readonly number[], from: number, count: number): number {
  let largest = 0;
  for (let at = from; at < Math.min(sizes.length, from + count); at++) {
    largest = Math.max(largest, sizes[at] ?? 0);
  }
  return largest;
}

/** Two decimals: short in JSON, and the same on every platform. */
function round(value: number): number {
  return Math.round(value * 100) / 100;
}
