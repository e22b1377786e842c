/**
 * The environment variable naming the memory root when `--root` is not given. Its own module
 * so that the dispatcher's help can name it without loading the adapters `open-memory.ts`
 * brings.
 */
export const ROOT_VARIABLE = "AGENT_MEMORY_ROOT";
