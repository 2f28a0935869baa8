/**
 * The server's clock: the real time, except while `at` runs a step "as of" another instant. The demo uses it to tell
 * a story that happened over the last days (registrations, payments, scans) through the modules' own rules, which
 * all read time from `now`. `at` is only used before the server listens (no request can see a moved clock) and
 * steps never overlap: a second `at` while one runs is refused.
 */
export type Clock = {
  now: () => Date;
  at<T>(instant: Date, step: () => Promise<T>): Promise<T>;
};

/** `base` is the time without a moved step: the real time, or a test's fake clock. */
export function createClock(base: () => Date = () => new Date()): Clock {
  let offsetMs = 0;
  let isMoved = false;
  return {
    now: () => new Date(base().getTime() + offsetMs),
    async at<T>(instant: Date, step: () => Promise<T>): Promise<T> {
      if (isMoved) throw new Error('clock.at steps must not overlap');
      isMoved = true;
      offsetMs = instant.getTime() - base().getTime();
      try {
        return await step();
      } finally {
        offsetMs = 0;
        isMoved = false;
      }
    },
  };
}
