// Owns `capsule run --redis <url>`: the run request sent to the fleet (BullMQ over Redis, @capsule/queue, loaded only
// here, only when --redis is given) instead of a local sandbox, and its answer handed back as the RunResult the local
// run would have given — so run-command prints it the same way (observation, --json, --value). The trace fills the
// caller's events (for --trace); a --journal sink receives the journal's records once the run has finished (the
// worker streams them into Redis as they complete), and the result carries the journal as a local journaled run's does. Says on stderr when no worker has answered for a while.
// Refuses nothing itself: a bad URL exits 2, a queue failure (Redis down, a job that failed) exits 1, with its code.

import type { JournalSink, RunEvent, RunRequest, RunResult } from "@capsule/runtime";
import { NO_WORKER_NOTE_MS } from "./tuning.js";

export async function remoteRun(request: RunRequest, redis: string, queueName: string | undefined, events: RunEvent[]): Promise<RunResult | { exit: number }> {
  const { submit, isQueueError } = await import("@capsule/queue");
  const { journal, ...data } = request;
  const sink: JournalSink | undefined = typeof journal === "function" ? journal : undefined;
  let note: ReturnType<typeof setTimeout> | undefined;
  const onQueued = () => {
    note = setTimeout(() => process.stderr.write(`capsule run: no worker has answered yet on queue "${queueName ?? "capsule-runs"}" (start one with \`capsule worker --redis ${redis}\`)\n`), NO_WORKER_NOTE_MS);
    note.unref();
  };
  try {
    const queued = await submit({ ...data, ...(journal ? { journal: true } : {}) }, { connection: redis, onQueued, ...(queueName ? { queueName } : {}) });
    events.push(...queued.events);
    const { result } = queued;
    if (sink && result.journal) {
      const { header, calls, end } = result.journal;
      for (const record of [header, ...calls, ...(end ? [end] : [])]) sink(record);
    }
    return result;
  } catch (error) {
    if (!isQueueError(error)) throw error;
    process.stderr.write(`capsule run: ${error.message}\n`);
    return { exit: error.code === "E_QUEUE_BAD_OPTIONS" ? 2 : 1 };
  } finally {
    clearTimeout(note);
  }
}
