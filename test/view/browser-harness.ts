/**
 * Headless Chromium for the site tests: Debian's `chromium` package (/usr/bin/chromium, or
 * $CHROMIUM_PATH) driven by playwright-core, which downloads no browser. Where there is no
 * Chromium the browser tests skip with a notice saying how to get one (.ci/run installs it).
 */
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";

/** The Chromium executable the tests use. */
export const CHROMIUM = process.env["CHROMIUM_PATH"] ?? "/usr/bin/chromium";

/** Whether the browser tests can run here. */
export function hasChromium(): boolean {
  return existsSync(CHROMIUM);
}

/** Says loudly, once, that the browser tests were skipped and why. */
export function skipNotice(): void {
  if (hasChromium()) return;
  process.stderr.write(
    `\n*** BROWSER TESTS SKIPPED: no Chromium at ${CHROMIUM}. Install Debian's package ` +
      "(apt-get install -y chromium) or set CHROMIUM_PATH; .ci/run installs it. ***\n\n",
  );
}

/** A browser with an empty profile, and what its pages reported. */
export interface Browser {
  readonly context: BrowserContext;
  /** Console errors and uncaught page errors, with the page's URL. */
  readonly errors: string[];
  /** Requests that left the machine or failed (a site must need no network). */
  readonly failedRequests: string[];
  newPage(): Promise<Page>;
  close(): Promise<void>;
}

/** Launches headless Chromium on an empty, throw-away profile; no network, no updates. */
export async function launchBrowser(): Promise<Browser> {
  const profile = await mkdtemp(join(tmpdir(), "memory-view-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1280, height: 860 },
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  const errors: string[] = [];
  const failedRequests: string[] = [];
  // Anything but the site itself (file:// or the loopback server) is refused and recorded.
  await context.route(/^(?!file:|http:\/\/127\.0\.0\.1[:/]).*/, async (route) => {
    failedRequests.push(`network: ${route.request().url()}`);
    await route.abort();
  });
  const watch = (page: Page): Page => {
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(`${page.url()}: ${message.text()}`);
    });
    page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.message}`));
    page.on("requestfailed", (request) =>
      failedRequests.push(`${request.url()}: ${request.failure()?.errorText ?? "failed"}`),
    );
    page.on("response", (response) => {
      if (response.status() >= 400) failedRequests.push(`${response.url()}: ${response.status()}`);
    });
    return page;
  };
  return {
    context,
    errors,
    failedRequests,
    newPage: async () => watch(await context.newPage()),
    close: async () => {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}
