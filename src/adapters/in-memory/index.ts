/**
 * `agent-memory/adapters/in-memory`: a whole memory in RAM (memfs + isomorphic-git), for tests,
 * previews and hosts without a disk.
 *
 * @example
 * ```ts
 * import { createMemory } from "agent-memory";
 * import { inMemoryPorts } from "agent-memory/adapters/in-memory";
 * const ports = await inMemoryPorts();
 * if (ports.isOk()) createMemory(ports.value);
 * ```
 * @module
 */
export { inMemoryPorts, type InMemoryPorts, type InMemoryPortsOptions } from "./in-memory.js";
