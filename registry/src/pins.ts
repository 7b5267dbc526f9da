// Owns what a host-module pin is and the pins Capsule ships. A pin is a host module's descriptor (host-modules'
// HostModuleDescriptor: its id, the one package allowed to declare it, its exports with the shape of their arguments,
// its limits and its loader), so the shipped pins are exactly the shipped descriptors, listed once, in host-modules.
// Exports and limits come from the pin, never from a pack. Refuses nothing itself (the registry does).

import type { ExportShape, HostModuleDescriptor, ParamShape } from "@capsule/host-modules/descriptor";
import { SHIPPED_MODULES } from "@capsule/host-modules/shipped";

export type { ParamShape };
/** One pinned export: its arguments' shapes and a doc line. */
export type ExportPin = ExportShape;
/** A pinned host module; an application registers its own with the same shape (limits optional). */
export type HostPin = HostModuleDescriptor;

/** The pins Capsule ships; an application may register its own beside them (createRegistry). */
export const SHIPPED_PINS: readonly HostPin[] = SHIPPED_MODULES;
