// Owns generating a host module's facade: guest ESM with one async function per pinned export and a default
// export object, forwarding over the private bridge specifier. Only what the pin lists is generated.

import type { HostPin } from "./pins.js";

/** The specifier of the bridge module; only facades may import it (the runtime's resolver enforces this). */
export const BRIDGE_SPECIFIER = "capsule:bridge";

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

export function facadeSource(pin: HostPin): string {
  const names = Object.keys(pin.exports).filter((name) => IDENTIFIER.test(name) && name !== "default").sort();
  const id = JSON.stringify(pin.id);
  const lines = [
    `// Facade of host module ${pin.id} (generated from its pin; calls cross to the host as copies).`,
    `import bridge from ${JSON.stringify(BRIDGE_SPECIFIER)};`,
    ...names.map((name) => `export async function ${name}(...args) { return bridge.call(${id}, ${JSON.stringify(name)}, args); }`),
    `export default Object.freeze({ ${names.join(", ")} });`,
    "",
  ];
  return lines.join("\n");
}
