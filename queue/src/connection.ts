// Owns how the queue reaches Redis and what it tunes there: a connection given as a URL or as ioredis options, the
// Redis keys the queue adds beside BullMQ's (each job's journal, named after the job's own keys so a Lua script can
// check the job's lock and append in one step — in one hash slot on Redis Cluster whenever BullMQ's prefix has a
// {hash tag}, as BullMQ requires there anyway), and the defaults of every timing, as named constants.
// Refuses a URL that does not parse or is not redis:// or rediss:// (E_QUEUE_BAD_OPTIONS).

import type { RedisOptions } from "ioredis";
import { refuse, type Checked } from "./errors.js";

/** Redis to use: "redis://127.0.0.1:6379/0" (rediss:// for TLS), or ioredis options. */
export type Connection = string | RedisOptions;

/** Defaults, each overridable per worker or queue; README.md explains how they combine. */
export const QUEUE_DEFAULTS = {
  /** The BullMQ queue runs go through. */
  queueName: "capsule-runs",
  /**
   * How long a worker's lock on a job lasts without renewal (BullMQ renews it every half of this from the worker's
   * event loop, which guest code never blocks: guests run on worker threads). A dead worker's job is taken over
   * between lockDurationMs and lockDurationMs + 2 × stalledIntervalMs after it died.
   */
  lockDurationMs: 30_000,
  /** How often each worker looks for jobs whose lock expired (BullMQ's stalled-job check). */
  stalledIntervalMs: 15_000,
  /** Takeovers a job survives; one more and it fails with E_QUEUE_JOB_FAILED (a program that kills every worker). */
  maxStalledCount: 2,
  /** How long a finished job's journal stays in Redis (for inspection and `capsule replay`), in seconds. */
  journalTtlSeconds: 86_400,
  /** Finished jobs BullMQ keeps (their answers are delivered by event; these are for inspection). */
  keepCompleted: { age: 3_600, count: 1_000 },
  keepFailed: { age: 86_400, count: 1_000 },
  /** How long submit() waits for Redis before E_QUEUE_UNAVAILABLE. */
  connectTimeoutMs: 10_000,
} as const;

/** ioredis options for `connection`. BullMQ's blocking connections need maxRetriesPerRequest: null. */
export function redisOptions(connection: Connection): Checked<RedisOptions> {
  if (typeof connection === "object" && connection !== null) return { ok: true, value: { ...connection, maxRetriesPerRequest: null } };
  if (typeof connection !== "string") return refuse("E_QUEUE_BAD_OPTIONS", "connection must be a redis:// URL or ioredis options");
  let url: URL;
  try {
    url = new URL(connection);
  } catch {
    return refuse("E_QUEUE_BAD_OPTIONS", `connection ${JSON.stringify(connection)} is not a URL; write redis://host:port[/db]`);
  }
  if (url.protocol !== "redis:" && url.protocol !== "rediss:") return refuse("E_QUEUE_BAD_OPTIONS", `connection ${JSON.stringify(connection)} must start with redis:// or rediss://`);
  const db = url.pathname.length > 1 ? Number(url.pathname.slice(1)) : 0;
  if (!Number.isInteger(db) || db < 0) return refuse("E_QUEUE_BAD_OPTIONS", `connection ${JSON.stringify(connection)}: the database after the / must be a number`);
  return {
    ok: true,
    value: {
      host: url.hostname.replace(/^\[|\]$/g, "") || "127.0.0.1",
      port: url.port ? Number(url.port) : 6379,
      db,
      ...(url.username ? { username: decodeURIComponent(url.username) } : {}),
      ...(url.password ? { password: decodeURIComponent(url.password) } : {}),
      ...(url.protocol === "rediss:" ? { tls: {} } : {}),
      maxRetriesPerRequest: null,
    },
  };
}

/** "host:port" of options, for messages (never the password). */
export const where = (options: RedisOptions) => `${options.host ?? "127.0.0.1"}:${options.port ?? 6379}`;

/** The list holding a job's journal, one JSON record per element; `qualified` is BullMQ's "<prefix>:<queue>". */
export const journalKey = (qualified: string, jobId: string) => `${qualified}:${jobId}:capsule-journal`;

/** BullMQ's lock key of a job (its value is the token of the worker holding it). */
export const lockKey = (qualified: string, jobId: string) => `${qualified}:${jobId}:lock`;

export const positiveInteger = (value: unknown): value is number => typeof value === "number" && Number.isInteger(value) && value > 0;
