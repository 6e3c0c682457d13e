// Soft, print-friendly colour sets for the built-in artwork, grouped by the mood a chapter calls for.
import type { Mood } from './lexicon.ts';

export interface Palette {
  name: string;
  mood: Mood;
  /** top of the sky, then the horizon */
  sky: [string, string];
  sun: string;
  cloud: string;
  /** land from the far distance to the foreground */
  land: [string, string, string, string];
  /** water at the horizon, then at the front */
  water: [string, string];
  trees: string[];
  trunk: string;
  walls: string[];
  roofs: string[];
  /** flowers, sails, stripes */
  accents: string[];
  sand: string;
  /** dark strokes: birds, masts, window frames */
  ink: string;
}

const GREEN_TREES = ['#4f7a58', '#648f62', '#7ea56e', '#3f6a55'];
const WALLS = ['#f4ecdc', '#efe0c6', '#f6e7d0', '#e9dcc8'];
const ROOFS = ['#b96a50', '#a65a4a', '#8b6e5e', '#c98a5a'];

export const PALETTES: Palette[] = [
  {
    name: 'summer-morning',
    mood: 'calm',
    sky: ['#9cc3d8', '#eef2e6'],
    sun: '#fff4d2',
    cloud: '#ffffff',
    land: ['#b3c9bb', '#93b58f', '#77a075', '#5a8660'],
    water: ['#a9cdd8', '#6f9fb8'],
    trees: GREEN_TREES,
    trunk: '#6b5444',
    walls: WALLS,
    roofs: ROOFS,
    accents: ['#e9a3a0', '#f2d16b', '#ffffff', '#c9a0dc'],
    sand: '#ecdcb6',
    ink: '#3e4a52',
  },
  {
    name: 'peach-dawn',
    mood: 'calm',
    sky: ['#efbfa6', '#fbeadb'],
    sun: '#fff6e8',
    cloud: '#fff5ec',
    land: ['#d8bca9', '#b7ad8b', '#929e77', '#6f8463'],
    water: ['#f0d3c2', '#c09a98'],
    trees: ['#6b8a63', '#86996a', '#5c775a', '#9aa56f'],
    trunk: '#6e5546',
    walls: WALLS,
    roofs: ['#b36b55', '#9a6352', '#c1835f'],
    accents: ['#f0a8a0', '#ffffff', '#f5d27a', '#d9a3c0'],
    sand: '#f0dcc0',
    ink: '#5a4a4a',
  },
  {
    name: 'sage',
    mood: 'calm',
    sky: ['#c6dcd3', '#f5f1e4'],
    sun: '#fbe6b0',
    cloud: '#ffffff',
    land: ['#bccfbe', '#9bb89f', '#7a9e82', '#5b8064'],
    water: ['#cfe2dc', '#86aeb0'],
    trees: ['#4e7a62', '#6a9473', '#88a978', '#3f6956'],
    trunk: '#6a5848',
    walls: WALLS,
    roofs: ['#c07a5c', '#9c6b58', '#b98f5e'],
    accents: ['#f3b6a8', '#f6dc8a', '#ffffff', '#b9a6d8'],
    sand: '#eee2c4',
    ink: '#3d4f4a',
  },
  {
    name: 'lavender-evening',
    mood: 'calm',
    sky: ['#aaa6d0', '#f4d9cb'],
    sun: '#fde3c3',
    cloud: '#fbe9e4',
    land: ['#b3a9c6', '#9ea7a0', '#7f9283', '#627767'],
    water: ['#dcc8d4', '#8a8fb4'],
    trees: ['#4f6a5e', '#5f7a68', '#6f8a72', '#46605a'],
    trunk: '#4e4a56',
    walls: ['#efe2d8', '#e6d6d0', '#f2e6da'],
    roofs: ['#9c6a74', '#7f6680', '#b07c72'],
    accents: ['#f2b8b0', '#f8d9a0', '#ffffff', '#d2b4e2'],
    sand: '#e9d6cc',
    ink: '#3f3f58',
  },
  {
    name: 'golden-hour',
    mood: 'calm',
    sky: ['#ecd29f', '#fbf2dd'],
    sun: '#fffaf0',
    cloud: '#fff8ea',
    land: ['#d4c69a', '#b5ab7a', '#929667', '#6d7a52'],
    water: ['#f1e2bd', '#9fb1a8'],
    trees: ['#66804f', '#7f9158', '#566f48', '#93a060'],
    trunk: '#6b5440',
    walls: WALLS,
    roofs: ['#b8684a', '#a0604a', '#c88f55'],
    accents: ['#e89b8a', '#ffffff', '#f3c95f', '#c79ac2'],
    sand: '#f1e1bd',
    ink: '#4f4634',
  },
  {
    name: 'teal-bay',
    mood: 'calm',
    sky: ['#a3cfcc', '#edf5ef'],
    sun: '#fffbe8',
    cloud: '#ffffff',
    land: ['#9ec3b6', '#79a798', '#5b8b7e', '#416d62'],
    water: ['#bfe0da', '#5d9aa2'],
    trees: ['#36645a', '#4b7c66', '#62916f', '#2f5a52'],
    trunk: '#5c5044',
    walls: ['#f4efe4', '#eadfcf', '#f7ead6'],
    roofs: ['#c56f55', '#a6625a', '#d08d5f'],
    accents: ['#f4a99b', '#ffffff', '#f6d37a', '#9fc6e8'],
    sand: '#efe3c8',
    ink: '#2f4b4c',
  },
  {
    name: 'rose-garden',
    mood: 'warm',
    sky: ['#f1b7ab', '#fde9dd'],
    sun: '#fff3e6',
    cloud: '#fff4ef',
    land: ['#e0bfa8', '#c2b08a', '#9aa272', '#768757'],
    water: ['#f5d5c8', '#c49aa2'],
    trees: ['#6f8d5c', '#86a066', '#5d7a52', '#a0ad6c'],
    trunk: '#6e5040',
    walls: ['#fbefe2', '#f5e2cf', '#f9e8dc'],
    roofs: ['#c0674f', '#ad5d54', '#d0875f'],
    accents: ['#e97f86', '#ffffff', '#f6c667', '#f2a7c3'],
    sand: '#f4dfc6',
    ink: '#5e4446',
  },
  {
    name: 'apricot-summer',
    mood: 'warm',
    sky: ['#f5c58e', '#fdeed6'],
    sun: '#fffaf0',
    cloud: '#fff7ea',
    land: ['#e3c89a', '#c5b57d', '#9fa468', '#7b8a52'],
    water: ['#f7e0be', '#8fb3b5'],
    trees: ['#6a8a4e', '#84a05a', '#58744a', '#9db064'],
    trunk: '#70543c',
    walls: WALLS,
    roofs: ['#c4613f', '#b05a45', '#d98d4f'],
    accents: ['#ee8a7a', '#ffffff', '#f7d35c', '#e6a2c6'],
    sand: '#f6e2bf',
    ink: '#5a4535',
  },
  {
    name: 'sepia',
    mood: 'muted',
    sky: ['#cdc5b6', '#efe9dc'],
    sun: '#f6f0e2',
    cloud: '#f7f3ea',
    land: ['#b9b1a1', '#9c9787', '#7f7d6e', '#626255'],
    water: ['#ddd6c8', '#9a9c94'],
    trees: ['#5f6a55', '#6f7761', '#545d4c', '#7d8167'],
    trunk: '#5a4e44',
    walls: ['#e8e0d0', '#ddd3c2', '#e3dacb'],
    roofs: ['#8e7a6a', '#7c6f66', '#9a8570'],
    accents: ['#d8c7a8', '#f2ece0', '#c9b9a0', '#b8a99a'],
    sand: '#e2d8c4',
    ink: '#45413a',
  },
  {
    name: 'grey-dawn',
    mood: 'muted',
    sky: ['#b4bec4', '#e7e6df'],
    sun: '#f4f1e6',
    cloud: '#f4f4f0',
    land: ['#a6afac', '#8b9691', '#6f7b75', '#56625c'],
    water: ['#d3d8d5', '#8d9ea2'],
    trees: ['#4d5e58', '#5f6f66', '#44534e', '#6d7b70'],
    trunk: '#4e4a44',
    walls: ['#e5e2da', '#d9d5cb', '#e0dbd0'],
    roofs: ['#7b7670', '#6c6f72', '#8a7d72'],
    accents: ['#c9c3b6', '#eeeae2', '#b7b9b0', '#a9b0b6'],
    sand: '#dcd6c8',
    ink: '#3c4244',
  },
  {
    name: 'snow-blue',
    mood: 'winter',
    sky: ['#b7cfe2', '#f2f5f7'],
    sun: '#fffdf4',
    cloud: '#ffffff',
    land: ['#dbe5ee', '#e6edf3', '#eef3f7', '#f7f9fb'],
    water: ['#d6e3ec', '#93afc4'],
    trees: ['#3f5f62', '#4c6d6a', '#365457', '#5a7a74'],
    trunk: '#5a4c46',
    walls: ['#efe3d0', '#e8d6bf', '#f2e6d4'],
    roofs: ['#a85d4e', '#8a5e56', '#b8795a'],
    accents: ['#c9514d', '#ffffff', '#e8c06a', '#a9c6e0'],
    sand: '#eef2f5',
    ink: '#34444f',
  },
  {
    name: 'snow-lilac',
    mood: 'winter',
    sky: ['#cbc5e0', '#f6f1f0'],
    sun: '#fff6ea',
    cloud: '#ffffff',
    land: ['#d9d6e8', '#e4e2ee', '#eeedf4', '#f8f7fa'],
    water: ['#e0dcea', '#9c9cbd'],
    trees: ['#475a6b', '#566a78', '#3e4f60', '#627585'],
    trunk: '#554a50',
    walls: ['#f0e4d6', '#e8d9cb', '#f3e8dc'],
    roofs: ['#a1626a', '#86647a', '#b27c6c'],
    accents: ['#c65b66', '#ffffff', '#ebc77a', '#b8a6d8'],
    sand: '#f1f0f5',
    ink: '#3b3d54',
  },
  {
    name: 'autumn-gold',
    mood: 'autumn',
    sky: ['#eac6a0', '#f8ecda'],
    sun: '#fff6e6',
    cloud: '#fff6ec',
    land: ['#d2b792', '#bfa46e', '#a08a58', '#7d6c45'],
    water: ['#dfe2d8', '#7896a3'],
    trees: ['#c7763e', '#d99c46', '#a9582f', '#8d6b3b'],
    trunk: '#5e4535',
    walls: WALLS,
    roofs: ['#9f5640', '#8a5a46', '#b5734a'],
    accents: ['#d9643f', '#f3c45a', '#ffffff', '#b55a4a'],
    sand: '#efdcbc',
    ink: '#4f3d30',
  },
  {
    name: 'autumn-mist',
    mood: 'autumn',
    sky: ['#c4d0d6', '#f2e9dc'],
    sun: '#fff8ea',
    cloud: '#ffffff',
    land: ['#c8bda3', '#b3a77f', '#998f66', '#7a7352'],
    water: ['#dde3e2', '#7893a1'],
    trees: ['#c0703f', '#d4a04e', '#9c5a3a', '#b5843f'],
    trunk: '#58463a',
    walls: ['#f1e6d6', '#e8dac4', '#f3e9da'],
    roofs: ['#96604a', '#7f5d50', '#aa7550'],
    accents: ['#cf6a45', '#efc35e', '#ffffff', '#a8634f'],
    sand: '#ebdfc8',
    ink: '#44403a',
  },
];

/** The palettes fitting a mood; calm chapters may also take the warm ones. */
export function palettesFor(mood: Mood): Palette[] {
  if (mood === 'calm') return PALETTES.filter((p) => p.mood === 'calm' || p.mood === 'warm');
  return PALETTES.filter((p) => p.mood === mood);
}

function channels(hex: string): [number, number, number] {
  const value = parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** Linear blend of two #rrggbb colours: t = 0 gives a, t = 1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const ca = channels(a);
  const cb = channels(b);
  const out = ca.map((c, i) => Math.round(c + (cb[i]! - c) * t));
  return `#${out.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

const NIGHT = '#1e2743';

/** The same palette under a night sky: a deep blue sky, land drowned in blue, lit windows. */
export function nightOf(palette: Palette): Palette {
  const dim = (c: string, t = 0.55) => mix(c, NIGHT, t);
  return {
    ...palette,
    name: `${palette.name}-night`,
    sky: ['#1b2442', '#56658e'],
    sun: '#f4efd9',
    cloud: '#6d7aa0',
    land: palette.land.map((c, i) => dim(c, 0.62 - i * 0.04)) as Palette['land'],
    water: [dim(palette.water[0], 0.45), dim(palette.water[1], 0.6)],
    trees: palette.trees.map((c) => dim(c, 0.6)),
    trunk: dim(palette.trunk, 0.6),
    walls: palette.walls.map((c) => dim(c, 0.5)),
    roofs: palette.roofs.map((c) => dim(c, 0.55)),
    accents: palette.accents.map((c) => dim(c, 0.4)),
    sand: dim(palette.sand, 0.55),
    ink: '#141a2e',
  };
}
