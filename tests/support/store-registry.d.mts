// Types of store-registry.mjs, for the TypeScript tests.
export interface OwnTarball {
  manifest: Record<string, unknown> & { name: string; version: string };
  bytes: Buffer;
}
export interface StoreRegistry {
  url: string;
  /** Every path requested, in order. */
  requests: string[];
  /** Names of the third-party packages held (from node_modules/.pnpm). */
  storeNames(): string[];
  close(): Promise<void>;
}
export function startStoreRegistry(options: { repo: string; own: Map<string, OwnTarball> }): Promise<StoreRegistry>;
