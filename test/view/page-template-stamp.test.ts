/**
 * The renderer's stamp is part of every page's key: a change to how a page is rendered (its
 * frame here) changes it, so a rebuild renders every page a site kept from an earlier renderer.
 */
import { afterEach, describe, expect, it, vi } from "vitest";

afterEach(() => {
  vi.doUnmock("../../src/view/page-layout.js");
  vi.resetModules();
});

async function stampNow(): Promise<string> {
  vi.resetModules();
  const { pageTemplateStamp } = await import("../../src/view/page-template-stamp.js");
  return pageTemplateStamp();
}

describe("pageTemplateStamp", () => {
  it("is the same for the same renderer, and changes with the page's frame", async () => {
    const stamp = await stampNow();
    expect(await stampNow()).toBe(stamp);
    vi.doMock("../../src/view/page-layout.js", async (importOriginal) => {
      const original = await importOriginal<typeof import("../../src/view/page-layout.js")>();
      return {
        ...original,
        renderPage: (...args: Parameters<typeof original.renderPage>) =>
          original.renderPage(...args).replace("<main>", '<main class="new">'),
      };
    });
    expect(await stampNow()).not.toBe(stamp);
  });
});
