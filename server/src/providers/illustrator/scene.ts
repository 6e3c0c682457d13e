// The built-in artwork: one calm, layered landscape per picture, drawn as SVG. The chapter's words
// choose the motifs and the mood (lexicon.ts); the seed chooses the palette, the layout and every
// position. Same input, same picture; no text and no faces, ever.
import { readWords, type Motif, type Mood } from './lexicon.ts';
import { mix, nightOf, palettesFor, type Palette } from './palettes.ts';
import { createRandom, type Random } from './random.ts';
import {
  HEIGHT,
  WIDTH,
  barn,
  birds,
  church,
  circle,
  cloud,
  curvePath,
  eiffel,
  f,
  fishingBoat,
  flowers,
  house,
  lighthouse,
  linePath,
  polygon,
  rect,
  ridge,
  sailboat,
  schoolhouse,
  tree,
  type Building,
  type Curve,
  type TreeKind,
} from './shapes.ts';

export { HEIGHT, WIDTH };

export interface SceneInput {
  title: string | null;
  keywords: string[];
  summary: string | null;
  seed: string;
}

export interface ScenePlan {
  /** what the picture shows, in drawing order */
  motifs: Motif[];
  mood: Mood;
  night: boolean;
  palette: string;
}

const MOTIF_ORDER: Motif[] = [
  'mountains',
  'town',
  'paris',
  'factory',
  'sea',
  'boats',
  'lighthouse',
  'fields',
  'vineyard',
  'farm',
  'river',
  'train',
  'forest',
  'school',
  'church',
  'house',
  'garden',
  'flowers',
  'snow',
  'birds',
];

/** Motifs that decorate a scene but do not make one on their own. */
const DECOR = new Set<Motif>(['snow', 'birds', 'flowers']);

/** Scenes for chapters whose words name no place: still varied, always calm. */
const FALLBACKS: Motif[][] = [
  ['fields', 'house'],
  ['sea', 'boats'],
  ['mountains', 'river'],
  ['fields', 'farm'],
  ['forest', 'river'],
  ['sea', 'lighthouse'],
  ['garden', 'house', 'flowers'],
  ['mountains', 'forest'],
  ['river', 'house'],
  ['fields', 'church'],
];

function seedOf(input: SceneInput): string {
  return [input.seed, ...input.keywords].join('\u001f');
}

function makePlan(input: SceneInput, rng: Random): { plan: ScenePlan; palette: Palette } {
  const reading = readWords([...input.keywords, input.title ?? '']);
  const motifs = reading.motifs;
  const hasSetting = () => [...motifs].some((m) => !DECOR.has(m));
  // The summary is long and chatty: it may suggest a place when the keywords name none, never a mood.
  if (!hasSetting() && input.summary)
    for (const m of readWords([input.summary]).motifs) motifs.add(m);
  if (!hasSetting()) for (const m of rng.pick(FALLBACKS)) motifs.add(m);
  if (motifs.has('sea') && !motifs.has('boats') && rng.chance(0.6)) motifs.add('boats');
  const base = rng.pick(palettesFor(reading.mood));
  const palette = reading.night ? nightOf(base) : base;
  return {
    plan: {
      motifs: MOTIF_ORDER.filter((m) => motifs.has(m)),
      mood: reading.mood,
      night: reading.night,
      palette: palette.name,
    },
    palette,
  };
}

/** What the picture will show, without drawing it. */
export function planScene(input: SceneInput): ScenePlan {
  return makePlan(input, createRandom(seedOf(input))).plan;
}

interface Ground {
  curve: Curve;
  colour: string;
  from: number;
  to: number;
}

export function buildSceneSvg(input: SceneInput): { svg: string; plan: ScenePlan } {
  const rng = createRandom(seedOf(input));
  const { plan, palette } = makePlan(input, rng);
  const has = (m: Motif) => plan.motifs.includes(m);
  const night = plan.night;
  const snowy = has('snow');
  const defs: string[] = [];
  const layers: string[] = [];
  const layer = (id: string, content: string | string[], attrs = '') => {
    const body = Array.isArray(content) ? content.join('') : content;
    if (body) layers.push(`<g id="${id}"${attrs}>${body}</g>`);
  };
  const [far, mid, near, front] = palette.land;
  const windowColour = night ? '#f3cf74' : mix(palette.sky[0], palette.ink, 0.3);
  const horizon = has('sea') ? rng.range(560, 610) : rng.range(500, 570);

  // Sky, then what hangs in it.
  defs.push(
    `<linearGradient id="sky-gradient" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${palette.sky[0]}"/><stop offset="1" stop-color="${palette.sky[1]}"/></linearGradient>`,
  );
  layer('sky', rect(0, 0, WIDTH, HEIGHT, 'url(#sky-gradient)'));
  if (night) {
    const stars: string[] = [];
    for (let i = 0; i < 90; i++) {
      const y = rng.range(10, horizon - 140) * rng.range(0.4, 1);
      stars.push(
        circle(
          rng.range(0, WIDTH),
          y,
          rng.range(0.8, 2.6),
          '#fdf8e4',
          ` opacity="${f(rng.range(0.4, 0.95))}"`,
        ),
      );
    }
    layer('stars', stars);
  }
  const sunX = rng.range(0.14, 0.86) * WIDTH;
  const sunY = horizon - rng.range(150, 330);
  const sunR = rng.range(44, 74);
  defs.push(
    `<radialGradient id="sun-glow"><stop offset="0" stop-color="${palette.sun}" stop-opacity="${night ? 0.35 : 0.75}"/><stop offset="1" stop-color="${palette.sun}" stop-opacity="0"/></radialGradient>`,
  );
  layer(night ? 'moon' : 'sun', [
    circle(sunX, sunY, sunR * 4.2, 'url(#sun-glow)'),
    circle(sunX, sunY, sunR, palette.sun, ' opacity="0.96"'),
    night
      ? circle(sunX - sunR * 0.3, sunY - sunR * 0.2, sunR * 0.22, palette.ink, ' opacity="0.06"')
      : '',
    night
      ? circle(sunX + sunR * 0.35, sunY + sunR * 0.3, sunR * 0.14, palette.ink, ' opacity="0.06"')
      : '',
  ]);
  const clouds: string[] = [];
  for (let i = rng.int(night ? 0 : 2, night ? 2 : 5); i > 0; i--) {
    clouds.push(
      cloud(
        rng.range(0, WIDTH),
        rng.range(70, horizon - 170),
        rng.range(160, 380),
        rng,
        palette.cloud,
      ),
    );
  }
  layer('clouds', clouds, ` opacity="${night ? 0.35 : 0.82}"`);
  if (!night && (has('birds') || rng.chance(0.55))) {
    const flocks = has('birds') ? 2 : 1;
    const flock: string[] = [];
    for (let i = 0; i < flocks; i++)
      flock.push(birds(sunX + rng.range(-380, 380), sunY + rng.range(-60, 80), rng, palette.ink));
    layer('birds', flock);
  }

  // The far distance: mountains or soft hills.
  if (has('mountains')) {
    layer('mountains', [
      mountainRange(
        rng,
        'mtn-far',
        horizon + 20,
        horizon - 380,
        horizon - 250,
        mix(far, palette.sky[0], 0.45),
        defs,
        palette,
        true,
      ),
      mountainRange(
        rng,
        'mtn-near',
        horizon + 40,
        horizon - 250,
        horizon - 140,
        mix(far, palette.ink, 0.1),
        defs,
        palette,
        snowy || plan.mood === 'winter' || rng.chance(0.5),
      ),
    ]);
  } else {
    layer('hills-far', [
      `<path d="${curvePath(ridge(rng, horizon - 70, 34))}" fill="${mix(far, palette.sky[1], 0.55)}"/>`,
      `<path d="${curvePath(ridge(rng, horizon - 25, 26))}" fill="${mix(far, palette.sky[1], 0.3)}"/>`,
    ]);
  }

  if (has('town') && !has('sea'))
    layer(
      'town',
      skyline(rng, horizon + 40, palette, windowColour, has('paris'), has('factory'), night),
    );

  const grounds: Ground[] = [];
  if (has('sea')) drawSeaside();
  else drawCountry();

  if (snowy) {
    const flakes: string[] = [];
    for (let i = 0; i < 150; i++)
      flakes.push(
        circle(
          rng.range(0, WIDTH),
          rng.range(0, HEIGHT),
          rng.range(1.5, 4.5),
          '#ffffff',
          ` opacity="${f(rng.range(0.45, 0.9))}"`,
        ),
      );
    layer('snow', flakes);
  }

  defs.push(
    `<radialGradient id="vignette" cx="0.5" cy="0.45" r="0.78"><stop offset="0.62" stop-color="${palette.ink}" stop-opacity="0"/><stop offset="1" stop-color="${palette.ink}" stop-opacity="${night ? 0.3 : 0.16}"/></radialGradient>`,
  );
  layer('vignette', rect(0, 0, WIDTH, HEIGHT, 'url(#vignette)'));

  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">` +
    `<defs>${defs.join('')}</defs>${layers.join('')}</svg>`;
  return { svg, plan };

  function drawSeaside(): void {
    defs.push(
      `<linearGradient id="sea-gradient" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${palette.water[0]}"/><stop offset="1" stop-color="${palette.water[1]}"/></linearGradient>`,
    );
    const sea: string[] = [rect(0, horizon, WIDTH, HEIGHT - horizon, 'url(#sea-gradient)')];
    sea.push(rect(0, horizon - 2, WIDTH, 5, palette.sky[1], ' opacity="0.6"'));
    const shimmer: string[] = [];
    for (let i = 0; i < 16; i++) {
      const y = horizon + 8 + i * 7 + i * i * 1.4;
      const w = Math.max(8, 70 - i * 3 + rng.range(-14, 14)) * (1 + i * 0.05);
      const x = sunX + rng.range(-10, 10) * (1 + i * 0.2);
      shimmer.push(`M${f(x - w / 2)},${f(y)}h${f(w)}`);
    }
    sea.push(
      `<path d="${shimmer.join('')}" stroke="${palette.sun}" stroke-width="4" stroke-linecap="round" opacity="${night ? 0.45 : 0.6}"/>`,
    );
    const waves: string[] = [];
    for (let i = 0; i < 60; i++) {
      const t = rng.next();
      const y = horizon + 14 + (HEIGHT - horizon) * t * t;
      const l = 10 + 46 * t;
      const x = rng.range(0, WIDTH);
      waves.push(`M${f(x - l / 2)},${f(y)}Q${f(x)},${f(y - 3 - 5 * t)} ${f(x + l / 2)},${f(y)}`);
    }
    sea.push(
      `<path d="${waves.join('')}" stroke="${mix(palette.water[0], '#ffffff', 0.5)}" stroke-width="3" fill="none" stroke-linecap="round" opacity="0.55"/>`,
    );
    layer('sea', sea);

    // A headland on one side, sloping down into the water.
    const left = rng.chance(0.5);
    const reach = rng.range(0.34, 0.5) * WIDTH;
    const edgeY = horizon - rng.range(60, 150);
    const shoreY = horizon + rng.range(70, 130);
    const wobble = ridge(rng, 0, 10);
    const top: Curve = (x) => {
      const raw = Math.max(0, (left ? x : WIDTH - x) / reach);
      const u = Math.min(1, raw);
      const ease = u * u * (3 - 2 * u);
      // Past its reach the land dips under the water instead of ending in a wall.
      const dip = raw > 1 ? ((raw - 1) / 0.25) ** 2 * (HEIGHT - shoreY) : 0;
      return edgeY + (shoreY - edgeY) * ease + wobble(x) * (1 - u) + dip;
    };
    const from = left ? -8 : WIDTH - reach * 1.25;
    const to = left ? reach * 1.25 : WIDTH + 8;
    const beach = ridge(rng, HEIGHT - rng.range(70, 120), 12);

    const boats: string[] = [];
    const boatCount = has('boats') ? rng.int(2, 4) : rng.int(0, 1);
    const lanes = [0.12, 0.3, 0.5, 0.72].sort(() => rng.next() - 0.5);
    for (let i = 0; i < boatCount; i++) {
      const t = lanes[i]! + rng.range(-0.05, 0.05);
      const y = horizon + 18 + t * (HEIGHT - 200 - horizon);
      const s = 0.32 + t * 0.9;
      // Boats keep to open water, clear of the headland's foot.
      const land = reach * 1.3;
      const span = WIDTH - land - 160 * s;
      const x = left ? land + 80 * s + rng.range(0, span) : 80 * s + rng.range(0, span);
      const hull = rng.pick([...palette.roofs, palette.ink]);
      boats.push(
        rng.chance(0.7)
          ? sailboat(
              x,
              y,
              s,
              hull,
              palette.walls[0]!,
              mix(palette.accents[rng.int(0, palette.accents.length - 1)]!, palette.walls[0]!, 0.3),
              palette.ink,
            )
          : fishingBoat(x, y, s, hull, palette.walls[1] ?? palette.walls[0]!, palette.ink),
      );
    }
    layer('boats', boats);

    const landColour = mix(mid, near, 0.4);
    layer('headland', [
      `<path d="${curvePath(top, from, to)}" fill="${landColour}"/>`,
      `<path d="${linePath((x) => top(x) + 16, left ? reach * 0.45 : WIDTH - reach, left ? reach : WIDTH - reach * 0.45)}" stroke="${mix(landColour, palette.ink, 0.2)}" stroke-width="10" fill="none" opacity="0.35"/>`,
    ]);
    const land: Ground = {
      curve: top,
      colour: landColour,
      from: left ? 40 : WIDTH - reach * 0.8,
      to: left ? reach * 0.8 : WIDTH - 40,
    };
    grounds.push(land);
    const spans: [number, number][] = [];
    if (has('lighthouse')) {
      const x = left ? rng.range(0.1, 0.22) * reach : WIDTH - rng.range(0.1, 0.22) * reach;
      const tower = lighthouse(x, top, 0.9, palette, night ? '#fbe3a0' : '#f6dc8c', night);
      spans.push(tower.span);
      layer('lighthouse', tower.svg);
    }
    placeBuildings(land, spans, 0.62);
    placeTrees(land, spans, rng.int(2, 4), 0.75);

    layer('beach', [
      `<path d="${curvePath(beach)}" fill="${snowy ? '#f4f7f9' : palette.sand}"/>`,
      `<path d="${linePath((x) => beach(x) - 3)}" stroke="#ffffff" stroke-width="5" fill="none" opacity="0.45"/>`,
      grassTufts(beach, 5, mix(near, palette.ink, 0.1)),
    ]);
    if (has('flowers') || has('garden')) {
      const patch: string[] = [];
      for (let i = 0; i < 6; i++) {
        const x = rng.range(40, WIDTH - 40);
        patch.push(flowers(x, beach(x) + rng.range(20, 50), rng, palette.accents, near));
      }
      layer('flowers', patch);
    }
  }

  function drawCountry(): void {
    const hillA = ridge(rng, horizon + 30, rng.range(12, 24));
    layer('hills', `<path d="${curvePath(hillA)}" fill="${mid}"/>`);
    if (has('forest')) layer('forest', forestEdge(hillA, mix(palette.trees[0]!, mid, 0.35), 0.75));

    const hillB = ridge(rng, horizon + rng.range(120, 160), rng.range(20, 34));
    const colourB = mix(mid, near, 0.5);
    layer('hills-middle', `<path d="${curvePath(hillB)}" fill="${colourB}"/>`);
    if (has('fields'))
      layer(has('vineyard') ? 'vineyard' : 'fields', patchwork(hillB, 'fields-b', colourB));
    if (has('forest') && rng.chance(0.6))
      layer(
        'forest-middle',
        forestEdge(hillB, mix(palette.trees[1] ?? palette.trees[0]!, colourB, 0.2), 1, true),
      );

    const hillC = ridge(rng, HEIGHT - rng.range(230, 290), rng.range(22, 40));
    layer('hills-near', `<path d="${curvePath(hillC)}" fill="${near}"/>`);
    if (has('fields') && !has('vineyard')) layer('furrows', furrows(hillC, 'furrows-c', near));

    const hillD = ridge(rng, HEIGHT - rng.range(50, 80), rng.range(10, 22));
    layer('foreground-land', `<path d="${curvePath(hillD)}" fill="${front}"/>`);
    let river: ((y: number) => [number, number]) | null = null;
    if (has('river')) {
      // Drawn over every hill so it runs unbroken from the distance to the bottom edge.
      const drawn = riverRibbon(horizon + 40);
      river = drawn.banks;
      layer('river', drawn.svg);
    }
    if (has('train')) layer('train', train(hillB));
    const land: Ground = { curve: hillC, colour: near, from: 120, to: WIDTH - 120 };
    grounds.push(land);
    const spans: [number, number][] = [];
    if (river) {
      // Nothing is built in the water: the river's width where it crosses the ground is off limits.
      for (const x of [WIDTH * 0.25, WIDTH * 0.5, WIDTH * 0.75]) {
        const [l, r] = river(hillC(x));
        spans.push([l - 20, r + 20]);
      }
    }
    placeBuildings(land, spans, 0.9);
    placeTrees(land, spans, has('forest') ? rng.int(7, 11) : rng.int(3, 6), 1);

    const frontSpans: [number, number][] = [];
    if (river) {
      const [l, r] = river(HEIGHT - 60);
      frontSpans.push([l - 30, r + 30]);
    }
    const frontLayer: string[] = [];
    if (has('garden')) frontLayer.push(fence(hillD, frontSpans));
    frontLayer.push(grassTufts(hillD, 8, mix(front, palette.ink, 0.12), frontSpans));
    layer('foreground', frontLayer);
    if (has('flowers') || has('garden')) {
      const patch: string[] = [];
      const n = has('garden') ? 12 : 7;
      for (let i = 0; i < n; i++) {
        const x = rng.range(30, WIDTH - 30);
        if (frontSpans.some(([a, b]) => x > a && x < b)) continue;
        patch.push(
          flowers(
            x,
            hillD(x) + rng.range(18, 50),
            rng,
            palette.accents,
            mix(front, palette.ink, 0.1),
          ),
        );
      }
      layer(has('garden') ? 'garden' : 'flowers', patch);
    }
  }

  function placeBuildings(land: Ground, spans: [number, number][], scale: number): void {
    const free = (a: number, b: number) => spans.every(([l, r]) => b < l || a > r);
    const spot = (width: number): number | null => {
      for (let tries = 0; tries < 14; tries++) {
        const x = rng.range(land.from + width / 2, land.to - width / 2);
        if (free(x - width / 2, x + width / 2)) return x;
      }
      return null;
    };
    const put = (id: string, build: (x: number) => Building, width: number) => {
      const x = spot(width);
      if (x === null) return;
      const built = build(x);
      spans.push(built.span);
      layer(id, built.svg);
    };
    const wall = () => rng.pick(palette.walls);
    const roof = () => rng.pick(palette.roofs);
    if (has('school'))
      put(
        'school',
        (x) => schoolhouse(x, land.curve, scale, palette, windowColour, land.colour),
        330 * scale,
      );
    if (has('farm')) {
      put(
        'farm',
        (x) => {
          const farmhouse = house(
            x - 90 * scale,
            land.curve,
            scale,
            wall(),
            roof(),
            windowColour,
            land.colour,
            rng,
          );
          const shed = barn(
            x + 80 * scale,
            land.curve,
            scale,
            mix(rng.pick(['#a9563f', '#b9773f', '#9a6a4a']), palette.roofs[0]!, 0.3),
            palette.walls[0]!,
            land.colour,
          );
          return { svg: farmhouse.svg + shed.svg, span: [farmhouse.span[0], shed.span[1]] };
        },
        330 * scale,
      );
      if (!snowy) {
        const hay: string[] = [];
        for (let i = rng.int(2, 3); i > 0; i--) {
          const x = rng.range(200, WIDTH - 200);
          if (!free(x - 30, x + 30)) continue;
          const y = land.curve(x) + rng.range(30, 70);
          hay.push(
            `<path d="M${f(x - 30)},${f(y)}Q${f(x)},${f(y - 52)} ${f(x + 30)},${f(y)}Z" fill="${mix('#e2c47a', palette.land[1], 0.2)}"/>`,
          );
        }
        layer('haystacks', hay);
      }
    }
    if (has('church') && !has('town'))
      put(
        'church',
        (x) =>
          church(x, land.curve, scale * 0.9, palette, windowColour, land.colour, rng.chance(0.5)),
        200 * scale,
      );
    const houses =
      (has('house') ? rng.int(1, 2) : 0) +
      (has('town') && has('sea') ? rng.int(3, 5) : 0) +
      (has('church') && !has('town') ? 1 : 0);
    const s = scale * (has('town') && has('sea') ? 0.7 : 0.85);
    for (let i = 0; i < houses; i++)
      put(
        'houses',
        (x) => house(x, land.curve, s, wall(), roof(), windowColour, land.colour, rng),
        130 * s,
      );
  }

  function placeTrees(land: Ground, spans: [number, number][], count: number, scale: number): void {
    const kinds: TreeKind[] =
      snowy || plan.mood === 'winter'
        ? ['pine', 'pine', 'round']
        : plan.mood === 'autumn'
          ? ['round', 'round', 'poplar']
          : ['round', 'round', 'poplar', 'pine'];
    const items: { x: number; svg: string }[] = [];
    const taken: [number, number][] = [...spans];
    for (let i = 0, tries = 0; i < count && tries < count * 8; tries++) {
      const x = rng.range(Math.max(20, land.from - 80), Math.min(WIDTH - 20, land.to + 80));
      const h = rng.range(110, 190) * scale;
      const w = h * 0.45;
      if (taken.some(([l, r]) => x + w / 2 > l && x - w / 2 < r)) continue;
      taken.push([x - w * 0.3, x + w * 0.3]);
      const kind = rng.pick(kinds);
      items.push({
        x,
        svg: tree(kind, x, land.curve(x) + 8, h, rng.pick(palette.trees), palette, snowy),
      });
      i++;
    }
    layer(
      'trees',
      items.map((item) => item.svg),
    );
  }

  function forestEdge(curve: Curve, colour: string, scale: number, partial = false): string {
    const parts: string[] = [];
    const start = partial ? rng.range(0, WIDTH * 0.5) : -20;
    const end = partial ? start + rng.range(WIDTH * 0.3, WIDTH * 0.5) : WIDTH + 20;
    for (let x = start; x < end; x += rng.range(16, 30) * scale) {
      const h = rng.range(60, 110) * scale;
      const pines = snowy ? 0.9 : plan.mood === 'autumn' ? 0.15 : 0.55;
      const kind: TreeKind = rng.chance(pines) ? 'pine' : 'round';
      // Sunk into the ridge and without trunks: a wood's edge reads as one soft mass.
      parts.push(
        tree(
          kind,
          x,
          curve(x) + h * 0.3,
          h,
          mix(colour, palette.ink, rng.range(0, 0.12)),
          palette,
          snowy,
          true,
        ),
      );
    }
    return parts.join('');
  }

  function patchwork(curve: Curve, id: string, base: string): string {
    defs.push(`<clipPath id="${id}"><path d="${curvePath(curve)}"/></clipPath>`);
    const colours = snowy
      ? [base, mix(base, '#ffffff', 0.4), mix(base, palette.sky[0], 0.2)]
      : [
          base,
          mix('#e4cc86', base, 0.35),
          mix(base, palette.land[3], 0.35),
          mix('#c2a27a', base, 0.45),
          mix(base, '#ffffff', 0.18),
        ];
    const parts: string[] = [];
    let x = -200;
    const skew = rng.range(-160, 160);
    while (x < WIDTH + 200) {
      const w = rng.range(150, 280);
      parts.push(
        polygon(
          [
            [x, horizon],
            [x + w, horizon],
            [x + w + skew, HEIGHT],
            [x + skew, HEIGHT],
          ],
          rng.pick(colours),
        ),
      );
      x += w;
    }
    const lines: string[] = [];
    for (let k = 1; k < 14; k++) {
      const dy = k * 7 + k * k * 1.8;
      if (has('vineyard')) {
        for (let vx = (k % 2) * 9; vx < WIDTH; vx += 18 + k)
          lines.push(
            circle(vx, curve(vx) + dy, 2.5 + k * 0.35, palette.trees[0]!, ' opacity="0.6"'),
          );
      } else {
        lines.push(
          `<path d="${linePath((px) => curve(px) + dy, -8, WIDTH + 8, 24)}" stroke="${palette.ink}" stroke-width="${f(1.5 + k * 0.15)}" fill="none" opacity="0.09"/>`,
        );
      }
    }
    return `<g clip-path="url(#${id})">${parts.join('')}${lines.join('')}</g>`;
  }

  function furrows(curve: Curve, id: string, base: string): string {
    defs.push(`<clipPath id="${id}"><path d="${curvePath(curve)}"/></clipPath>`);
    const lines: string[] = [];
    for (let k = 1; k < 10; k++) {
      const dy = k * 16 + k * k * 3;
      lines.push(
        `<path d="${linePath((px) => curve(px) + dy, -8, WIDTH + 8, 24)}" stroke="${mix(base, palette.ink, 0.35)}" stroke-width="3" fill="none" opacity="0.12"/>`,
      );
    }
    return `<g clip-path="url(#${id})">${lines.join('')}</g>`;
  }

  function riverRibbon(startY: number): { svg: string; banks: (y: number) => [number, number] } {
    const x0 = rng.range(0.3, 0.7) * WIDTH;
    const x1 = rng.range(0.25, 0.75) * WIDTH;
    const bend = rng.range(120, 240) * (rng.chance(0.5) ? 1 : -1);
    const centre = (y: number) => {
      const t = (y - startY) / (HEIGHT - startY);
      return x0 + (x1 - x0) * t + bend * Math.sin(t * Math.PI * 1.4);
    };
    const width = (y: number) => 6 + 300 * ((y - startY) / (HEIGHT - startY)) ** 1.6;
    const banks = (y: number): [number, number] => [
      centre(y) - width(y) / 2,
      centre(y) + width(y) / 2,
    ];
    const leftSide: string[] = [];
    const rightSide: string[] = [];
    for (let y = startY; y <= HEIGHT + 10; y += 10) {
      const [l, r] = banks(y);
      leftSide.push(`${f(l)},${f(y)}`);
      rightSide.unshift(`${f(r)},${f(y)}`);
    }
    // A river mirrors the sky more than the sea's depth does.
    const water = mix(mix(palette.water[0], palette.water[1], 0.55), palette.sky[0], 0.15);
    const ripples: string[] = [];
    for (let i = 0; i < 18; i++) {
      const y = startY + 30 + (HEIGHT - startY - 40) * rng.next() ** 0.8;
      const [l, r] = banks(y);
      const w = (r - l) * rng.range(0.15, 0.35);
      const x = rng.range(l + w, r - w);
      ripples.push(`M${f(x - w / 2)},${f(y)}h${f(w)}`);
    }
    return {
      svg:
        `<polygon points="${leftSide.join(' ')} ${rightSide.join(' ')}" fill="${water}" stroke="${mix(water, palette.ink, 0.2)}" stroke-width="4" stroke-opacity="0.3"/>` +
        `<path d="${ripples.join('')}" stroke="#ffffff" stroke-width="3" stroke-linecap="round" opacity="0.45"/>`,
      banks,
    };
  }

  function train(curve: Curve): string {
    const parts: string[] = [
      `<path d="${linePath((x) => curve(x) + 2)}" stroke="${mix(palette.ink, mid, 0.3)}" stroke-width="4" fill="none" opacity="0.6"/>`,
    ];
    const cars = rng.int(3, 4);
    const carW = 84;
    const goingRight = rng.chance(0.5);
    let x = rng.range(260, WIDTH - 260 - cars * (carW + 8));
    const body = rng.pick(palette.roofs);
    for (let i = 0; i <= cars; i++) {
      const isEngine = goingRight ? i === cars : i === 0;
      const cx = x + carW / 2;
      const y = curve(cx);
      const angle = (Math.atan2(curve(cx + 20) - curve(cx - 20), 40) * 180) / Math.PI;
      const car: string[] = [];
      if (isEngine) {
        car.push(rect(cx - carW / 2, y - 46, carW, 38, palette.ink, ' rx="6"'));
        car.push(
          rect(
            cx + (goingRight ? -carW / 2 : carW / 2 - 28),
            y - 64,
            28,
            24,
            palette.ink,
            ' rx="3"',
          ),
        );
        const chimney = cx + (goingRight ? carW / 2 - 18 : -carW / 2 + 10);
        car.push(rect(chimney, y - 66, 10, 22, palette.ink));
        for (let p = 0; p < 4; p++)
          car.push(
            circle(
              chimney + 5 + (goingRight ? -1 : 1) * p * 20,
              y - 78 - p * 14,
              9 + p * 4,
              '#ffffff',
              ` opacity="${f(0.75 - p * 0.15)}"`,
            ),
          );
      } else {
        car.push(rect(cx - carW / 2, y - 48, carW, 40, body, ' rx="5"'));
        for (const dx of [-24, 0, 24]) car.push(rect(cx + dx - 7, y - 40, 14, 12, windowColour));
      }
      car.push(circle(cx - carW / 3, y - 6, 7, palette.ink));
      car.push(circle(cx + carW / 3, y - 6, 7, palette.ink));
      parts.push(`<g transform="rotate(${f(angle)} ${f(cx)} ${f(y)})">${car.join('')}</g>`);
      x += carW + 8;
    }
    return parts.join('');
  }

  function fence(curve: Curve, avoid: [number, number][]): string {
    const start = rng.range(0, WIDTH * 0.4);
    const end = start + rng.range(WIDTH * 0.3, WIDTH * 0.55);
    const colour = mix(palette.walls[0]!, palette.ink, 0.08);
    const posts: string[] = [];
    const rails: string[] = [];
    let run: string[] = [];
    const flush = () => {
      if (run.length > 1) rails.push(`M${run.join('L')}`);
      run = [];
    };
    for (let x = start; x < end; x += 28) {
      if (avoid.some(([a, b]) => x > a && x < b)) {
        flush();
        continue;
      }
      const y = curve(x) + 20;
      posts.push(
        polygon(
          [
            [x - 4, y],
            [x - 4, y - 40],
            [x, y - 46],
            [x + 4, y - 40],
            [x + 4, y],
          ],
          colour,
        ),
      );
      run.push(`${f(x)},${f(y - 28)}`);
    }
    flush();
    return `<path d="${rails.join('')}" stroke="${colour}" stroke-width="5" fill="none"/><path d="${rails.join('').replace(/,([\d.]+)/g, (_, y: string) => `,${f(Number(y) + 16)}`)}" stroke="${colour}" stroke-width="5" fill="none"/>${posts.join('')}`;
  }

  function grassTufts(
    curve: Curve,
    count: number,
    colour: string,
    avoid: [number, number][] = [],
  ): string {
    const blades: string[] = [];
    for (let i = 0; i < count; i++) {
      const x = rng.range(20, WIDTH - 20);
      if (avoid.some(([a, b]) => x > a && x < b)) continue;
      const y = curve(x) + rng.range(16, 60);
      for (let b = -2; b <= 2; b++)
        blades.push(
          `M${f(x + b * 4)},${f(y)}q${f(b * 3)},-10 ${f(b * 7)},${f(-22 + Math.abs(b) * 4)}`,
        );
    }
    return `<path d="${blades.join('')}" stroke="${colour}" stroke-width="3" fill="none" stroke-linecap="round" opacity="0.7"/>`;
  }
}

function mountainRange(
  rng: Random,
  id: string,
  baseY: number,
  highest: number,
  lowest: number,
  colour: string,
  defs: string[],
  palette: Palette,
  snowCaps: boolean,
): string {
  const outline: [number, number][] = [[-20, rng.range(lowest, baseY - 40)]];
  const peaks: [number, number][] = [];
  let x = -20;
  while (x < WIDTH + 20) {
    const peak: [number, number] = [x + rng.range(110, 280), rng.range(highest, lowest)];
    const valley: [number, number] = [
      peak[0] + rng.range(100, 240),
      Math.min(baseY - 20, peak[1] + rng.range(90, 190)),
    ];
    peaks.push(peak);
    outline.push(peak, valley);
    x = valley[0];
  }
  // Two rounds of midpoint displacement give the ridges a natural, slightly broken line.
  let line = outline;
  for (const jitter of [22, 9]) {
    const next: [number, number][] = [line[0]!];
    for (let i = 1; i < line.length; i++) {
      const [ax, ay] = line[i - 1]!;
      const [bx, by] = line[i]!;
      next.push(
        [
          (ax + bx) / 2 + rng.range(-jitter, jitter) / 2,
          (ay + by) / 2 + rng.range(-jitter, jitter),
        ],
        [bx, by],
      );
    }
    line = next;
  }
  const d = `M-20,${HEIGHT}L${line.map(([px, py]) => `${f(px)},${f(py)}`).join('L')}L${f(line[line.length - 1]![0])},${HEIGHT}Z`;
  defs.push(`<clipPath id="${id}"><path d="${d}"/></clipPath>`);
  const shade = peaks
    .map(([px, py], i) => {
      const next = outline[i * 2 + 2] ?? [px + 200, baseY];
      return polygon(
        [[px, py], next, [px + (next[0] - px) * 0.3, baseY + 40]],
        palette.ink,
        ' opacity="0.09"',
      );
    })
    .join('');
  let snow = '';
  if (snowCaps) {
    const snowline = highest + (lowest - highest) * 0.75;
    const zig: string[] = [];
    for (let zx = -20; zx <= WIDTH + 40; zx += 28)
      zig.push(`${f(zx)},${f(snowline + rng.range(-10, 26))}`);
    defs.push(
      `<clipPath id="${id}-snow"><polygon points="-20,-20 ${WIDTH + 40},-20 ${zig.reverse().join(' ')}"/></clipPath>`,
    );
    snow = `<g clip-path="url(#${id}-snow)">${rect(-20, 0, WIDTH + 60, HEIGHT, mix('#ffffff', palette.sky[0], 0.12))}${shade}</g>`;
  }
  return `<path d="${d}" fill="${colour}"/><g clip-path="url(#${id})">${shade}${snow}</g>`;
}

/** A town on the horizon: two rows of buildings, a steeple, perhaps a factory or the Eiffel Tower. */
function skyline(
  rng: Random,
  baseY: number,
  palette: Palette,
  windowColour: string,
  paris: boolean,
  factory: boolean,
  night: boolean,
): string {
  const parts: string[] = [];
  const centre = rng.range(0.3, 0.7) * WIDTH;
  const spread = rng.range(0.45, 0.8) * WIDTH;
  const back = mix(palette.land[0], palette.sky[0], 0.35);
  const frontRow = mix(palette.land[0], palette.ink, 0.12);
  const tower = paris
    ? eiffel(
        centre + spread * rng.range(0.18, 0.32) * (rng.chance(0.5) ? 1 : -1),
        baseY - 6,
        rng.range(300, 340),
        mix(back, palette.ink, 0.08),
      )
    : '';
  const windowOpacity = night ? 0.9 : 0.35;
  for (const [row, colour, tallest] of [
    [0, back, 190],
    [1, frontRow, 120],
  ] as const) {
    // The tower stands between the two rows, so its legs show above the nearer roofs.
    if (row === 1 && tower) parts.push(`<g id="eiffel">${tower}</g>`);
    let x = centre - spread / 2 + rng.range(-30, 30);
    const end = centre + spread / 2;
    const factoryAt = factory && row === 1 ? rng.range(x + 100, end - 300) : null;
    const steepleAt = row === 1 ? rng.range(x + 60, end - 60) : null;
    let placedFactory = false;
    let placedSteeple = false;
    while (x < end) {
      if (factoryAt !== null && !placedFactory && x >= factoryAt) {
        placedFactory = true;
        const w = 230;
        const top = baseY - 80;
        const teeth: [number, number][] = [[x, top]];
        for (let t = 0; t < 5; t++)
          teeth.push([x + t * (w / 5), top - 26], [x + (t + 1) * (w / 5), top]);
        parts.push(polygon([...teeth, [x + w, baseY + 10], [x, baseY + 10]], colour));
        for (const [cx, h] of [
          [x + 40, 150],
          [x + 110, 190],
        ] as const) {
          parts.push(rect(cx, top - h + 60, 18, h, colour));
          parts.push(rect(cx - 3, top - h + 60, 24, 8, colour));
          for (let p = 0; p < 4; p++)
            parts.push(
              circle(
                cx + 9 + p * 22,
                top - h + 44 - p * 16,
                12 + p * 6,
                mix(palette.cloud, palette.sky[1], 0.3),
                ` opacity="${f(0.7 - p * 0.14)}"`,
              ),
            );
        }
        x += w + 10;
        continue;
      }
      if (steepleAt !== null && !placedSteeple && x >= steepleAt) {
        placedSteeple = true;
        parts.push(rect(x, baseY - 150, 34, 160, colour));
        parts.push(
          polygon(
            [
              [x - 3, baseY - 148],
              [x + 17, baseY - 240],
              [x + 37, baseY - 148],
            ],
            colour,
          ),
        );
        x += 40;
        continue;
      }
      const w = rng.range(44, 110);
      const falloff = 1 - Math.min(1, Math.abs(x - centre) / (spread / 2)) * 0.6;
      const h = rng.range(50, tallest) * falloff;
      const top = baseY - h;
      parts.push(rect(x, top, w, h + 10, colour));
      const roof = rng.int(0, 3);
      if (roof === 1)
        parts.push(
          polygon(
            [
              [x - 4, top + 1],
              [x + w / 2, top - w * 0.35],
              [x + w + 4, top + 1],
            ],
            colour,
          ),
        );
      else if (roof === 2)
        parts.push(
          polygon(
            [
              [x + 4, top + 1],
              [x + 12, top - 18],
              [x + w - 12, top - 18],
              [x + w - 4, top + 1],
            ],
            colour,
          ),
        );
      else if (roof === 3) parts.push(rect(x + w * 0.25, top - 16, w * 0.5, 17, colour));
      const lit: string[] = [];
      for (let wy = top + 14; wy < baseY - 14; wy += 22)
        for (let wx = x + 10; wx < x + w - 12; wx += 16)
          if (rng.chance(night ? 0.45 : 0.7)) lit.push(`M${f(wx)},${f(wy)}h6v9h-6Z`);
      if (lit.length)
        parts.push(`<path d="${lit.join('')}" fill="${windowColour}" opacity="${windowOpacity}"/>`);
      x += w + rng.range(-4, 6);
    }
  }
  return parts.join('');
}
