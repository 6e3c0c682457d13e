// Per-key serialisation inside one process: a chapter's turns run one after another, and one audio file is
// synthesised once however many requests ask for it at the same moment.

export class KeyedMutex {
  private readonly tails = new Map<string, Promise<unknown>>();

  /** Runs `task` after every earlier task of the same key has settled. */
  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const current = previous.then(task, task);
    const tail = current.catch(() => undefined);
    this.tails.set(key, tail);
    try {
      return await current;
    } finally {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }
}

export class SingleFlight<T> {
  private readonly inFlight = new Map<string, Promise<T>>();

  /** Callers of the same key while a run is in flight share its result. */
  run(key: string, task: () => Promise<T>): Promise<T> {
    const running = this.inFlight.get(key);
    if (running) return running;
    const promise = task().finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, promise);
    return promise;
  }
}
