// Owns a run's wall clock: a timer that fires once when the run's wall time is used up, paused while the host
// waits on something that is not the guest's doing (a policy answer). Pauses nest.

export function wallClock(ms: number, onExpire: () => void) {
  let remaining = ms;
  let since = performance.now();
  let timer: ReturnType<typeof setTimeout> | undefined = setTimeout(onExpire, ms);
  let paused = 0;
  return {
    pause() {
      if (paused++ > 0 || !timer) return;
      clearTimeout(timer);
      timer = undefined;
      remaining -= performance.now() - since;
    },
    resume() {
      if (--paused > 0 || timer) return;
      since = performance.now();
      timer = setTimeout(onExpire, Math.max(0, remaining));
    },
    /** The time left on the clock, in ms (none once it expired or stopped). */
    left(): number {
      if (paused === Number.POSITIVE_INFINITY) return 0;
      return Math.max(0, remaining - (timer ? performance.now() - since : 0));
    },
    stop() {
      clearTimeout(timer);
      timer = undefined;
      paused = Number.POSITIVE_INFINITY;
    },
  };
}

