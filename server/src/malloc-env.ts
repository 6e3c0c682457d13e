// The C allocator's settings the server runs with: `npm start`, `npm run start:api|start:worker`, the
// systemd unit in deploy/, the benches and the journeys all start `node dist/server.js` with them.
//
// glibc gives each thread that allocates (libuv's pool running sharp, the typesetter's worker thread,
// Typst's own threads) an arena of its own, up to 8 per core, and keeps what was freed in each: after
// 50 photo uploads and one book the server held ~1 GB it no longer used. Two arenas bound that. Until
// issue 34's fifth part, large and middle-sized blocks were also taken straight from the system
// (`MALLOC_MMAP_THRESHOLD_=32768`), which gave them back as soon as they were freed but cost Typst
// 100–150 ms per book in page faults; the arenas' free pages are now given back by `malloc_trim` once
// the work is done (native-memory.ts), and blocks are placed as glibc decides. These variables are read
// when the process starts, so they cannot be set from inside it.
export const MALLOC_ENV = {
  MALLOC_ARENA_MAX: '2',
} as const;
