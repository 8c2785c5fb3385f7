/**
 * Counters kept in memory and added to the database every `flushMs` (a timer that does not keep the
 * process alive), one write per row. A row whose write fails is reported and dropped: nothing is
 * ever added twice. Used by the render health and the Web Vitals counts.
 */
export class CountedRows<R> {
  private pending = new Map<string, R>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly write: (row: R) => Promise<unknown>,
    private readonly options: { flushMs?: number; onError?: (error: unknown) => void; maxRows?: number } = {},
  ) {}

  /** The row under `key` to count in (`create`d when new), or null when `maxRows` are held already. */
  row(key: string, create: () => R): R | null {
    let row = this.pending.get(key);
    if (!row) {
      if (this.options.maxRows !== undefined && this.pending.size >= this.options.maxRows) return null;
      row = create();
      this.pending.set(key, row);
    }
    if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.options.flushMs ?? 5000);
      this.timer.unref();
    }
    return row;
  }

  /** Writes what was counted. */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const rows = [...this.pending.values()];
    this.pending.clear();
    for (const row of rows) {
      try {
        await this.write(row);
      } catch (error) {
        this.options.onError?.(error);
      }
    }
  }
}

/** The start of the minute `at` falls in. */
export const minuteOf = (at: Date): Date => new Date(Math.floor(at.getTime() / 60_000) * 60_000);
