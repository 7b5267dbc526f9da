// The guest scripts (runtime/guest/*.js) by name, embedded into the guest worker by build.mjs.
declare module "capsule:guest-sources" {
  export const GUEST_SOURCES: Record<string, string>;
}
