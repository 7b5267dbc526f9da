// Owns generating a host module's facade: guest ESM with one async function per pinned export and a default
// export object, forwarding over the private bridge specifier. Only what the pin lists is generated.

import type { HostPin } from "./pins.js";

/** The specifier of the bridge module; only facades may import it (the runtime's resolver enforces this). */
export const BRIDGE_SPECIFIER = "capsule:bridge";

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

export function facadeSource(pin: HostPin): string {
  return forwardingModule(pin.id, Object.keys(pin.exports), `host module ${pin.id} (generated from its pin; calls cross to the host as copies)`);
}

/** The facade of an admitted WASM module: its calls run in the host's WASM worker pool. */
export function wasmFacadeSource(id: string, exportNames: readonly string[]): string {
  return forwardingModule(id, exportNames, `WASM module ${id} (each call runs in a fresh instance on the host)`);
}

function forwardingModule(hostId: string, exportNames: readonly string[], what: string): string {
  const names = exportNames.filter((name) => IDENTIFIER.test(name) && name !== "default").sort();
  const id = JSON.stringify(hostId);
  const lines = [
    `// Facade of ${what}.`,
    `import bridge from ${JSON.stringify(BRIDGE_SPECIFIER)};`,
    ...names.map((name) => `export async function ${name}(...args) { return bridge.call(${id}, ${JSON.stringify(name)}, args); }`),
    `export default Object.freeze({ ${names.join(", ")} });`,
    "",
  ];
  return lines.join("\n");
}
