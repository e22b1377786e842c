/**
 * Text into HTML: every character that could open markup is escaped, so a note's title, tag
 * or sentence shows as written and can never become markup on the page.
 *
 * @example
 * ```ts
 * escapeHtml('<b>"x"</b>'); // "&lt;b&gt;&quot;x&quot;&lt;/b&gt;"
 * ```
 */
export function escapeHtml(text: string): string {
  // Most text has nothing to escape: one scan, and no copies, for it.
  return MARKUP.test(text) ? text.replace(MARKUP_ALL, (char) => ENTITIES[char] ?? char) : text;
}

const MARKUP = /[&<>"']/;
const MARKUP_ALL = /[&<>"']/g;
const ENTITIES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/**
 * JSON for a `<script>` element: `<` is escaped so no note text can close the element.
 *
 * @example
 * ```ts
 * scriptJson({ title: "</script>" }); // '{"title":"\\u003c/script>"}'
 * ```
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028|\u2029/g, " ");
}
