// Owns the playground's talk with its own server beyond what the runner does: what the server says about the token
// (GET /catalog: ready with its modules, a token needed, a token it does not know, or unreachable — the status
// line shows exactly that), the granted packs' declarations (GET /docs?format=dts) for completion, and runs on the
// server (POST /run) for programs that import host-module packs, decoded from the runtime's codec JSON form.
// Refuses nothing itself: the server's refusals come back as a RunResult-shaped error with the server's code.

import { decodeValue, encodedFromJson, type EncodedJson, type RunResult } from "@capsule/runtime/host";
import type { ServedEntry } from "../catalog-client.js";

export type ServerState =
  | { state: "ready"; modules: ServedEntry[] }
  | { state: "token-required" | "token-unknown" | "unreachable" | "error"; message: string };

const headers = (token: string | undefined): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {});

/** What the server at `base` says about `token`. */
export async function probeServer(base: URL, token: string | undefined): Promise<ServerState> {
  let response: Response;
  try {
    response = await fetch(new URL("catalog", base), { headers: headers(token), cache: "no-cache" });
  } catch (error) {
    return { state: "unreachable", message: `cannot reach the server at ${base.origin} (${error instanceof Error ? error.message : String(error)})` };
  }
  const body = (await response.json().catch(() => undefined)) as { code?: string; message?: string; modules?: ServedEntry[] } | undefined;
  if (response.ok && Array.isArray(body?.modules)) return { state: "ready", modules: body.modules };
  if (response.status === 401 && (body?.code === "token-required" || body?.code === "token-unknown")) return { state: body.code, message: body.message ?? body.code };
  return { state: "error", message: `the server answered HTTP ${response.status}${body?.code ? ` ${body.code}: ${body.message}` : ""}` };
}

/** The granted packs' declarations, or "" when the server writes none. */
export async function fetchDeclarations(base: URL, token: string | undefined): Promise<string> {
  try {
    const response = await fetch(new URL("docs?format=dts", base), { headers: headers(token), cache: "no-cache" });
    return response.ok ? await response.text() : "";
  } catch {
    return "";
  }
}

export interface ServerRunRequest {
  source: string;
  inputs?: unknown;
  seed?: number;
  now?: string | number;
  limits?: Record<string, number>;
}

const refusal = (code: string, message: string): RunResult => ({
  ok: false,
  error: { code: code as never, name: "ServerRefusal", message },
  logs: [],
  stats: { cpuMs: 0, wallMs: 0, peakHeapBytes: 0, hostCalls: 0, seed: 0, now: 0, logsTruncated: false },
});

/** Runs the program on the server (POST /run) under `token`; a refusal is an error result with the server's code. */
export async function runOnServer(base: URL, token: string | undefined, request: ServerRunRequest, signal?: AbortSignal): Promise<RunResult> {
  let response: Response;
  try {
    response = await fetch(new URL("run", base), { method: "POST", headers: { ...headers(token), "content-type": "application/json" }, body: JSON.stringify(request), signal });
  } catch (error) {
    return refusal("unreachable", `cannot reach the server at ${base.origin} (${error instanceof Error ? error.message : String(error)})`);
  }
  const body = (await response.json().catch(() => undefined)) as { code?: string; message?: string; result?: EncodedJson } | undefined;
  if (response.ok && body?.result) {
    try {
      return decodeValue(encodedFromJson(body.result)) as RunResult;
    } catch {
      return refusal("bad-answer", "the server's answer is not a run result in the codec's JSON form");
    }
  }
  return refusal(body?.code ?? `http-${response.status}`, body?.message ?? `the server answered HTTP ${response.status}`);
}
