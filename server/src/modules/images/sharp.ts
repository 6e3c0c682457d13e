// sharp (libvips) is loaded on the first picture, not at start: ~90 ms of start-up and its native
// library's memory stay out of a server that has not handled a picture yet.
import { availableParallelism } from 'node:os';
import type SharpModule from 'sharp';

let loading: Promise<typeof SharpModule> | null = null;

export function loadSharp(): Promise<typeof SharpModule> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    // Every upload is a different image: libvips' operation cache would only hold on to decoded
    // pixels (measured: ~100 MB less peak RSS for five 12 MP photos without it).
    sharp.cache(false);
    // One core is left to the event loop: on a box of two, a photo being prepared on both made
    // everyone's next answer wait (npm run bench:many, issue 34).
    sharp.concurrency(Math.max(1, availableParallelism() - 1));
    return sharp;
  });
  return loading;
}
