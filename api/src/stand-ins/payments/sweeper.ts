/**
 * Deletes a payment stand-in's old rows, at most once per interval in this process (by the
 * injected clock). Only housekeeping: every lookup judges expiry by the rows' time columns itself,
 * so a row past its time is never used, swept or not; processes sweeping at once delete the same
 * rows harmlessly. A failed sweep is left for the next one.
 */
export class Sweeper {
  private last = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly everyMs: number,
    private readonly sweep: (now: number) => Promise<void>,
  ) {}

  /** Sweeps when the last sweep is `everyMs` old (or in the future: the clock went back). */
  async maybe(now: number): Promise<void> {
    if (now - this.last < this.everyMs && now >= this.last) return;
    this.last = now;
    try {
      await this.sweep(now);
    } catch {
      this.last = Number.NEGATIVE_INFINITY;
    }
  }

  /** Sweeps now. */
  async run(now: number): Promise<void> {
    this.last = now;
    await this.sweep(now);
  }
}
