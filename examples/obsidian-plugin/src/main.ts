/**
 * agent-memory for Obsidian: opens a memory root as a vault in which `[[id__XXXXXX|text]]`
 * links work (clicks, hover previews, graph view, backlinks). See README.md beside this file.
 *
 * @module
 */

import { Plugin, TFile } from "obsidian";
import { createIdFileIndex } from "./id-file-index.js";
import { resolveAgain, resolveIdLinks } from "./link-resolution.js";

/** The plugin: indexes the memory's files by id and resolves id links through the index. */
export default class AgentMemoryLinks extends Plugin {
  override async onload(): Promise<void> {
    const { vault, metadataCache, workspace } = this.app;
    const index = createIdFileIndex(vault.getMarkdownFiles());
    this.register(resolveIdLinks(metadataCache, index));
    this.registerEvent(vault.on("create", (file) => file instanceof TFile && index.add(file)));
    this.registerEvent(vault.on("delete", (file) => file instanceof TFile && index.remove(file)));
    this.registerEvent(
      vault.on("rename", (file, oldPath) => file instanceof TFile && index.renamed(file, oldPath)),
    );
    workspace.onLayoutReady(() => resolveAgain(metadataCache, vault.getMarkdownFiles()));
  }
}
