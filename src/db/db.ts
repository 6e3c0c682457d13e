// The Dexie database (placeholder schema until the offline layer lands).
import Dexie, { type EntityTable } from 'dexie';

export interface KeyValueRow {
  key: string;
  value: unknown;
}

export class ChapitresDb extends Dexie {
  kv!: EntityTable<KeyValueRow, 'key'>;
  constructor() {
    super('chapitres');
    this.version(1).stores({ kv: 'key' });
  }
}

export const db = new ChapitresDb();
