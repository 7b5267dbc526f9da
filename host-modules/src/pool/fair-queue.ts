// Owns the order in which a pool serves queued jobs: one FIFO lane per run, and the next job comes from the lane
// served longest ago (a lane never served first, ties in arrival order), among lanes holding fewer than `maxRunning`
// running jobs. Service is remembered for as long as a lane has a job queued or running, so runs that keep workers
// busy with queued calls are served after a run that just arrived, however many of them there are: with k
// flooding runs, a new run's single call waits for one job per worker, not k/workers rounds of them (the ring this
// replaced re-queued busy lanes ahead of a newcomer). Refuses nothing; it only orders. Environment-neutral.

/** What the queue needs of a job: the lane (run) it belongs to. */
export interface Laned {
  readonly lane: string;
}

interface Lane<T> {
  readonly jobs: T[];
  /** Jobs of this lane shifted and not yet finished. */
  running: number;
  /** When this lane was last served (a counter, -1 before its first job); the smallest goes next. */
  served: number;
}

export class FairQueue<T extends Laned> {
  /** Lanes with a job queued or running, in arrival order (which breaks ties). */
  private readonly lanes = new Map<string, Lane<T>>();
  private count = 0;
  private turns = 0;

  get size(): number {
    return this.count;
  }

  push(job: T): void {
    const lane = this.lanes.get(job.lane);
    if (lane) lane.jobs.push(job);
    else this.lanes.set(job.lane, { jobs: [job], running: 0, served: -1 });
    this.count++;
  }

  /**
   * The head of the lane served longest ago among those with a job queued and fewer than `maxRunning` running;
   * undefined when there is none. The job counts as running in its lane until `finished` is called for it.
   */
  shift(maxRunning = Infinity): T | undefined {
    let next: Lane<T> | undefined;
    for (const lane of this.lanes.values()) {
      if (lane.jobs.length === 0 || lane.running >= maxRunning) continue;
      if (!next || lane.served < next.served) next = lane;
    }
    if (!next) return undefined;
    next.running++;
    next.served = this.turns++;
    this.count--;
    return next.jobs.shift();
  }

  /** A job `shift` returned has settled: its lane may run another, and is forgotten once it holds nothing. */
  finished(job: T): void {
    const lane = this.lanes.get(job.lane);
    if (!lane) return;
    lane.running = Math.max(0, lane.running - 1);
    this.forgetIfIdle(job.lane, lane);
  }

  /** Takes `job` out of its lane; false when it was not queued (already taken, or never pushed). */
  remove(job: T): boolean {
    const lane = this.lanes.get(job.lane);
    const index = lane ? lane.jobs.indexOf(job) : -1;
    if (!lane || index < 0) return false;
    lane.jobs.splice(index, 1);
    this.count--;
    this.forgetIfIdle(job.lane, lane);
    return true;
  }

  private forgetIfIdle(key: string, lane: Lane<T>): void {
    if (lane.jobs.length === 0 && lane.running === 0) this.lanes.delete(key);
  }
}
