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
  // The search data is megabytes of note text: look before copying, and use a character
  // class (an alternation scans many times slower over a long string).
  const json = JSON.stringify(value);
  const lessThan = json.includes("<") ? json.replaceAll("<", "\\u003c") : json;
  return SEPARATORS.test(lessThan) ? lessThan.replace(SEPARATORS_ALL, " ") : lessThan;
}

const SEPARATORS = /[\u2028\u2029]/;
const SEPARATORS_ALL = /[\u2028\u2029]/g;
