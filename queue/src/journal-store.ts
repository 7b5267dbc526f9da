// Owns one job's journal in Redis: a list of JSON records (header, calls in completion order, end) appended as each
// call completes, through the run's journal sink, and read back when another worker takes the job over, so the run
// replays its completed calls instead of making them again. Each append is a Lua script that first checks the job's
// BullMQ lock still holds this worker's token: a worker that lost its job (it stalled and another took over) can no
// longer write into the journal the new owner replays from.
// Refuses a persisted journal this runtime cannot replay (E_QUEUE_JOURNAL_CORRUPT), and never writes a record twice:
// a replay re-emits the header and every replayed call, and those are already in the list.

import type { Redis } from "ioredis";
import { journalFromLines, type Journal, type JournalRecord } from "@capsule/runtime";
import { journalKey, lockKey } from "./connection.js";
import { refuse, type Checked } from "./errors.js";

/**
 * RPUSH only while the lock holds our token: 1+ is the new length, -1 means the lock is someone else's (or gone).
 * ARGV[3] = "1" starts the list afresh (the header: nothing older under this job id may be replayed).
 */
const APPEND_IF_LOCKED = `if redis.call("GET", KEYS[1]) ~= ARGV[1] then return -1 end
if ARGV[3] == "1" then redis.call("DEL", KEYS[2]) end
return redis.call("RPUSH", KEYS[2], ARGV[2])`;

export interface JobRef {
  id: string;
  /** BullMQ's "<prefix>:<queue>". */
  qualified: string;
  /** The worker's lock token for this attempt. */
  token: string;
}

export class JobJournal {
  private readonly key: string;
  private readonly lock: string;
  private readonly written = new Set<string>();
  private pending: Promise<unknown> = Promise.resolve();
  /** Set once an append found the lock gone: this attempt no longer owns the job, so it stops writing. */
  lostLock = false;
  /** The first write that failed (Redis unreachable): the calls after it may be made again on a takeover. */
  failure: string | undefined;
  /** The worker gave the job back (it is closing, or its sandbox closed): what the ended attempt records is not kept. */
  abandoned = false;

  constructor(private readonly redis: Redis, private readonly job: JobRef) {
    this.key = journalKey(job.qualified, job.id);
    this.lock = lockKey(job.qualified, job.id);
  }

  /** A header not written yet: it goes to Redis with the run's first call (a run that makes none needs no journal). */
  private held: string | undefined;
  /** Whether this job has a journal in Redis (read back from an earlier attempt, or begun by this one). */
  private persisted = false;

  /** What earlier attempts journaled: undefined for a first attempt, or the journal to replay. */
  async load(firstAttempt: boolean): Promise<Checked<Journal | undefined>> {
    // A first attempt saves a round trip here: no earlier attempt can have journaled anything.
    if (firstAttempt) return { ok: true, value: undefined };
    const lines = await this.redis.lrange(this.key, 0, -1);
    if (lines.length === 0) return { ok: true, value: undefined };
    const journal = journalFromLines(lines.join("\n"));
    if (typeof journal === "string") return refuse("E_QUEUE_JOURNAL_CORRUPT", `job ${this.job.id}: its journal in Redis (${this.key}) cannot be replayed: ${journal}`);
    for (const record of [journal.header, ...journal.calls, ...(journal.end ? [journal.end] : [])]) this.written.add(identity(record));
    this.persisted = true;
    // The end of an attempt that finished but died before BullMQ recorded it: the run is replayed to the end again.
    const { end: _end, ...replay } = journal;
    return { ok: true, value: replay };
  }

  /**
   * The run's sink: appends each record not yet in the list, in order (one connection keeps them ordered). A first
   * attempt's header waits for the first call and then clears the list as it starts it, so nothing an older job of
   * the same id left can be replayed; a run that makes no call writes nothing (replaying it would only run it again).
   */
  readonly sink = (record: JournalRecord): void => {
    const id = identity(record);
    // A call in flight when the attempt ended is not a completed call: a takeover makes it again (at-least-once).
    if (this.written.has(id) || this.lostLock || this.abandoned || (record.type === "call" && record.inFlight)) return;
    this.written.add(id);
    const line = JSON.stringify(record);
    if (!this.persisted && record.type !== "call") {
      if (record.type === "run") this.held = line;
      return;
    }
    if (this.held !== undefined) this.append(this.held, true);
    this.held = undefined;
    this.persisted = true;
    this.append(line, false);
  };

  private append(line: string, fresh: boolean): void {
    this.pending = this.redis
      .eval(APPEND_IF_LOCKED, 2, this.lock, this.key, this.job.token, line, fresh ? "1" : "0")
      .then((length) => {
        if (length === -1) this.lostLock = true;
      })
      .catch((error: Error) => {
        this.failure ??= error.message;
      });
  }

  /**
   * Keeps the finished run's journal for `seconds`, then Redis drops it; resolves once every append sent so far has
   * been answered (called before the job is reported finished, so the journal is whole by then). ioredis answers the
   * commands of one connection in order, so the EXPIRE sent last settles last: one round trip, not two.
   */
  async finish(seconds: number): Promise<void> {
    if (!this.persisted) return;
    await Promise.all([this.pending, this.redis.expire(this.key, seconds).catch(() => undefined)]);
  }
}

/** A record's identity in the list: the header and the end once each, a call once per index. */
function identity(record: JournalRecord): string {
  return record.type === "call" ? `call:${record.index}` : record.type;
}
