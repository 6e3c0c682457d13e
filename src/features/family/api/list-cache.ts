// The circle's lists as the server sends them ({data, count}), changed in the cache after a write so the
// screen follows at once without reading the whole list again.
interface ListOf<T> {
  data: T[];
  count: number;
}

/** The list without the item of that id (removed, set aside, answered). */
export function withoutItem<T extends { id: string }, L extends ListOf<T>>(
  list: L | undefined,
  id: string,
): L | undefined {
  if (!list) return list;
  const data = list.data.filter((item) => item.id !== id);
  return { ...list, data, count: Math.max(0, list.count - (list.data.length - data.length)) };
}

/** The list with that item replaced by the server's new copy of it. */
export function withItem<T extends { id: string }, L extends ListOf<T>>(
  list: L | undefined,
  item: T,
): L | undefined {
  if (!list) return list;
  return { ...list, data: list.data.map((known) => (known.id === item.id ? item : known)) };
}
