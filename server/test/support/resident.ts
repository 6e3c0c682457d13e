// What of a native library's file is resident in this process, from /proc (Linux).
import { readFileSync } from 'node:fs';

/** Resident kB of the read-only mappings of files whose path holds `fileName`, from /proc/self/smaps. */
export function residentKb(fileName: string): number {
  let total = 0;
  let counting = false;
  for (const line of readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
    const header = /^[0-9a-f]+-[0-9a-f]+ (\S+) \S+ \S+ \S+\s+(.*)$/.exec(line);
    if (header) counting = header[2]!.includes(fileName) && !header[1]!.includes('w');
    else if (counting && line.startsWith('Rss:')) total += Number(line.split(/\s+/)[1]);
  }
  return total;
}
