import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { ResultAsync } from "neverthrow";
import { PersistenceError } from "../errors.js";
import { messageOf } from "../shared/message-of.js";
import type { Site } from "./render-site.js";
import { SITE_PATHS } from "./site-paths.js";

/** Options of {@link serveSite}. */
export interface ServeSiteOptions {
  /** The port on 127.0.0.1; 0 (the default) takes any free one. */
  readonly port?: number;
}

/** A site being served. */
export interface SiteServer {
  /** Where it is, e.g. `http://127.0.0.1:4173/`. */
  readonly url: string;
  /** Serves this site from the next request on (after a rebuild). */
  update(site: Site): void;
  close(): Promise<void>;
}

const TYPES: Readonly<Record<string, string>> = {
  html: "text/html; charset=utf-8",
  css: "text/css; charset=utf-8",
  js: "text/javascript; charset=utf-8",
  json: "application/json; charset=utf-8",
};

/**
 * Serves a rendered site over HTTP on the loopback interface only (127.0.0.1): other
 * machines cannot reach it, and other web pages in the person's browser get a 403 (a request
 * must name this server in its Host, and a browser's Sec-Fetch-Site must say same-origin or
 * none). GET and HEAD only; a path the site does not have is a 404.
 *
 * @example
 * ```ts
 * const server = await serveSite(site.value, { port: 4173 });
 * if (server.isOk()) console.log(server.value.url);
 * ```
 */
export function serveSite(
  site: Site,
  options: ServeSiteOptions = {},
): ResultAsync<SiteServer, PersistenceError> {
  let current = site;
  let port = options.port ?? 0;
  const server = createServer((request, response) => {
    if (!fromThisSite(request.headers, port)) {
      response.writeHead(403, { "content-type": "text/plain; charset=utf-8" });
      response.end(`Forbidden: this server answers its own pages only, at 127.0.0.1:${port}.\n`);
      return;
    }
    const path = sitePathOf(request.url ?? "/");
    let body: string | undefined;
    try {
      body = path === undefined ? undefined : current.files.get(path);
    } catch (error) {
      // A page rendered on demand that failed: this request's answer, not the server's end.
      response.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
      response.end(`This page could not be rendered: ${messageOf(error)}\n`);
      return;
    }
    if ((request.method !== "GET" && request.method !== "HEAD") || body === undefined) {
      response.writeHead(request.method === "GET" || request.method === "HEAD" ? 404 : 405, {
        "content-type": "text/plain; charset=utf-8",
      });
      response.end("Not found\n");
      return;
    }
    const extension = path?.slice(path.lastIndexOf(".") + 1) ?? "";
    response.writeHead(200, {
      "content-type": TYPES[extension] ?? "application/octet-stream",
      "cache-control": "no-cache",
    });
    response.end(request.method === "HEAD" ? undefined : body);
  });
  return ResultAsync.fromPromise(
    listen(server, options.port ?? 0),
    (cause) =>
      new PersistenceError(
        `Could not serve the site on 127.0.0.1:${options.port ?? 0}: ${messageOf(cause)} (choose another --port).`,
        { cause },
      ),
  ).map((bound) => {
    port = bound;
    return {
      url: `http://127.0.0.1:${bound}/`,
      update: (next: Site) => {
        current = next;
      },
      close: () =>
        new Promise<void>((done) => {
          server.close(() => done());
          server.closeAllConnections();
        }),
    };
  });
}

/**
 * Whether a request comes from the site's own pages (or is typed into the address bar): its
 * Host names this server, and a browser's Sec-Fetch-Site, when it sends one, says the same
 * origin. Without this, any web page the person visits could load the notes' data files as
 * scripts from the well-known port (and read them by defining the functions they call), or
 * reach them under its own host name by DNS rebinding.
 */
function fromThisSite(headers: IncomingHttpHeaders, port: number): boolean {
  const host = headers.host?.toLowerCase();
  if (host !== `127.0.0.1:${port}` && host !== `localhost:${port}`) return false;
  const site = headers["sec-fetch-site"];
  return site === undefined || site === "same-origin" || site === "none";
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      const address = server.address();
      resolve(typeof address === "object" && address !== null ? address.port : port);
    });
  });
}

/** The site path a request asks for: "/" is the home page, a folder its index.html. */
function sitePathOf(url: string): string | undefined {
  let path: string;
  try {
    path = decodeURIComponent(new URL(url, "http://127.0.0.1").pathname);
  } catch {
    return undefined;
  }
  const relative = path.replace(/^\/+/, "");
  if (relative === "") return SITE_PATHS.home;
  return relative.endsWith("/") ? `${relative}index.html` : relative;
}
