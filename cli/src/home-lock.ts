// Owns the home's lock (<home>/.lock): at most one command that changes the install root (install, uninstall) or
// reads it as a whole (audit) runs per home at a time. The lock is a file created atomically with its full content
// (written to a temp file, then link(2): fails if the lock exists), naming its holder: pid, host, the process's
// start time (Linux /proc, so a reused pid is not mistaken for the holder) and a random nonce. A second command
// waits for it (bounded) and is then refused with `home-locked`, naming the holder. A holder that died (kill -9)
// leaves a stale lock: on the same host, a pid that no longer runs (or runs a younger process) is stale, and the
// lock is taken over by rename (of several contenders one wins) checked against the stale holder's nonce.
// Refuses nothing else; a lock held on another host is never judged stale (it cannot be checked from here).

import { randomBytes } from "node:crypto";
import { promises as fsp, readFileSync, unlinkSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";
import { HOME_LOCK_POLL_MS } from "./tuning.js";

export interface LockHolder {
  pid: number;
  host: string;
  /** Start time of the process (clock ticks since boot, /proc/<pid>/stat field 22), when the OS tells it. */
  start?: string;
  nonce: string;
  command: string;
  since: string;
}

export class HomeLockedError extends Error {
  readonly code = "home-locked";
  constructor(readonly lockFile: string, readonly holder: LockHolder | undefined, waitedMs: number) {
    super(
      `another capsule command holds ${lockFile}${holder ? ` (${holder.command}, pid ${holder.pid} on ${holder.host}, since ${holder.since})` : ""}; waited ${Math.round(waitedMs / 1000)} s`,
    );
  }
}

export interface HomeLock {
  readonly file: string;
  /** True while the lock file is still this holder's (checked right before the install root is switched). */
  held(): Promise<boolean>;
  release(): Promise<void>;
}

const lockPath = (home: string) => path.join(home, ".lock");
const SIGNALS: NodeJS.Signals[] = ["SIGINT", "SIGTERM", "SIGHUP"];

function processStart(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
  } catch {
    return undefined;
  }
}

function parseHolder(text: string): LockHolder | undefined {
  try {
    const h = JSON.parse(text) as LockHolder;
    return typeof h.pid === "number" && typeof h.nonce === "string" && typeof h.host === "string" ? h : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the holder is certainly gone: same host, and its pid runs no process, or a younger one. */
export function holderIsDead(holder: LockHolder | undefined): boolean {
  if (!holder) return true; // unreadable content: nobody can be named as its holder
  if (holder.host !== hostname()) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ESRCH") return true;
  }
  const start = processStart(holder.pid);
  return holder.start !== undefined && start !== undefined && start !== holder.start;
}

async function readHolder(file: string): Promise<LockHolder | undefined | "gone"> {
  try {
    return parseHolder(await fsp.readFile(file, "utf8"));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return "gone";
    throw error;
  }
}

/** Moves a dead holder's lock aside, if the file is still that holder's (else puts it back). */
async function takeOver(file: string, stale: LockHolder | undefined, nonce: string): Promise<void> {
  const aside = `${file}.stale-${nonce}`;
  try {
    await fsp.rename(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return; // someone else moved it first
    throw error;
  }
  const moved = await readHolder(aside);
  const wasStale = moved !== "gone" && (moved === undefined ? stale === undefined : moved.nonce === stale?.nonce);
  if (!wasStale) {
    // A live holder took the lock between our read and our rename: give it back (link fails if the slot is taken).
    try {
      await fsp.link(aside, file);
    } catch {
      // the slot was taken again meanwhile; that holder checks held() before it switches anything
    }
  }
  await fsp.rm(aside, { force: true });
}

/** Takes the home's lock, waiting up to `waitMs` for another holder; throws HomeLockedError after that. */
export async function acquireHomeLock(home: string, options: { command: string; waitMs: number; onWait?: (holder: LockHolder | undefined) => void }): Promise<HomeLock> {
  await fsp.mkdir(home, { recursive: true });
  const file = lockPath(home);
  const own: LockHolder = {
    pid: process.pid,
    host: hostname(),
    ...(processStart(process.pid) ? { start: processStart(process.pid) } : {}),
    nonce: randomBytes(8).toString("hex"),
    command: options.command,
    since: new Date().toISOString(),
  };
  const temp = `${file}.${own.nonce}.tmp`;
  await fsp.writeFile(temp, `${JSON.stringify(own)}\n`);
  const started = Date.now();
  let told = false;
  let pause = HOME_LOCK_POLL_MS;
  try {
    for (;;) {
      try {
        await fsp.link(temp, file);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      }
      const holder = await readHolder(file);
      if (holder === "gone") continue;
      if (holderIsDead(holder)) {
        await takeOver(file, holder, own.nonce);
        continue;
      }
      const waited = Date.now() - started;
      if (waited >= options.waitMs) throw new HomeLockedError(file, holder, waited);
      if (!told) options.onWait?.(holder);
      told = true;
      await new Promise((resolve) => setTimeout(resolve, Math.min(pause, Math.max(1, options.waitMs - waited))));
      pause = Math.min(pause * 2, 20 * HOME_LOCK_POLL_MS);
    }
  } finally {
    await fsp.rm(temp, { force: true });
  }
  const isMine = (text: string) => parseHolder(text)?.nonce === own.nonce;
  // A normal exit (or an exception) releases the lock even if release() was never reached; kill -9 leaves it stale.
  const onExit = () => {
    try {
      if (isMine(readFileSync(file, "utf8"))) unlinkSync(file);
    } catch {
      // already gone
    }
  };
  // SIGINT/SIGTERM/SIGHUP: release, then die of the same signal as without this handler.
  const onSignal = (signal: NodeJS.Signals) => {
    onExit();
    for (const s of SIGNALS) process.removeListener(s, onSignal);
    process.kill(process.pid, signal);
  };
  process.once("exit", onExit);
  for (const s of SIGNALS) process.once(s, onSignal);
  return {
    file,
    async held() {
      try {
        return isMine(await fsp.readFile(file, "utf8"));
      } catch {
        return false;
      }
    },
    async release() {
      process.removeListener("exit", onExit);
      for (const s of SIGNALS) process.removeListener(s, onSignal);
      onExit();
    },
  };
}

/** The current holder of the home's lock, if a live one holds it (audit uses it to tell a running install's staging). */
export function liveHolder(home: string): LockHolder | undefined {
  try {
    const holder = parseHolder(readFileSync(lockPath(home), "utf8"));
    return holder && !holderIsDead(holder) ? holder : undefined;
  } catch {
    return undefined;
  }
}

