// Types for the @capsule/zip host module.
declare module "@capsule/zip" {
  export function unzip(bytes: Uint8Array, options?: { maxEntries?: number; maxBytes?: number; offset?: number }): Promise<{ entries: Record<string, Uint8Array>; next: number | null }>;
  export function zip(entries: Record<string, Uint8Array | string>, options?: { level?: number }): Promise<Uint8Array>;
  const zipModule: { unzip: typeof unzip; zip: typeof zip };
  export default zipModule;
}
