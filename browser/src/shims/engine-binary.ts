// Browser replacement for the runtime's engine-binary.ts: the engine's WASM comes from the URL the page gave this
// worker (the server's copy of quickjs.wasm), fetched once per worker.

let url: string | undefined;
let bytes: Promise<Uint8Array> | undefined;

export function setEngineUrl(engineUrl: string): void {
  url ??= engineUrl;
}

export function engineBinary(): Promise<Uint8Array> {
  if (!url) return Promise.reject(new Error("the engine URL was not set before the first run"));
  bytes ??= fetch(url).then(async (response) => {
    if (!response.ok) throw new Error(`fetching the engine failed: HTTP ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  });
  bytes.catch(() => (bytes = undefined));
  return bytes;
}
