// Reads by key that arrive together go to the database as one query.
//
// Under load an API process has many requests in hand at once, and each authenticated one starts by
// reading its person by id. Sent apart, those reads are as many round trips to PostgreSQL (or calls
// into PGlite), each costing more than the row it brings. Here the keys asked while the event loop
// handles one batch of arrived requests are read together when it is done with them (`setImmediate`
// runs after the poll phase that read them): one `where id = any($1)` instead of one select each.
//
// Nothing is kept: every read is made after it was asked for, so it sees every write committed before
// its request arrived, exactly as a read of its own would. A key asked twice in one batch is read once
// and each caller gets its own copy of the row.

interface Waiter<Row> {
  resolve: (row: Row | null) => void;
  reject: (error: unknown) => void;
}

export class BatchedReads<Row> {
  private pending: Map<string, Waiter<Row>[]> | null = null;

  constructor(
    /** The rows of these keys (never more than one per key); a key without a row is left out. */
    private readonly read: (keys: string[]) => Promise<Map<string, Row>>,
    /** A copy of a row for the second and later callers of one key, so no two share an object. */
    private readonly copy: (row: Row) => Row,
  ) {}

  get(key: string): Promise<Row | null> {
    return new Promise((resolve, reject) => {
      if (!this.pending) {
        this.pending = new Map();
        setImmediate(() => void this.flush());
      }
      const waiting = this.pending.get(key);
      if (waiting) waiting.push({ resolve, reject });
      else this.pending.set(key, [{ resolve, reject }]);
    });
  }

  private async flush(): Promise<void> {
    const batch = this.pending!;
    this.pending = null;
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
