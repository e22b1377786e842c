import type { FsLike } from "../../src/adapters/fs/fs-like.js";

/** A note file to write directly: `folder/slug id.md` with a heading and a body. */
export interface SeedNote {
  readonly id: string;
  readonly title: string;
  readonly body: string;
  readonly folder?: "inbox" | "topics" | "archive";
}

/**
 * Writes note files straight to the fs, as an agent's editor would, so tests can fix ids
 * and links up front (capture never hands out an id that a link already names).
 */
export async function seedNotes(
  fs: FsLike,
  root: string,
  notes: readonly SeedNote[],
): Promise<Record<string, string>> {
  const paths: Record<string, string> = {};
  for (const note of notes) {
    const folder = note.folder ?? "topics";
    const slug = note.title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "");
    const path = `${folder}/${slug} ${note.id}.md`;
    await fs.promises.mkdir(`${root}/${folder}`, { recursive: true });
    await fs.promises.writeFile(`${root}/${path}`, `# ${note.title}\n\n${note.body}\n`);
    paths[note.id] = path;
  }
  return paths;
}
