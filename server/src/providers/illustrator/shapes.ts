// Drawing primitives for the built-in artwork: each returns SVG markup for one small thing (a tree,
// a house, a boat…) standing on a ground line. No text and no people, by design.
import { mix, type Palette } from './palettes.ts';
import type { Random } from './random.ts';

export const WIDTH = 1536;
export const HEIGHT = 1024;

/** A ground or ridge line: the y of the land at each x. */
export type Curve = (x: number) => number;

/** One decimal is plenty at this size and keeps the SVG short. */
export const f = (n: number): string => String(Math.round(n * 10) / 10);

export function points(list: readonly (readonly [number, number])[]): string {
  return list.map(([x, y]) => `${f(x)},${f(y)}`).join(' ');
}

export function polygon(
  list: readonly (readonly [number, number])[],
  fill: string,
  extra = '',
): string {
  return `<polygon points="${points(list)}" fill="${fill}"${extra}/>`;
}

export function rect(x: number, y: number, w: number, h: number, fill: string, extra = ''): string {
  return `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" fill="${fill}"${extra}/>`;
}

export function circle(x: number, y: number, r: number, fill: string, extra = ''): string {
  return `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="${fill}"${extra}/>`;
}

export function ellipse(
  x: number,
  y: number,
  rx: number,
  ry: number,
  fill: string,
  extra = '',
): string {
  return `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(rx)}" ry="${f(ry)}" fill="${fill}"${extra}/>`;
}

/** A gentle ridge: three seeded sine waves around a base height. */
export function ridge(rng: Random, baseY: number, amplitude: number): Curve {
  const waves = [0, 1, 2].map((i) => ({
    freq: rng.range(0.5, 1.4) * (i + 1),
    phase: rng.range(0, Math.PI * 2),
    amp: amplitude / (i + 1.3),
  }));
  return (x) =>
    waves.reduce(
      (y, w) => y + w.amp * Math.sin((x / WIDTH) * Math.PI * 2 * w.freq + w.phase),
      baseY,
    );
}

/** The land under a curve, closed along the bottom edge. */
export function curvePath(curve: Curve, from = -8, to = WIDTH + 8, bottom = HEIGHT + 8): string {
  let d = `M${f(from)},${f(bottom)}`;
  for (let x = from; x < to; x += 12) d += `L${f(x)},${f(curve(x))}`;
  return `${d}L${f(to)},${f(curve(to))}L${f(to)},${f(bottom)}Z`;
}

/** Just the line of a curve (for strokes). */
export function linePath(curve: Curve, from = -8, to = WIDTH + 8, step = 12): string {
  let d = `M${f(from)},${f(curve(from))}`;
  for (let x = from + step; x < to; x += step) d += `L${f(x)},${f(curve(x))}`;
  return `${d}L${f(to)},${f(curve(to))}`;
}

/** Where a thing of this width rests: its lowest point, so it never floats. */
function footing(ground: Curve, x: number, w: number): { top: number; bottom: number } {
  const ys = [ground(x - w / 2), ground(x), ground(x + w / 2)];
  return { top: Math.min(...ys), bottom: Math.max(...ys) };
}

export type TreeKind = 'round' | 'poplar' | 'pine';

export function tree(
  kind: TreeKind,
  x: number,
  baseY: number,
  h: number,
  colour: string,
  palette: Palette,
  snowy: boolean,
  /** no trunk and no highlight: for a wood's edge seen from afar */
  silhouette = false,
): string {
  const trunk = palette.trunk;
  const light = mix(colour, '#ffffff', 0.22);
  const snow = '#f7f9fb';
  if (kind === 'pine') {
    const tiers = [0, 1, 2].map((i) => {
      const top = baseY - h + i * h * 0.24;
      const bottom = baseY - h * 0.52 + i * h * 0.2;
      const half = h * (0.16 + i * 0.06);
      return [
        [x, top],
        [x + half, bottom],
        [x - half, bottom],
      ] as const;
    });
    return [
      silhouette ? '' : rect(x - h * 0.03, baseY - h * 0.2, h * 0.06, h * 0.22, trunk),
      ...tiers.map((t) => polygon(t, colour)),
      ...(snowy
        ? tiers.map(([apex, right, left]) =>
            polygon(
              [
                apex,
                [apex[0] + (right[0] - apex[0]) * 0.45, apex[1] + (right[1] - apex[1]) * 0.45],
                [apex[0], apex[1] + (right[1] - apex[1]) * 0.32],
                [apex[0] + (left[0] - apex[0]) * 0.45, apex[1] + (left[1] - apex[1]) * 0.45],
              ],
              snow,
            ),
          )
        : silhouette
          ? []
          : [
              polygon(
                [tiers[0]![0], tiers[0]![2], [x, tiers[0]![1][1] - h * 0.05]],
                light,
                ' opacity="0.35"',
              ),
            ]),
    ].join('');
  }
  if (kind === 'poplar') {
    return [
      rect(x - h * 0.025, baseY - h * 0.25, h * 0.05, h * 0.26, trunk),
      ellipse(x, baseY - h * 0.56, h * 0.13, h * 0.45, colour),
      ellipse(x - h * 0.04, baseY - h * 0.66, h * 0.05, h * 0.28, light, ' opacity="0.35"'),
      snowy ? ellipse(x, baseY - h * 0.93, h * 0.07, h * 0.08, snow) : '',
    ].join('');
  }
  const r = h * 0.3;
  const cy = baseY - h * 0.62;
  return [
    silhouette ? '' : rect(x - h * 0.035, baseY - h * 0.45, h * 0.07, h * 0.46, trunk),
    circle(x - r * 0.62, cy + r * 0.3, r * 0.72, colour),
    circle(x + r * 0.6, cy + r * 0.34, r * 0.68, colour),
    circle(x, cy, r, colour),
    silhouette ? '' : circle(x - r * 0.32, cy - r * 0.3, r * 0.45, light, ' opacity="0.35"'),
    snowy ? ellipse(x - r * 0.1, cy - r * 0.72, r * 0.62, r * 0.24, snow) : '',
  ].join('');
}

export interface Building {
  svg: string;
  /** the x range it covers, so trees do not grow through it */
  span: [number, number];
}

export function house(
  x: number,
  ground: Curve,
  s: number,
  wall: string,
  roof: string,
  windowColour: string,
  groundColour: string,
  rng: Random,
): Building {
  const w = 110 * s;
  const h = 74 * s;
  const { top: groundTop, bottom } = footing(ground, x, w);
  const top = groundTop - h;
  const door = mix(roof, '#2b2b2b', 0.35);
  const doorX = x + rng.pick([-0.22, 0.05, 0.2]) * w;
  const windows = [-0.3, 0.3]
    .filter((dx) => Math.abs(x + dx * w - doorX) > 22 * s)
    .map((dx) => rect(x + dx * w - 9 * s, top + 20 * s, 18 * s, 18 * s, windowColour));
  const svg = [
    ellipse(x, bottom + 4 * s, w * 0.72, 9 * s, groundColour),
    rect(x + w * 0.18, top - 44 * s, 13 * s, 36 * s, mix(wall, '#5a4a40', 0.35)),
    rect(x - w / 2, top, w, bottom - top + 4 * s, wall),
    rng.chance(0.5)
      ? polygon(
          [
            [x - w / 2 - 10 * s, top + 2 * s],
            [x, top - 50 * s],
            [x + w / 2 + 10 * s, top + 2 * s],
          ],
          roof,
        )
      : polygon(
          [
            [x - w / 2 - 10 * s, top + 2 * s],
            [x - w / 2 + 26 * s, top - 40 * s],
            [x + w / 2 - 26 * s, top - 40 * s],
            [x + w / 2 + 10 * s, top + 2 * s],
          ],
          roof,
        ),
    rect(doorX - 9 * s, bottom - 34 * s, 18 * s, 34 * s + 2 * s, door),
    ...windows,
  ].join('');
  return { svg, span: [x - w / 2 - 12 * s, x + w / 2 + 12 * s] };
}

export function schoolhouse(
  x: number,
  ground: Curve,
  s: number,
  palette: Palette,
  windowColour: string,
  groundColour: string,
): Building {
  const w = 280 * s;
  const h = 92 * s;
  const { top: groundTop, bottom } = footing(ground, x, w);
  const top = groundTop - h;
  const wall = palette.walls[0]!;
  const slate = mix('#6f7c8a', palette.roofs[0]!, 0.2);
  const trim = mix(wall, '#7a6a5a', 0.35);
  const windows: string[] = [];
  for (const dx of [-0.4, -0.28, -0.16, 0.16, 0.28, 0.4]) {
    windows.push(rect(x + dx * w - 9 * s, top + 24 * s, 18 * s, 36 * s, windowColour));
    windows.push(rect(x + dx * w - 11 * s, top + 60 * s, 22 * s, 4 * s, trim));
  }
  const towerW = 60 * s;
  const svg = [
    ellipse(x, bottom + 4 * s, w * 0.62, 10 * s, groundColour),
    rect(x - w / 2, top, w, bottom - top + 4 * s, wall),
    rect(x - w / 2, top + 70 * s, w, 5 * s, trim),
    polygon(
      [
        [x - w / 2 - 10 * s, top + 2 * s],
        [x - w / 2 + 34 * s, top - 42 * s],
        [x + w / 2 - 34 * s, top - 42 * s],
        [x + w / 2 + 10 * s, top + 2 * s],
      ],
      slate,
    ),
    rect(x - towerW / 2, top - 86 * s, towerW, 92 * s, wall),
    polygon(
      [
        [x - towerW / 2 - 8 * s, top - 84 * s],
        [x, top - 126 * s],
        [x + towerW / 2 + 8 * s, top - 84 * s],
      ],
      slate,
    ),
    circle(x, top - 52 * s, 15 * s, '#fbf7ee', ` stroke="${trim}" stroke-width="${f(3 * s)}"`),
    `<path d="M${f(x)},${f(top - 52 * s)}L${f(x)},${f(top - 62 * s)}M${f(x)},${f(top - 52 * s)}L${f(x + 7 * s)},${f(top - 49 * s)}" stroke="${palette.ink}" stroke-width="${f(2.4 * s)}" stroke-linecap="round"/>`,
    `<path d="M${f(x - 15 * s)},${f(bottom + 2 * s)}L${f(x - 15 * s)},${f(top + 40 * s)}A${f(15 * s)},${f(15 * s)} 0 0 1 ${f(x + 15 * s)},${f(top + 40 * s)}L${f(x + 15 * s)},${f(bottom + 2 * s)}Z" fill="${mix(palette.roofs[0]!, '#2b2b2b', 0.3)}"/>`,
    ...windows,
  ].join('');
  return { svg, span: [x - w / 2 - 14 * s, x + w / 2 + 14 * s] };
}

export function church(
  x: number,
  ground: Curve,
  s: number,
  palette: Palette,
  windowColour: string,
  groundColour: string,
  towerLeft: boolean,
): Building {
  const w = 130 * s;
  const h = 70 * s;
  const { top: groundTop, bottom } = footing(ground, x, w + 40 * s);
  const top = groundTop - h;
  const stone = mix(palette.walls[1] ?? palette.walls[0]!, '#9a9080', 0.25);
  const roof = mix('#6f7c8a', palette.roofs[1] ?? palette.roofs[0]!, 0.3);
  const tx = towerLeft ? x - w / 2 : x + w / 2;
  const tw = 44 * s;
  const svg = [
    ellipse(x, bottom + 4 * s, w * 0.75, 10 * s, groundColour),
    rect(x - w / 2, top, w, bottom - top + 4 * s, stone),
    polygon(
      [
        [x - w / 2 - 8 * s, top + 2 * s],
        [x - w / 2 + 10 * s, top - 38 * s],
        [x + w / 2 - 10 * s, top - 38 * s],
        [x + w / 2 + 8 * s, top + 2 * s],
      ],
      roof,
    ),
    rect(tx - tw / 2, top - 70 * s, tw, bottom - top + 74 * s, stone),
    polygon(
      [
        [tx - tw / 2 - 4 * s, top - 68 * s],
        [tx, top - 160 * s],
        [tx + tw / 2 + 4 * s, top - 68 * s],
      ],
      roof,
    ),
    `<path d="M${f(tx - 7 * s)},${f(top - 26 * s)}L${f(tx - 7 * s)},${f(top - 42 * s)}A${f(7 * s)},${f(7 * s)} 0 0 1 ${f(tx + 7 * s)},${f(top - 42 * s)}L${f(tx + 7 * s)},${f(top - 26 * s)}Z" fill="${palette.ink}" opacity="0.55"/>`,
    ...[-0.3, 0, 0.3].map((dx) =>
      rect(x + dx * w - 6 * s, top + 18 * s, 12 * s, 30 * s, windowColour, ' rx="6"'),
    ),
  ].join('');
  return { svg, span: [x - w / 2 - 30 * s, x + w / 2 + 30 * s] };
}

export function barn(
  x: number,
  ground: Curve,
  s: number,
  colour: string,
  trim: string,
  groundColour: string,
): Building {
  const w = 140 * s;
  const h = 70 * s;
  const { top: groundTop, bottom } = footing(ground, x, w);
  const top = groundTop - h;
  const roof = mix(colour, '#3a3030', 0.35);
  const dw = 44 * s;
  const dTop = bottom - 52 * s;
  const svg = [
    ellipse(x, bottom + 4 * s, w * 0.7, 9 * s, groundColour),
    rect(x - w / 2, top, w, bottom - top + 4 * s, colour),
    polygon(
      [
        [x - w / 2 - 6 * s, top + 2 * s],
        [x - w / 2 + 12 * s, top - 34 * s],
        [x, top - 58 * s],
        [x + w / 2 - 12 * s, top - 34 * s],
        [x + w / 2 + 6 * s, top + 2 * s],
      ],
      roof,
    ),
    rect(x - dw / 2, dTop, dw, bottom - dTop + 2 * s, mix(colour, '#2b2b2b', 0.2)),
    `<path d="M${f(x - dw / 2)},${f(dTop)}L${f(x + dw / 2)},${f(bottom)}M${f(x + dw / 2)},${f(dTop)}L${f(x - dw / 2)},${f(bottom)}M${f(x - dw / 2)},${f(dTop)}h${f(dw)}v${f(bottom - dTop)}h${f(-dw)}Z" stroke="${trim}" stroke-width="${f(4 * s)}" fill="none"/>`,
    rect(x - 10 * s, top - 20 * s, 20 * s, 16 * s, mix(colour, '#2b2b2b', 0.35)),
  ].join('');
  return { svg, span: [x - w / 2 - 10 * s, x + w / 2 + 10 * s] };
}

export function lighthouse(
  x: number,
  ground: Curve,
  s: number,
  palette: Palette,
  lamp: string,
  night: boolean,
): Building {
  const h = 210 * s;
  const bw = 46 * s;
  const tw = 30 * s;
  const bottom = ground(x) + 8 * s;
  const top = bottom - h;
  const halfAt = (y: number) => tw / 2 + ((bw - tw) / 2) * ((y - top) / h);
  const band = (y1: number, y2: number) =>
    polygon(
      [
        [x - halfAt(y1), y1],
        [x + halfAt(y1), y1],
        [x + halfAt(y2), y2],
        [x - halfAt(y2), y2],
      ],
      mix(palette.accents[0]!, '#c0504a', 0.5),
    );
  const white = palette.walls[0]!;
  const svg = [
    night
      ? `<polygon points="${points([
          [x, top - 20 * s],
          [x - 520 * s, top - 110 * s],
          [x - 520 * s, top + 40 * s],
        ])}" fill="${lamp}" opacity="0.16"/>`
      : '',
    polygon(
      [
        [x - tw / 2, top],
        [x + tw / 2, top],
        [x + bw / 2, bottom],
        [x - bw / 2, bottom],
      ],
      white,
    ),
    band(top + h * 0.18, top + h * 0.36),
    band(top + h * 0.54, top + h * 0.72),
    rect(x - tw / 2 - 8 * s, top - 6 * s, tw + 16 * s, 8 * s, palette.ink),
    rect(x - tw * 0.36, top - 34 * s, tw * 0.72, 28 * s, lamp),
    polygon(
      [
        [x - tw / 2 - 3 * s, top - 32 * s],
        [x, top - 58 * s],
        [x + tw / 2 + 3 * s, top - 32 * s],
      ],
      mix(palette.accents[0]!, '#a04040', 0.5),
    ),
    rect(x - 6 * s, bottom - 26 * s, 12 * s, 24 * s, palette.ink, ' opacity="0.7"'),
  ].join('');
  return { svg, span: [x - bw, x + bw] };
}

export function sailboat(
  x: number,
  y: number,
  s: number,
  hull: string,
  sail: string,
  jib: string,
  ink: string,
): string {
  return [
    ellipse(x, y + 16 * s, 62 * s, 6 * s, ink, ' opacity="0.12"'),
    polygon(
      [
        [x - 62 * s, y],
        [x + 62 * s, y],
        [x + 44 * s, y + 18 * s],
        [x - 46 * s, y + 18 * s],
      ],
      hull,
    ),
    rect(x - 2 * s, y - 124 * s, 4 * s, 124 * s, ink),
    polygon(
      [
        [x + 4 * s, y - 118 * s],
        [x + 4 * s, y - 8 * s],
        [x + 58 * s, y - 8 * s],
      ],
      sail,
    ),
    polygon(
      [
        [x - 4 * s, y - 104 * s],
        [x - 4 * s, y - 8 * s],
        [x - 44 * s, y - 8 * s],
      ],
      jib,
    ),
  ].join('');
}

export function fishingBoat(
  x: number,
  y: number,
  s: number,
  hull: string,
  cabin: string,
  ink: string,
): string {
  return [
    ellipse(x, y + 16 * s, 60 * s, 6 * s, ink, ' opacity="0.12"'),
    rect(x - 2 * s, y - 70 * s, 4 * s, 70 * s, ink),
    rect(x + 8 * s, y - 34 * s, 34 * s, 34 * s, cabin),
    rect(x + 14 * s, y - 28 * s, 10 * s, 10 * s, ink, ' opacity="0.5"'),
    `<path d="M${f(x - 64 * s)},${f(y - 6 * s)}L${f(x + 60 * s)},${f(y)}L${f(x + 44 * s)},${f(y + 18 * s)}L${f(x - 44 * s)},${f(y + 18 * s)}Z" fill="${hull}"/>`,
  ].join('');
}

export function eiffel(x: number, baseY: number, h: number, colour: string): string {
  const p = (dx: number, dy: number) => `${f(x + dx * h)},${f(baseY - dy * h)}`;
  const d =
    `M${p(-0.27, 0)}C${p(-0.19, 0.12)} ${p(-0.09, 0.34)} ${p(-0.06, 0.56)}L${p(-0.025, 0.9)}L${p(0, 1)}` +
    `L${p(0.025, 0.9)}L${p(0.06, 0.56)}C${p(0.09, 0.34)} ${p(0.19, 0.12)} ${p(0.27, 0)}Z` +
    `M${p(-0.17, 0)}C${p(-0.12, 0.14)} ${p(0.12, 0.14)} ${p(0.17, 0)}Z`;
  return [
    `<path d="${d}" fill="${colour}" fill-rule="evenodd"/>`,
    rect(x - 0.2 * h, baseY - 0.22 * h, 0.4 * h, 0.025 * h, colour),
    rect(x - 0.1 * h, baseY - 0.55 * h, 0.2 * h, 0.02 * h, colour),
    rect(x - 0.008 * h, baseY - 1.06 * h, 0.016 * h, 0.08 * h, colour),
  ].join('');
}

export function flowers(
  x: number,
  y: number,
  rng: Random,
  colours: string[],
  leaf: string,
): string {
  const parts: string[] = [ellipse(x, y + 4, 26, 7, leaf, ' opacity="0.8"')];
  const n = rng.int(5, 9);
  for (let i = 0; i < n; i++) {
    const fx = x + rng.range(-24, 24);
    const fy = y + rng.range(-14, 4);
    parts.push(
      `<path d="M${f(fx)},${f(fy)}L${f(fx)},${f(y + 4)}" stroke="${leaf}" stroke-width="2"/>`,
    );
    parts.push(circle(fx, fy, rng.range(4, 7), rng.pick(colours)));
  }
  return parts.join('');
}

export function cloud(x: number, y: number, w: number, rng: Random, colour: string): string {
  const parts = [ellipse(x, y, w / 2, w * 0.08, colour)];
  const n = rng.int(3, 5);
  for (let i = 0; i < n; i++) {
    const t = n === 1 ? 0.5 : i / (n - 1);
    const r = w * rng.range(0.1, 0.17) * (1 - Math.abs(t - 0.5) * 0.8);
    parts.push(circle(x - w * 0.32 + t * w * 0.64 + rng.range(-10, 10), y - r * 0.45, r, colour));
  }
  return parts.join('');
}

export function birds(x: number, y: number, rng: Random, ink: string): string {
  const parts: string[] = [];
  const n = rng.int(2, 5);
  for (let i = 0; i < n; i++) {
    const bx = x + rng.range(-90, 90);
    const by = y + rng.range(-40, 40);
    const s = rng.range(9, 16);
    parts.push(
      `M${f(bx - s)},${f(by)}Q${f(bx - s / 2)},${f(by - s * 0.55)} ${f(bx)},${f(by)}Q${f(bx + s / 2)},${f(by - s * 0.55)} ${f(bx + s)},${f(by)}`,
    );
  }
  return `<path d="${parts.join('')}" stroke="${ink}" stroke-width="3" fill="none" stroke-linecap="round" stroke-linejoin="round" opacity="0.7"/>`;
}
