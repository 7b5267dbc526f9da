// Types for the @capsule/checksum WASM module (its facade forwards each call to a host worker).
declare module "@capsule/checksum" {
  export function crc32(bytes: Uint8Array): Promise<number>;
  export function adler32(bytes: Uint8Array): Promise<number>;
  export function reverse(bytes: Uint8Array): Promise<Uint8Array>;
  export function add(a: number, b: number): Promise<number>;
  const checksum: { crc32: typeof crc32; adler32: typeof adler32; reverse: typeof reverse; add: typeof add };
  export default checksum;
}
