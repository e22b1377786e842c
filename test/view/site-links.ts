/**
 * Checks every link of a written site without a browser: each `href` of each page leads to a
 * file of the site, or is a broken note link the page marks as broken.
 */
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";

/** What the crawl found. */
export interface LinkReport {
  readonly pages: number;
  readonly links: number;
  /** Links to files the site does not have: must be empty. */
  readonly dead: readonly string[];
  /** Links marked broken (to ids no note carries). */
  readonly markedBroken: number;
}

const HREF = /<a ([^>]*?)href="([^"]*)"([^>]*)>/g;

/** Crawls every .html file under `folder`. */
export function checkSiteLinks(folder: string): LinkReport {
  const pages = htmlFiles(folder);
  let links = 0;
  let markedBroken = 0;
  const dead: string[] = [];
  for (const page of pages) {
    const html = readFileSync(page, "utf8");
    for (const match of html.matchAll(HREF)) {
      const [, before = "", href = "", after = ""] = match;
      links++;
      if (href.startsWith("#broken-")) {
        if (`${before}${after}`.includes('class="broken"')) markedBroken++;
        else dead.push(`${relative(folder, page)}: ${href} is not marked broken`);
        continue;
      }
      if (/^[a-z]+:/.test(href)) {
        dead.push(`${relative(folder, page)}: ${href} leaves the site`);
        continue;
      }
      const target = normalize(join(dirname(page), href.replace(/#.*$/, "")));
      if (!target.startsWith(folder) || !existsSync(target)) {
        dead.push(`${relative(folder, page)}: ${href}`);
      }
    }
  }
  return { pages: pages.length, links, dead, markedBroken };
}

function htmlFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".html"))
    .map((entry) => join(entry.parentPath, entry.name));
}
