// Owns the order in which a pool serves queued jobs: one FIFO lane per run, lanes served round-robin (the lane just
// served goes to the back of the ring), so one run's 50 queued calls cannot make another run's single call wait for
// all of them; a lane the pool says may not start another job now is passed over. Refuses nothing; it only orders.
// Environment-neutral.

/** What the queue needs of a job: the lane (run) it belongs to. */
export interface Laned {
  readonly lane: string;
}

export class FairQueue<T extends Laned> {
  /** Lanes in ring order: a Map keeps insertion order, and a served lane is re-inserted at the end. */
  private readonly lanes = new Map<string, T[]>();
  private count = 0;

  get size(): number {
    return this.count;
  }

  push(job: T): void {
    const lane = this.lanes.get(job.lane);
    if (lane) lane.push(job);
    else this.lanes.set(job.lane, [job]);
    this.count++;
  }

  /**
   * The head of the first lane in the ring that `eligible` accepts (every lane by default); that lane then moves to
   * the back (or leaves the ring when empty). Undefined when no lane is eligible.
   */
  shift(eligible: (lane: string) => boolean = () => true): T | undefined {
    for (const [key, lane] of this.lanes) {
      if (!eligible(key)) continue;
      const job = lane.shift()!;
      this.lanes.delete(key);
      if (lane.length > 0) this.lanes.set(key, lane);
      this.count--;
      return job;
    }
    return undefined;
  }

  /** Takes `job` out of its lane; false when it was not queued (already taken, or never pushed). */
  remove(job: T): boolean {
    const lane = this.lanes.get(job.lane);
    const index = lane ? lane.indexOf(job) : -1;
    if (!lane || index < 0) return false;
    lane.splice(index, 1);
    if (lane.length === 0) this.lanes.delete(job.lane);
    this.count--;
    return true;
  }

  /** Every queued job, lanes in ring order (for shutdown). */
  drain(): T[] {
    const all = [...this.lanes.values()].flat();
    this.lanes.clear();
    this.count = 0;
    return all;
  }
}
