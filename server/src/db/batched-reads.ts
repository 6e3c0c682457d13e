// Reads by key asked in the same turn of the event loop go to the database together, as one query.
//
// Under load an API process has many requests in hand at once, and each authenticated one starts by
// reading its person by id. Sent apart, those reads are as many round trips to PostgreSQL (or calls
// into PGlite), each costing more than the row it brings. Here the first read of a turn of the event
// loop is sent at once, so a request alone waits for nothing; the keys asked after it in the same turn
// (the other requests that arrived together) wait for the end of the turn (`setImmediate` runs after
// the poll phase that read them) and go together: one `where id = any($1)` instead of one select each.
//
// Nothing is kept: every read is sent after it was asked for, so it sees every write committed before
// its request arrived, exactly as a read of its own would. A key asked twice in one read is read once
// and each caller gets its own copy of the row.

interface Waiter<Row> {
  resolve: (row: Row | null) => void;
  reject: (error: unknown) => void;
}

export class BatchedReads<Row> {
  private pending = new Map<string, Waiter<Row>[]>();
  /** Whether a read was sent in this turn of the event loop (the later keys of the turn wait). */
  private sentThisTurn = false;

  constructor(
    /** The rows of these keys (never more than one per key); a key without a row is left out. */
    private readonly read: (keys: string[]) => Promise<Map<string, Row>>,
    /** A copy of a row for the second and later callers of one key, so no two share an object. */
    private readonly copy: (row: Row) => Row,
  ) {}

  get(key: string): Promise<Row | null> {
    return new Promise((resolve, reject) => {
      const waiting = this.pending.get(key);
      if (waiting) waiting.push({ resolve, reject });
      else this.pending.set(key, [{ resolve, reject }]);
      if (this.sentThisTurn) return;
      this.sentThisTurn = true;
      setImmediate(() => {
        this.sentThisTurn = false;
        if (this.pending.size > 0) void this.send();
      });
      void this.send();
    });
  }

  private async send(): Promise<void> {
    const batch = this.pending;
    this.pending = new Map();
    let rows: Map<string, Row>;
    try {
      rows = await this.read([...batch.keys()]);
    } catch (error) {
      for (const waiting of batch.values()) for (const waiter of waiting) waiter.reject(error);
      return;
    }
    for (const [key, waiting] of batch) {
      const row = rows.get(key) ?? null;
      waiting.forEach((waiter, index) => waiter.resolve(row && index > 0 ? this.copy(row) : row));
    }
  }
}
