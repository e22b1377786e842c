/**
 * The index-note changes of a migration: every top-of-mind entry gets a link in the `## Hot`
 * list of its memory root's `index.md`. Pure.
 *
 * @module
 */

import { addHotLinks, type HotLink } from "../model/records/hot-index.js";
import { indexPathOf } from "./legacy-memory-root.js";
import type { PlannedMigration } from "./legacy-plan.js";

/** One index note to create or extend. */
export interface IndexUpdate {
  /** Path of the index note, relative to the migration root. */
  readonly path: string;
  /** Whether the file is new. */
  readonly created: boolean;
  /** The links added under `## Hot`. */
  readonly added: readonly HotLink[];
  /** The file's new content. */
  readonly text: string;
}

/**
 * The index notes to write for `migrations`, given the current text of each index note
 * (`readIndex` returns undefined for one that does not exist). Index notes that already link
 * every hot entry under `## Hot` are left out.
 *
 * @example
 * ```ts
 * planIndexUpdates(plan.migrations, (path) => contents.get(path));
 * // [{ path: "orgs/acme/index.md", created: true, added: [{ id, title }], text: "# Index\n\n## Hot\n..." }]
 * ```
 */
export function planIndexUpdates(
  migrations: readonly PlannedMigration[],
  readIndex: (path: string) => string | undefined,
): IndexUpdate[] {
  const hotByRoot = new Map<string, HotLink[]>();
  for (const migration of migrations) {
    if (!migration.hot) continue;
    const links = hotByRoot.get(migration.memoryRoot) ?? [];
    links.push({ id: migration.id, title: migration.title });
    hotByRoot.set(migration.memoryRoot, links);
  }
  const updates: IndexUpdate[] = [];
  for (const [root, links] of [...hotByRoot].toSorted(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const path = indexPathOf(root);
    const existing = readIndex(path);
    const { text, added } = addHotLinks(existing, links);
    if (text !== undefined && added.length > 0) {
      updates.push({ path, created: existing === undefined, added, text });
    }
  }
  return updates;
}
