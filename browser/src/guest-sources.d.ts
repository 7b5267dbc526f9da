// The guest scripts (runtime/guest/*.js) by name, embedded into the guest worker by build.mjs.
declare module "capsule:guest-sources" {
  export const GUEST_SOURCES: Record<string, string>;
}

// The guest's globals and their members for the playground's completions, built by guest-completions.mjs.
declare module "capsule:guest-completions" {
  interface Item { label: string; type: string; detail?: string }
  export const GUEST_COMPLETIONS: { globals: Item[]; members: Record<string, Item[]> };
}
