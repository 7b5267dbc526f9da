// Types of result-size.mjs, the one copy of the result-size estimates, for host code (output.ts re-exports them).

/** Estimated size of a string cell or key as it crosses: UTF-8 bytes, escapes, two quotes and a separator. */
export function stringSize(value: string): number;
/** Estimated size of a primitive cell (string, number, boolean, null) and its separator. */
export function cellSize(value: unknown): number;
/** Estimated size of a Uint8Array: its bytes in the sidecar plus the tag that points at them in the JSON. */
export function bytesSize(value: Uint8Array): number;
