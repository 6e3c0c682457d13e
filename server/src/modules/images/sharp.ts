// sharp (libvips) is loaded on the first picture, not at start: ~90 ms of start-up and its native
// library's memory stay out of a server that has not handled a picture yet.
import type SharpModule from 'sharp';

let loading: Promise<typeof SharpModule> | null = null;

export function loadSharp(): Promise<typeof SharpModule> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    // Every upload is a different image: libvips' operation cache would only hold on to decoded
    // pixels (measured: ~100 MB less peak RSS for five 12 MP photos without it).
    sharp.cache(false);
    return sharp;
  });
  return loading;
}
