import * as fs from "node:fs";
import { basename, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { gitNoteHistory, watchMemoryFiles } from "../../adapters/index.js";
import { failureFrom, usageFailure } from "../framework/cli-failure.js";
import { COMMON_OPTIONS, defineCommand } from "../framework/command.js";
import { EXIT } from "../framework/exit-codes.js";
import { existingMemoryRoot, openNotesAt, type OpenedNotes } from "../framework/open-memory.js";
import { abortOnSignals } from "../framework/abort-on-signals.js";
import { messageOf } from "../../shared/message-of.js";
import type { SiteCache, SiteServer } from "../../view/index.js";

const DEFAULT_PORT = 4173;
// Edits come in bursts (an editor's save, a consolidation's many files): one rebuild each.
const REBUILD_DELAY_MS = 300;

/** `memory view`: the memory as a static site, written to a folder or served on 127.0.0.1. */
export const viewCommand = defineCommand({
  name: "view",
  usage: "[--out DIR] [--serve [--port P]] [--name TEXT] [options]",
  description:
    "Renders the memory as a site a person browses: the index note's hot and warm tiers and the\n" +
    "recent notes on the home page; a page per note (body with working links, broken ones marked,\n" +
    "tags, status, created/updated, backlinks with their sentences, git history, neighbourhood\n" +
    "graph); a page per tag; the link graph coloured by community (orphans, broken links and hot\n" +
    "notes marked); a search box with the same ranking as `memory search`. It needs no network:\n" +
    "open index.html from the folder. With --serve, it is served on 127.0.0.1 only and rebuilt\n" +
    "when the notes change, until Ctrl-C. --out must be empty, new, or a site written before.",
  options: {
    ...COMMON_OPTIONS,
    out: { type: "string" },
    serve: { type: "boolean" },
    port: { type: "string" },
    name: { type: "string" },
  },
  optionHelp: [
    ["--out DIR", "Where to write the site (default: .agent-memory/site under the root)."],
    ["--serve", "Serve the site on http://127.0.0.1 instead, rebuilding it on every change."],
    ["--port P", `The port to serve on (default ${DEFAULT_PORT}; 0 takes a free one).`],
    ["--name TEXT", "The site's title (default: the memory root's folder name)."],
  ],
  positionals: { min: 0, max: 0 },
  examples: ["memory view", "memory view --out ./site", "memory view --serve --port 8080"],
  async run({ values, out, io }) {
    const port = values.port === undefined ? DEFAULT_PORT : Number(values.port);
    if (!Number.isInteger(port) || port < 0 || port > 65_535) {
      return out.fail(
        usageFailure("--port takes a port number such as 4173 (0: any free port)", "view"),
      );
    }
    if (values.port !== undefined && values.serve !== true) {
      return out.fail(usageFailure("--port goes with --serve", "view"));
    }
    const root = await existingMemoryRoot(values.root, io);
    if (root.isErr()) return out.fail(root.error);
    const { loadSiteCache, renderSite, serveSite, writeSite } = await import("../../view/index.js");
    const name = values.name ?? basename(root.value);
    // The git walk (a subprocess) runs while the notes are read and the graph is made.
    const render = (opened: OpenedNotes, cache: SiteCache) =>
      renderSite(opened, {
        name,
        cache,
        ...(opened.git === undefined
          ? {}
          : {
              history: gitNoteHistory({ dir: root.value }).match(
                (history) => history,
                () => undefined,
              ),
            }),
      });
    if (values.serve !== true) {
      const opened = await openNotesAt(root.value);
      const cache = await loadSiteCache(opened.persistence);
      const site = await render(opened, cache);
      if (site.isErr()) return out.fail(failureFrom(site.error));
      const folder = resolve(values.out ?? join(root.value, ".agent-memory", "site"));
      const written = await writeSite(site.value, folder);
      if (written.isErr()) return out.fail(failureFrom(written.error));
      // Every page is rendered now: the next build renders only the notes that changed.
      await cache.save();
      const home = pathToFileURL(join(folder, "index.html")).href;
      out.print(
        { ...written.value, notes: site.value.notes, home },
        () =>
          `Wrote ${site.value.notes} note pages (${written.value.written} files written, ${written.value.unchanged} unchanged` +
          (written.value.reused > 0
            ? `, ${written.value.reused} of them not even rendered again`
            : "") +
          `) to ${folder}` +
          (written.value.removed > 0 ? `, removed ${written.value.removed} stale pages` : "") +
          `.\nOpen ${home}`,
      );
      return EXIT.ok;
    }
    if (values.out !== undefined) {
      return out.fail(
        usageFailure(
          "--out and --serve do not go together: --serve keeps the site in memory",
          "view",
        ),
      );
    }
    // Set once the notes can be read: a change before that is in the first render.
    const changes: { onChange: (() => void) | undefined } = { onChange: undefined };
    const watcher = watchMemoryFiles({
      fs,
      root: root.value,
      onChange: () => changes.onChange?.(),
    });
    const opened = await openNotesAt(
      root.value,
      watcher.isOk()
        ? { mode: "watch", maxMs: 30_000, settled: () => watcher.value.settled() }
        : { mode: "interval", ms: 1_000 },
    );
    if (watcher.isErr()) io.stderr(`memory: ${watcher.error.message}; re-checking every second\n`);
    // One cache for every rebuild: a rebuild renders again only the bodies that changed.
    const cache = await loadSiteCache(opened.persistence);
    let server: SiteServer | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Rebuilds wait for the site to be served: a change heard during the first render (which
    // may have read the file before it) rebuilds it then.
    const serving: { begin?: () => void } = {};
    let rebuilding = new Promise<void>((done) => (serving.begin = done));
    changes.onChange = () => {
      opened.memory.filesChanged();
      clearTimeout(timer);
      timer = setTimeout(() => {
        rebuilding = rebuilding
          .then(async () => {
            const site = await render(opened, cache);
            if (site.isOk()) server?.update(site.value);
            else io.stderr(`memory: the site was not rebuilt: ${site.error.message}\n`);
          })
          // A render that threw: said, and the next change still rebuilds.
          .catch((error: unknown) =>
            io.stderr(`memory: the site was not rebuilt: ${messageOf(error)}\n`),
          );
      }, REBUILD_DELAY_MS);
    };
    const stopWatching = () => {
      clearTimeout(timer);
      changes.onChange = undefined;
      if (watcher.isOk()) watcher.value.close();
    };
    const first = await render(opened, cache);
    if (first.isErr()) {
      stopWatching();
      return out.fail(failureFrom(first.error));
    }
    const served = await serveSite(first.value, { port });
    if (served.isErr()) {
      stopWatching();
      return out.fail(failureFrom(served.error));
    }
    server = served.value;
    serving.begin?.();
    io.stderr(
      `Serving ${first.value.notes} notes at ${served.value.url} (127.0.0.1 only); Ctrl-C stops.\n`,
    );
    out.print({ url: served.value.url, notes: first.value.notes }, () => served.value.url);
    const abort = abortOnSignals();
    await new Promise<void>((done) => abort.signal.addEventListener("abort", () => done()));
    abort.dispose();
    stopWatching();
    await rebuilding;
    await served.value.close();
    await cache.save();
    return EXIT.ok;
  },
});
