// The front cover's preview picture (the « Mes livres » card) is drawn with the cover's own colours:
// light text on navy, as on the print cover — not black glyphs (resvg does not know the CSS variable
// Typst's stylesheet paints glyphs with).
import { afterAll, describe, expect, it } from 'vitest';
import {
  renderCoverPreview,
  withoutStylesheets,
} from '../../../src/modules/books/cover-preview.ts';
import { COVER_COLORS, interiorJob } from '../../../src/modules/books/render.ts';
import { Typesetter } from '../../../src/modules/books/typesetter.ts';
import { plainMaterial } from '../../support/book-material.ts';

const typesetter = new Typesetter();
afterAll(() => typesetter.close());

const material = plainMaterial(['Enfance', 'Jeunesse', 'Travail', 'Famille']);

function hex(color: string): [number, number, number] {
  const n = Number.parseInt(color.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

describe('the cover preview picture', () => {
  it('draws the title in the paper colour on the ink background', async () => {
    const result = await typesetter.run(await interiorJob(material));
    const svg = result.front!.svg!;
    expect(withoutStylesheets(svg)).not.toContain('<style');
    const image = await renderCoverPreview(svg, 400);
    const pixels = image.pixels;
    const [pr, pg, pb] = hex(COVER_COLORS.paper);
    let light = 0;
    let dark = 0;
    // The top fifth of the cover: the title, on the ink background.
    for (let i = 0; i < image.width * Math.floor(image.height / 5); i++) {
      const [r, g, b] = [pixels[i * 4]!, pixels[i * 4 + 1]!, pixels[i * 4 + 2]!];
      if (Math.abs(r - pr) + Math.abs(g - pg) + Math.abs(b - pb) < 30) light++;
      if (r + g + b < 40) dark++;
    }
    expect(light).toBeGreaterThan(100);
    // No black glyphs.
    expect(dark).toBe(0);
  });
});
