#!/usr/bin/env bash
# Under Bun (the first host of this library is a Bun project): a host that links this
# repository into node_modules imports the TypeScript source through the package's "bun"
# export condition, with no build, and runs a memory in RAM. Usage: host-check.sh BUN
set -euo pipefail
bun="$1"
repo="$(cd "$(dirname "$0")/../.." && pwd)"
host="$(mktemp -d)"
trap 'rm -rf "$host"' EXIT
mkdir -p "$host/node_modules"
ln -s "$repo" "$host/node_modules/agent-memory"
cat > "$host/main.ts" <<'TS'
import { createMemory } from "agent-memory";
import { inMemoryPorts } from "agent-memory/adapters/in-memory";
const ports = await inMemoryPorts();
if (ports.isErr()) throw ports.error;
const memory = createMemory(ports.value);
const note = await memory.capture({ title: "From a Bun host", body: "no build step" });
if (note.isErr()) throw note.error;
const listed = await memory.list();
if (listed.isErr() || listed.value.length !== 1) throw new Error("the Bun host could not list its note");
console.log(`bun host: captured ${note.value.path}`);
TS
(cd "$host" && "$bun" main.ts)
