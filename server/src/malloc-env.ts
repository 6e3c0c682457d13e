// The C allocator's settings the server runs with: `npm start`, `npm run start:api|start:worker`, the
// systemd unit in deploy/, the benches and the journeys all start `node dist/server.js` with them.
//
// glibc gives each thread that allocates (libuv's pool running sharp, the typesetter's worker thread,
// Typst's own threads) an arena of its own, up to 8 per core, and keeps what was freed in each: after
// 50 photo uploads and one book the server held ~1 GB it no longer used. Two arenas, and large blocks
// (decoded pictures, PDFs) taken straight from the system and given back when freed, brought the
// 10-chapter book's peak from 1,052 MB to under 700 MB (bench/book.ts), for a slower Typst compile that
// stays well within the 3 s a book may take. Blocks from 32 kB rather than 128 kB (issue 34): libvips'
// and Typst's middle-sized buffers no longer stay behind in the arenas either — idle after the book
// bench 328 → 297 MB, its peak 924 → 869 MB, the books no slower. These variables are read when the
// process starts, so they cannot be set from inside it.
export const MALLOC_ENV = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '32768',
} as const;
