// Which motifs and mood a chapter's words call for: a small French and English lexicon, matched on
// whole words without accents, so « École », « ecoles » and "schools" all find the schoolhouse.

export type Motif =
  | 'sea'
  | 'boats'
  | 'lighthouse'
  | 'mountains'
  | 'fields'
  | 'farm'
  | 'vineyard'
  | 'town'
  | 'factory'
  | 'paris'
  | 'school'
  | 'church'
  | 'house'
  | 'garden'
  | 'flowers'
  | 'forest'
  | 'river'
  | 'train'
  | 'snow'
  | 'birds';

/** Muted wins over winter, winter over autumn, autumn over warm; calm is the default. */
export type Mood = 'calm' | 'warm' | 'muted' | 'winter' | 'autumn';

interface Entry {
  words: string[];
  motifs?: Motif[];
  mood?: Exclude<Mood, 'calm'>;
  night?: boolean;
}

const ENTRIES: Entry[] = [
  {
    words: ['mer', 'ocean', 'plage', 'cote', 'littoral', 'ile', 'sable', 'vague', 'baignade'],
    motifs: ['sea'],
  },
  {
    words: ['sea', 'beach', 'coast', 'island', 'shore', 'seaside', 'wave', 'sand', 'seafront'],
    motifs: ['sea'],
  },
  {
    words: ['port', 'bateau', 'barque', 'voilier', 'voile', 'peche', 'pecheur', 'marin', 'marine'],
    motifs: ['sea', 'boats'],
  },
  {
    words: ['harbour', 'harbor', 'boat', 'ship', 'sail', 'sailing', 'fishing', 'fisherman'],
    motifs: ['sea', 'boats'],
  },
  {
    words: ['sailor', 'navy', 'croisiere', 'cruise', 'paquebot', 'ferry'],
    motifs: ['sea', 'boats'],
  },
  {
    words: ['phare', 'lighthouse', 'bretagne', 'brittany', 'falaise', 'cliff'],
    motifs: ['sea', 'lighthouse'],
  },
  {
    words: ['montagne', 'alpes', 'pyrenees', 'sommet', 'randonnee', 'vosges', 'jura', 'massif'],
    motifs: ['mountains'],
  },
  {
    words: [
      'mountain',
      'alps',
      'hiking',
      'peak',
      'climbing',
      'vallee',
      'valley',
      'alpage',
      'chalet',
    ],
    motifs: ['mountains'],
  },
  { words: ['ski', 'skiing'], motifs: ['mountains', 'snow'], mood: 'winter' },
  {
    words: ['campagne', 'champ', 'moisson', 'ble', 'recolte', 'prairie', 'foin', 'colline'],
    motifs: ['fields'],
  },
  {
    words: ['countryside', 'field', 'harvest', 'wheat', 'meadow', 'hay', 'hill', 'village'],
    motifs: ['fields'],
  },
  {
    words: ['ferme', 'fermier', 'tracteur', 'paysan', 'agriculteur', 'vache', 'grange', 'cheval'],
    motifs: ['fields', 'farm'],
  },
  {
    words: ['farm', 'farmer', 'tractor', 'cow', 'barn', 'horse', 'poule', 'chicken'],
    motifs: ['fields', 'farm'],
  },
  {
    words: ['vigne', 'vignoble', 'vendange', 'vin', 'vineyard', 'wine', 'grape', 'raisin'],
    motifs: ['fields', 'vineyard'],
  },
  {
    words: ['ville', 'quartier', 'rue', 'immeuble', 'appartement', 'metro', 'lyon', 'marseille'],
    motifs: ['town'],
  },
  {
    words: ['city', 'town', 'street', 'london', 'apartment', 'building', 'capitale', 'capital'],
    motifs: ['town'],
  },
  {
    words: ['usine', 'atelier', 'mine', 'mineur', 'ouvrier', 'industrie', 'charbon', 'chantier'],
    motifs: ['town', 'factory'],
  },
  {
    words: ['factory', 'mill', 'miner', 'worker', 'works', 'industry', 'coal'],
    motifs: ['town', 'factory'],
  },
  { words: ['paris', 'parisien', 'parisienne', 'eiffel'], motifs: ['town', 'paris'] },
  {
    words: ['ecole', 'instituteur', 'institutrice', 'maitresse', 'classe', 'eleve', 'college'],
    motifs: ['school'],
  },
  {
    words: ['lycee', 'certificat', 'school', 'teacher', 'classroom', 'pupil', 'cartable'],
    motifs: ['school'],
  },
  {
    words: ['eglise', 'bapteme', 'communion', 'messe', 'chapelle', 'church', 'baptism', 'chapel'],
    motifs: ['church'],
  },
  {
    words: ['mariage', 'noces', 'wedding', 'marriage'],
    motifs: ['church', 'flowers'],
    mood: 'warm',
  },
  {
    words: ['amour', 'fiancailles', 'love', 'honeymoon', 'romance', 'rencontre'],
    motifs: ['flowers'],
    mood: 'warm',
  },
  {
    words: ['naissance', 'bebe', 'fete', 'anniversaire', 'bonheur', 'vacances', 'ete', 'soleil'],
    mood: 'warm',
  },
  {
    words: ['birth', 'baby', 'party', 'celebration', 'happiness', 'summer', 'holiday', 'sun'],
    mood: 'warm',
  },
  {
    words: ['guerre', 'occupation', 'resistance', 'deuil', 'deces', 'mort', 'maladie', 'hopital'],
    mood: 'muted',
  },
  {
    words: ['exil', 'exode', 'captivite', 'prisonnier', 'soldat', 'bombardement', 'enterrement'],
    mood: 'muted',
  },
  {
    words: ['war', 'mourning', 'death', 'illness', 'hospital', 'exile', 'soldier', 'prisoner'],
    mood: 'muted',
  },
  { words: ['funeral', 'loss', 'grief', 'perte', 'chagrin', 'absence'], mood: 'muted' },
  {
    words: ['hiver', 'neige', 'noel', 'froid', 'glace', 'winter', 'snow', 'christmas', 'cold'],
    motifs: ['snow'],
    mood: 'winter',
  },
  {
    words: ['automne', 'autumn', 'fall', 'feuille', 'leaves', 'champignon', 'mushroom'],
    mood: 'autumn',
  },
  {
    words: ['jardin', 'potager', 'verger', 'jardinage', 'garden', 'orchard', 'gardening'],
    motifs: ['garden', 'flowers'],
  },
  {
    words: ['fleur', 'rose', 'bouquet', 'printemps', 'flower', 'spring', 'blossom'],
    motifs: ['flowers'],
  },
  {
    words: ['foret', 'bois', 'arbre', 'chene', 'sapin', 'chasse', 'forest', 'woods', 'tree'],
    motifs: ['forest'],
  },
  { words: ['oak', 'pine', 'hunting', 'cabane', 'cabin', 'promenade', 'walk'], motifs: ['forest'] },
  {
    words: ['riviere', 'fleuve', 'lac', 'etang', 'canal', 'ruisseau', 'moulin', 'seine', 'loire'],
    motifs: ['river'],
  },
  { words: ['river', 'lake', 'pond', 'stream', 'brook', 'bridge', 'pont'], motifs: ['river'] },
  {
    words: ['train', 'gare', 'locomotive', 'cheminot', 'railway', 'railroad', 'voyage'],
    motifs: ['train'],
  },
  {
    words: ['maison', 'enfance', 'foyer', 'famille', 'home', 'house', 'childhood', 'family'],
    motifs: ['house'],
  },
  { words: ['grandmere', 'grandpere', 'grandparents', 'cottage'], motifs: ['house', 'garden'] },
  { words: ['oiseau', 'hirondelle', 'bird', 'swallow', 'liberte', 'freedom'], motifs: ['birds'] },
  { words: ['nuit', 'etoile', 'lune', 'soir', 'night', 'star', 'moon', 'evening'], night: true },
];

const LOOKUP = new Map<string, Entry>();
for (const entry of ENTRIES) for (const word of entry.words) LOOKUP.set(word, entry);

const MOOD_RANK: Record<Mood, number> = { calm: 0, warm: 1, autumn: 2, winter: 3, muted: 4 };

export interface KeywordReading {
  motifs: Set<Motif>;
  mood: Mood;
  night: boolean;
}

/** Lower case, no accents, hyphens and apostrophes split: « Grand-mère » → grand, mere. */
export function wordsOf(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/u)
    .filter(Boolean);
}

function lookUp(word: string): Entry | undefined {
  const direct = LOOKUP.get(word);
  if (direct) return direct;
  // Plurals: bateaux, champs, schools, beaches.
  for (const suffix of ['s', 'x', 'es']) {
    if (word.length > suffix.length + 2 && word.endsWith(suffix)) {
      const singular = LOOKUP.get(word.slice(0, -suffix.length));
      if (singular) return singular;
    }
  }
  return undefined;
}

export function readWords(texts: readonly string[]): KeywordReading {
  const reading: KeywordReading = { motifs: new Set(), mood: 'calm', night: false };
  for (const text of texts) {
    const words = wordsOf(text);
    // Compound words written apart ("grand-mère") are looked up joined too.
    const joined = words.slice(1).map((word, i) => words[i]! + word);
    for (const word of [...words, ...joined]) {
      const entry = lookUp(word);
      if (!entry) continue;
      for (const motif of entry.motifs ?? []) reading.motifs.add(motif);
      if (entry.mood && MOOD_RANK[entry.mood] > MOOD_RANK[reading.mood]) reading.mood = entry.mood;
      if (entry.night) reading.night = true;
    }
  }
  return reading;
}
