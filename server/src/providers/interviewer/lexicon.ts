// Word lists the detector reads answers with: family words, places, feelings, senses, in French and English.
import type { Gender } from './render.ts';

/** Family and close-circle words after a possessive ("ma grand-mère"), longest first so "grand-mère" beats "mère". */
// A table: one line per entry reads better than one line per word.
// prettier-ignore
export const FR_RELATIONS: readonly (readonly [word: string, gender: Gender | null])[] = [
  ['arrière-grands-parents', 'pl'], ['arrière-grand-mère', 'f'], ['arrière-grand-père', 'm'],
  ['grands-parents', 'pl'], ['grand-mère', 'f'], ['grand-père', 'm'], ['grand-maman', 'f'], ['grand-papa', 'm'],
  ['petits-enfants', 'pl'], ['petite-fille', 'f'], ['petit-fils', 'm'], ['petites-filles', 'pl'],
  ['beaux-parents', 'pl'], ['belle-mère', 'f'], ['beau-père', 'm'], ['belle-sœur', 'f'], ['belle-soeur', 'f'], ['beau-frère', 'm'],
  ['meilleure amie', 'f'], ['meilleur ami', 'm'], ['meilleurs amis', 'pl'],
  ['parents', 'pl'], ['mère', 'f'], ['père', 'm'], ['maman', 'f'], ['papa', 'm'],
  ['sœurs', 'pl'], ['soeurs', 'pl'], ['sœur', 'f'], ['soeur', 'f'], ['frères', 'pl'], ['frère', 'm'],
  ['oncles', 'pl'], ['oncle', 'm'], ['tantes', 'pl'], ['tante', 'f'], ['cousines', 'pl'], ['cousine', 'f'], ['cousins', 'pl'], ['cousin', 'm'],
  ['mari', 'm'], ['femme', 'f'], ['épouse', 'f'], ['époux', 'm'], ['compagne', 'f'], ['compagnon', 'm'],
  ['fiancée', 'f'], ['fiancé', 'm'],
  ['enfants', 'pl'], ['filles', 'pl'], ['fille', 'f'], ['fils', 'm'],
  ['parrain', 'm'], ['marraine', 'f'], ['nièce', 'f'], ['neveu', 'm'],
  ['amies', 'pl'], ['amie', 'f'], ['amis', 'pl'], ['ami', 'm'], ['copine', 'f'], ['copain', 'm'], ['copains', 'pl'],
  ['voisines', 'pl'], ['voisine', 'f'], ['voisins', 'pl'], ['voisin', 'm'],
  ['institutrice', 'f'], ['instituteur', 'm'], ['maîtresse', 'f'], ['patronne', 'f'], ['patron', 'm'],
  ['mémé', 'f'], ['pépé', 'm'], ['mamie', 'f'], ['papi', 'm'], ['papy', 'm'], ['tonton', 'm'], ['tata', 'f'],
];

/** Words that are already a person without a possessive ("Maman disait…"). */
// A table: one line per entry reads better than one line per word.
// prettier-ignore
export const FR_BARE_RELATIONS: readonly (readonly [word: string, gender: Gender])[] = [
  ['grand-maman', 'f'], ['grand-papa', 'm'], ['bonne-maman', 'f'], ['bon-papa', 'm'],
  ['maman', 'f'], ['papa', 'm'], ['mémé', 'f'], ['pépé', 'm'], ['mamie', 'f'], ['mamy', 'f'], ['papi', 'm'], ['papy', 'm'],
  ['tonton', 'm'], ['tata', 'f'],
];

// A table: one line per entry reads better than one line per word.
// prettier-ignore
export const EN_RELATIONS: readonly (readonly [word: string, gender: Gender | null])[] = [
  ['great-grandmother', 'f'], ['great-grandfather', 'm'], ['great-grandparents', 'pl'],
  ['grandmother', 'f'], ['grandfather', 'm'], ['grandparents', 'pl'], ['grandma', 'f'], ['grandpa', 'm'], ['granny', 'f'], ['gran', 'f'], ['nan', 'f'],
  ['grandchildren', 'pl'], ['granddaughter', 'f'], ['grandson', 'm'], ['grandkids', 'pl'],
  ['mother-in-law', 'f'], ['father-in-law', 'm'], ['sister-in-law', 'f'], ['brother-in-law', 'm'],
  ['best friend', null], ['best friends', 'pl'],
  ['parents', 'pl'], ['mother', 'f'], ['father', 'm'], ['mum', 'f'], ['mom', 'f'], ['mam', 'f'], ['dad', 'm'],
  ['sisters', 'pl'], ['sister', 'f'], ['brothers', 'pl'], ['brother', 'm'],
  ['uncles', 'pl'], ['uncle', 'm'], ['aunts', 'pl'], ['auntie', 'f'], ['aunt', 'f'], ['cousins', 'pl'], ['cousin', null],
  ['husband', 'm'], ['wife', 'f'], ['fiancée', 'f'], ['fiance', null], ['fiancé', 'm'], ['partner', null],
  ['children', 'pl'], ['kids', 'pl'], ['daughters', 'pl'], ['daughter', 'f'], ['sons', 'pl'], ['son', 'm'],
  ['godmother', 'f'], ['godfather', 'm'], ['niece', 'f'], ['nephew', 'm'],
  ['friends', 'pl'], ['friend', null], ['neighbours', 'pl'], ['neighbour', null], ['neighbors', 'pl'], ['neighbor', null],
  ['teacher', null], ['boss', null],
];

// A table: one line per entry reads better than one line per word.
// prettier-ignore
export const EN_BARE_RELATIONS: readonly (readonly [word: string, gender: Gender])[] = [
  ['Mum', 'f'], ['Mom', 'f'], ['Mam', 'f'], ['Dad', 'm'], ['Grandma', 'f'], ['Grandpa', 'm'], ['Granny', 'f'], ['Nan', 'f'], ['Gran', 'f'],
];

/** Places that are known without a preposition, so a capitalised "Lyon" is never taken for a person. */
// A table: one line per entry reads better than one line per word.
// prettier-ignore
export const PLACE_NAMES: readonly string[] = [
  'France', 'Paris', 'Lyon', 'Marseille', 'Toulouse', 'Bordeaux', 'Lille', 'Nantes', 'Strasbourg', 'Rennes', 'Brest',
  'Nice', 'Montpellier', 'Grenoble', 'Dijon', 'Reims', 'Rouen', 'Caen', 'Tours', 'Limoges', 'Clermont', 'Metz', 'Nancy',
  'Bretagne', 'Normandie', 'Alsace', 'Lorraine', 'Provence', 'Auvergne', 'Savoie', 'Corse', 'Bourgogne', 'Picardie',
  'Vendée', 'Ardèche', 'Jura', 'Vosges', 'Pyrénées', 'Alpes', 'Beauce', 'Champagne', 'Périgord', 'Berry', 'Limousin',
  'Algérie', 'Maroc', 'Tunisie', 'Italie', 'Espagne', 'Portugal', 'Allemagne', 'Belgique', 'Suisse', 'Angleterre',
  'Pologne', 'Russie', 'Amérique', 'Canada', 'Québec', 'Indochine', 'Vietnam', 'Afrique', 'Sénégal', 'Liban', 'Grèce',
  'Turquie', 'Arménie', 'Hollande', 'Irlande', 'Écosse', 'Europe', 'Alger', 'Oran', 'Casablanca', 'Tunis',
  'London', 'Londres', 'England', 'Scotland', 'Wales', 'Ireland', 'Britain', 'America', 'Australia', 'India', 'Jamaica',
  'Manchester', 'Liverpool', 'Birmingham', 'Glasgow', 'Edinburgh', 'Dublin', 'Leeds', 'Bristol', 'Cardiff', 'Belfast',
  'Yorkshire', 'Cornwall', 'Kent', 'Devon', 'Germany', 'Italy', 'Spain', 'Poland', 'Canada', 'Africa', 'Europe', 'Texas',
  'New York', 'California', 'Chicago', 'Boston',
];

/** Capitalised words that are neither people nor places worth a follow-up. */
// A table: one line per entry reads better than one line per word.
// prettier-ignore
export const NOT_NAMES: readonly string[] = [
  'dieu', 'noel', 'paques', 'toussaint', 'pentecote', 'seigneur', 'jesus', 'vierge', 'liberation', 'occupation', 'resistance',
  'republique', 'etat', 'eglise', 'guerre', 'mondiale', 'grande', 'seconde', 'premiere', 'general', 'president', 'marechal',
  'janvier', 'fevrier', 'mars', 'avril', 'mai', 'juin', 'juillet', 'aout', 'septembre', 'octobre', 'novembre', 'decembre',
  'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche',
  'je', 'j', 'il', 'elle', 'nous', 'on', 'ils', 'elles', 'mais', 'et', 'puis', 'alors', 'oui', 'non', 'bon', 'bref', 'enfin',
  'ensuite', 'apres', 'avant', 'quand', 'c', 'ca', 'cela', 'ma', 'mon', 'mes', 'notre', 'nos', 'le', 'la', 'les', 'un', 'une',
  'god', 'christmas', 'easter', 'lord', 'january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september',
  'october', 'november', 'december', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday',
  'i', "i'm", "i'd", "i've", "i'll", 'we', 'he', 'she', 'they', 'it', 'but', 'and', 'then', 'so', 'yes', 'no', 'well', 'the',
  'my', 'our', 'a', 'an', 'when', 'after', 'before', 'war', 'world', 'english', 'french', 'german', 'irish', 'scottish',
  'welsh', 'british', 'american', 'italian', 'polish', 'catholic', 'protestant', 'jewish', 'muslim', 'church', 'bible',
  'mass', 'messe', 'tv', 'radio', 'ok', 'okay',
  'monsieur', 'madame', 'mademoiselle', 'mr', 'mrs', 'ms', 'miss', 'dr',
  'mum', 'mom', 'mam', 'dad', 'grandma', 'grandpa', 'granny', 'nan', 'gran', 'maman', 'papa', 'mamie', 'papi', 'papy',
  'meme', 'pepe', 'tonton', 'tata',
];

/** Words before a capitalised word that make it anything but a person (articles, prepositions, street words). */
// A table: one line per entry reads better than one line per word.
// prettier-ignore
export const FR_NOT_BEFORE_NAME = new Set([
  'a', 'au', 'aux', 'en', 'dans', 'de', "d'", 'du', 'des', 'le', 'la', 'les', "l'", 'un', 'une', 'vers', 'sur', 'sous', 'par',
  'chez', 'pres', 'depuis', 'rue', 'avenue', 'place', 'boulevard', 'saint', 'sainte', 'lycee', 'ecole', 'college', 'eglise',
  'hopital', 'usine', 'cafe', 'hotel', 'gare', 'pont', 'quai', 'parc', 'cite', 'residence', 'ecoles', 'entreprise', 'societe',
  'marque', 'journal', 'film', 'livre', 'chanson', 'ville', 'village', 'departement', 'region', 'pays', 'mont', 'lac', 'ile',
  'cap', 'bois', 'foret', 'val', 'port',
]);

// A table: one line per entry reads better than one line per word.
// prettier-ignore
export const EN_NOT_BEFORE_NAME = new Set([
  'in', 'at', 'to', 'from', 'near', 'the', 'a', 'an', 'of', 'on', 'into', 'onto', 'towards', 'toward', 'by', 'via', 'street',
  'road', 'avenue', 'lane', 'saint', 'st', 'school', 'church', 'hospital', 'hotel', 'station', 'bridge', 'park', 'college',
  'university', 'company', 'firm', 'newspaper', 'film', 'book', 'song', 'town', 'village', 'county', 'mount', 'lake',
  'river', 'port', 'cape', 'isle',
]);

/** Common places said with their preposition ("à la ferme"): a follow-up on them reads naturally. */
export const FR_COMMON_PLACES: readonly string[] = [
  'au bord de la mer',
  'à la ferme',
  "à l'usine",
  'au village',
  'à la campagne',
  'à la montagne',
  'à la mer',
  'à la caserne',
  'au pensionnat',
  'en pension',
  'au couvent',
  'à la mine',
  'au fond de la mine',
  'au bureau',
  "à l'atelier",
  'à la boulangerie',
  "à l'hôpital",
  'au marché',
  'au lavoir',
  'à la gare',
  'au port',
  'en ville',
  'à la ville',
  'en colonie de vacances',
  'en colonie',
  'au régiment',
  "à l'armée",
  'en usine',
  'aux champs',
  'dans les champs',
  "à l'étranger",
  'au magasin',
  "à l'épicerie",
  'à la boutique',
  'à la forge',
  'au moulin',
  'sur les marchés',
  'en mer',
];

export const EN_COMMON_PLACES: readonly string[] = [
  'on the farm',
  'at the factory',
  'in the village',
  'in the countryside',
  'at the seaside',
  'by the sea',
  'in the mountains',
  'in the mines',
  'down the pit',
  'at the office',
  'at the shop',
  'in the shop',
  'in the army',
  'in the navy',
  'at boarding school',
  'at the mill',
  'at the docks',
  'on the docks',
  'at the market',
  'at the station',
  'in the city',
  'in town',
  'abroad',
  'at sea',
  'in the fields',
  'at the hospital',
  'at the bakery',
];

/** French feelings: a word start (normalised) and the phrase that names it back; `heavy` ones call for a sober reply. */
export const FR_FEELINGS: readonly { pattern: RegExp; phrase: string; heavy: boolean }[] = [
  { pattern: /\b(heureu(x|se|ses)|bonheur)\b/, phrase: 'ce bonheur', heavy: false },
  { pattern: /\b(joie|joyeu\w*|content(e|s|es)?|ravie?s?)\b/, phrase: 'cette joie', heavy: false },
  { pattern: /\b(triste(s|sse)?)\b/, phrase: 'cette tristesse', heavy: true },
  { pattern: /\bchagrin\b/, phrase: 'ce chagrin', heavy: true },
  { pattern: /\b(peur|effray\w*|terrifi\w*|terreur)\b/, phrase: 'cette peur', heavy: true },
  { pattern: /\bangoiss\w*/, phrase: 'cette angoisse', heavy: true },
  { pattern: /\b(fier|fiere|fiers|fieres|fierte)\b/, phrase: 'cette fierté', heavy: false },
  { pattern: /\b(colere|furieu\w*|en rage)\b/, phrase: 'cette colère', heavy: true },
  { pattern: /\bhonte\b/, phrase: 'cette honte', heavy: true },
  { pattern: /\b(emue?s?|emotion\w*|bouleverse\w*)\b/, phrase: 'cette émotion', heavy: false },
  { pattern: /\bnostalgi\w*/, phrase: 'cette nostalgie', heavy: false },
  { pattern: /\bsoulag\w*/, phrase: 'ce soulagement', heavy: false },
  { pattern: /\binquie(t|te|ts|tes|tude)\b/, phrase: 'cette inquiétude', heavy: true },
  { pattern: /\b(pleur\w*|larmes?)\b/, phrase: 'ces larmes', heavy: true },
  {
    pattern: /\b(fous? rires?|rigol\w*|on a (bien )?ri|nous avons (bien )?ri)\b/,
    phrase: 'ces rires',
    heavy: false,
  },
  {
    pattern: /\b(solitude|(sentais|sentait|sentions) (si |tres |bien )?seule?s?)\b/,
    phrase: 'cette solitude',
    heavy: true,
  },
  { pattern: /\b(me|nous) manqu\w*/, phrase: 'ce manque', heavy: true },
  { pattern: /\bemerveill\w*/, phrase: 'cet émerveillement', heavy: false },
  { pattern: /\btimid\w*/, phrase: 'cette timidité', heavy: false },
  { pattern: /\bregret\w*/, phrase: 'ce regret', heavy: true },
  { pattern: /\bdesespo\w*/, phrase: 'ce désespoir', heavy: true },
  { pattern: /\b(espoir|esperance)\b/, phrase: 'cet espoir', heavy: false },
  { pattern: /\breconnaissan\w*/, phrase: 'cette reconnaissance', heavy: false },
  { pattern: /\bliberte\b/, phrase: 'ce sentiment de liberté', heavy: false },
  { pattern: /\bamoureu\w*/, phrase: 'ces sentiments amoureux', heavy: false },
];

export const EN_FEELINGS: readonly { pattern: RegExp; phrase: string; heavy: boolean }[] = [
  { pattern: /\b(happy|happiness|happiest)\b/, phrase: 'that happiness', heavy: false },
  { pattern: /\b(joy|joyful|delighted)\b/, phrase: 'that joy', heavy: false },
  { pattern: /\b(sad|sadness|saddest)\b/, phrase: 'that sadness', heavy: true },
  { pattern: /\b(grief|grieving|heartbroken)\b/, phrase: 'that grief', heavy: true },
  { pattern: /\b(afraid|scared|fear|frightened|terrified)\b/, phrase: 'that fear', heavy: true },
  { pattern: /\b(anxious|anxiety)\b/, phrase: 'that anxiety', heavy: true },
  { pattern: /\b(proud|pride)\b/, phrase: 'that pride', heavy: false },
  { pattern: /\b(angry|anger|furious)\b/, phrase: 'that anger', heavy: true },
  { pattern: /\b(ashamed|shame)\b/, phrase: 'that shame', heavy: true },
  {
    pattern: /\b((so|deeply|very|quite) moved|emotional|emotion)\b/,
    phrase: 'that emotion',
    heavy: false,
  },
  { pattern: /\bnostalgi\w*/, phrase: 'that nostalgia', heavy: false },
  { pattern: /\b(relief|relieved)\b/, phrase: 'that relief', heavy: false },
  { pattern: /\b(worried|worry|worries)\b/, phrase: 'that worry', heavy: true },
  { pattern: /\b(cried|cry|crying|tears)\b/, phrase: 'those tears', heavy: true },
  { pattern: /\b(laughed|laughing|laughter)\b/, phrase: 'that laughter', heavy: false },
  { pattern: /\b(lonely|loneliness|alone)\b/, phrase: 'that loneliness', heavy: true },
  { pattern: /\bhomesick\w*/, phrase: 'that homesickness', heavy: true },
  { pattern: /\b(i|we) (still )?miss(ed)?\b/, phrase: 'that longing', heavy: true },
  { pattern: /\b(wonder|amazed|amazement)\b/, phrase: 'that wonder', heavy: false },
  { pattern: /\b(shy|shyness)\b/, phrase: 'that shyness', heavy: false },
  { pattern: /\bregret\w*/, phrase: 'that regret', heavy: true },
  { pattern: /\bdespair\w*/, phrase: 'that despair', heavy: true },
  { pattern: /\b(hope|hopeful)\b/, phrase: 'that hope', heavy: false },
  { pattern: /\b(grateful|gratitude)\b/, phrase: 'that gratitude', heavy: false },
  { pattern: /\bfreedom\b/, phrase: 'that sense of freedom', heavy: false },
  { pattern: /\bin love\b/, phrase: 'those feelings of love', heavy: false },
];

/** French sense nouns and their gender, to rebuild "l'odeur du pain" or "cette chanson". */
// A table: one line per entry reads better than one line per word.
// prettier-ignore
export const FR_SENSES: Record<string, Gender> = {
  odeur: 'f', odeurs: 'pl', parfum: 'm', parfums: 'pl', senteur: 'f', senteurs: 'pl', 
  saveur: 'f', saveurs: 'pl', bruit: 'm', bruits: 'pl', chant: 'm', chants: 'pl', chanson: 'f', chansons: 'pl',
  musique: 'f', mélodie: 'f', voix: 'f', couleur: 'f', couleurs: 'pl', 'lumière': 'f', 'lumières': 'pl', cloches: 'pl',
};

// A table: one line per entry reads better than one line per word.
// prettier-ignore
export const EN_SENSES: readonly string[] = [
  'smell', 'smells', 'scent', 'scents', 'taste', 'tastes', 'flavour', 'flavours', 'flavor', 'flavors', 'sound', 'sounds',
  'noise', 'noises', 'song', 'songs', 'music', 'voice', 'voices', 'colour', 'colours', 'color', 'colors', 'light', 'bells',
];

/** Words that say a memory is painful: the acknowledgement stays sober. */
export const HEAVY_WORDS_FR =
  /\b(mort|morte|morts|deces|decede\w*|enterrement|maladie|malade|cancer|guerre|perdu\w*|deuil|orphelin\w*|accident|deporte\w*|prison|divorc\w*|fausse couche|bombard\w*|tue\w*|souffert|souffrance)\b/;
export const HEAVY_WORDS_EN =
  /\b(died|dead|death|funeral|illness|ill|cancer|war|lost|grief|orphan\w*|accident|deported|prison|divorce\w*|miscarriage|bomb\w*|killed|suffered|suffering)\b/;

export const FR_NUMBER_WORDS: Record<string, number> = {
  cinq: 5,
  six: 6,
  sept: 7,
  huit: 8,
  neuf: 9,
  dix: 10,
  onze: 11,
  douze: 12,
  treize: 13,
  quatorze: 14,
  quinze: 15,
  seize: 16,
  'dix-sept': 17,
  'dix-huit': 18,
  'dix-neuf': 19,
  vingt: 20,
  trente: 30,
  quarante: 40,
  cinquante: 50,
  soixante: 60,
  'soixante-dix': 70,
};

export const EN_NUMBER_WORDS: Record<string, number> = {
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
};

export const FR_DECADE_WORDS: Record<string, number> = {
  vingt: 1920,
  trente: 1930,
  quarante: 1940,
  cinquante: 1950,
  soixante: 1960,
  'soixante-dix': 1970,
  'quatre-vingt': 1980,
  'quatre-vingts': 1980,
  'quatre-vingt-dix': 1990,
};

export const EN_DECADE_WORDS: Record<string, number> = {
  twenties: 1920,
  thirties: 1930,
  forties: 1940,
  fifties: 1950,
  sixties: 1960,
  seventies: 1970,
  eighties: 1980,
  nineties: 1990,
};

/** Moments of history said as such ("pendant la guerre"): followed up as times. */
export const FR_EVENTS =
  /(?<![\p{L}])((?:pendant|après|avant|sous|à|au moment de) (?:la (?:seconde |deuxième |première )?guerre(?: mondiale| d'Algérie| d'Indochine)?|l'Occupation|l'occupation|la Libération|la libération|l'exode|l'Exode|la débâcle|la déclaration de guerre)|en [Mm]ai 68|en 68)(?![\p{L}])/u;
export const EN_EVENTS =
  /(?<![\p{L}])((?:during|after|before|in) the (?:war|Blitz|blitz|evacuation|Depression|depression|Second World War|First World War|Great War)|on VE [Dd]ay|in the [Bb]lackout)(?![\p{L}])/u;
