// The front cover's preview picture (the « Mes livres » card): Typst's SVG drawn by resvg.
//
// Typst's SVG carries a stylesheet meant for browsers; one rule paints every glyph with
// `fill: var(--glyph_fill)`. Browsers leave an unset custom property to inheritance, so the glyphs take
// the text colour of their group (light on the navy cover); resvg does not know CSS variables and paints
// them black instead — dark text on navy. The stylesheet is only for interactive viewing (selection,
// hover, ripples), so it is removed before drawing: the glyphs then inherit their group's `fill`, as in
// the print cover.
import { renderAsync } from '@resvg/resvg-js';

/** Typst's SVG without its `<style>` elements (see above). */
export function withoutStylesheets(svg: string): string {
  return svg.replace(/<style\b[^>]*>[\s\S]*?<\/style>/g, '');
}

/** A front cover's SVG drawn `width` pixels wide. */
export function renderCoverPreview(svg: string, width: number) {
  return renderAsync(withoutStylesheets(svg), {
    fitTo: { mode: 'width', value: width },
    font: { loadSystemFonts: false },
  });
}

/** The PNG of a front cover's SVG, `width` pixels wide. */
export async function coverPreviewPng(svg: string, width: number): Promise<Buffer> {
  return (await renderCoverPreview(svg, width)).asPng();
}
