/** A page known by its key before it is rendered (see {@link SiteFiles.keyOf}). */
export interface KeyedPage {
  /** A digest of everything the page is made from: the same key, the same bytes. */
  readonly key: string;
  render(): string;
}

/** A file rendered when first asked for: its text, or first its key, then its text. */
export type PendingFile = (() => string) | { readonly prepare: () => KeyedPage };

/**
 * A site's files by path, where a page may be rendered only when first asked for. Serving a
 * 10,000-note memory then costs what the home, graph, tags and search need, and each note page
 * is rendered when a reader opens it; writing the site asks for every page, so the files
 * written are the same either way. A keyed page tells its key without being rendered, so a
 * rebuild renders only the pages whose key changed.
 */
export class SiteFiles implements ReadonlyMap<string, string> {
  readonly #made = new Map<string, string>();
  readonly #pending: Map<string, PendingFile>;
  readonly #prepared = new Map<string, KeyedPage>();
  readonly #paths: readonly string[];

  /** `ready` are rendered; `pending` renders its page when the page is first asked for. */
  constructor(ready: ReadonlyMap<string, string>, pending: ReadonlyMap<string, PendingFile>) {
    for (const [path, text] of ready) this.#made.set(path, text);
    this.#pending = new Map([...pending].filter(([path]) => !ready.has(path)));
    this.#paths = [...this.#made.keys(), ...this.#pending.keys()];
  }

  get size(): number {
    return this.#paths.length;
  }

  has(path: string): boolean {
    return this.#made.has(path) || this.#pending.has(path);
  }

  get(path: string): string | undefined {
    const made = this.#made.get(path);
    if (made !== undefined) return made;
    const text = this.#render(path);
    if (text === undefined) return undefined;
    this.#made.set(path, text);
    this.#pending.delete(path);
    return text;
  }

  /**
   * The file at `path` without keeping it: a pending page is rendered and handed over, not
   * held (writing 10,000 pages one by one then holds one at a time, not the whole site).
   */
  once(path: string): string | undefined {
    return this.#made.get(path) ?? this.#render(path);
  }

  /**
   * The key of a keyed page not rendered yet (undefined for any other file): what the page
   * is made from is prepared and kept for its render, or for {@link forget}.
   */
  keyOf(path: string): string | undefined {
    const pending = this.#pending.get(path);
    if (pending === undefined || typeof pending === "function") return undefined;
    let page = this.#prepared.get(path);
    if (page === undefined) {
      page = pending.prepare();
      this.#prepared.set(path, page);
    }
    return page.key;
  }

  /** Lets go of what {@link keyOf} prepared for a page that will not be rendered. */
  forget(path: string): void {
    this.#prepared.delete(path);
  }

  *entries(): MapIterator<[string, string]> {
    for (const path of this.#paths) yield [path, this.get(path) ?? ""];
  }

  keys(): MapIterator<string> {
    return this.#paths.values();
  }

  *values(): MapIterator<string> {
    for (const path of this.#paths) yield this.get(path) ?? "";
  }

  [Symbol.iterator](): MapIterator<[string, string]> {
    return this.entries();
  }

  forEach(
    callback: (value: string, key: string, map: ReadonlyMap<string, string>) => void,
    thisArg?: unknown,
  ): void {
    for (const [path, text] of this.entries()) callback.call(thisArg, text, path, this);
  }

  #render(path: string): string | undefined {
    const pending = this.#pending.get(path);
    if (pending === undefined) return undefined;
    if (typeof pending === "function") return pending();
    const page = this.#prepared.get(path) ?? pending.prepare();
    this.#prepared.delete(path);
    return page.render();
  }
}
