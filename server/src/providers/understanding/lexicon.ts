// Small lists of common words that tell what a name is, from the words said around it: « notre chien
// Fanfan », « l'usine Berliet », « un verre de Chartreuse », « l'école Jules-Ferry », "at Marks and Spencer".
// Only common nouns, titles and verbs: never names, so the rules hold for any name she says.
import type { Language } from '../interviewer/types.ts';

/** Animals a family keeps or works with (normalised, no accents). */
// A word list: one paragraph per language reads better than one line per word.
// prettier-ignore
export const ANIMAL_NOUNS: Record<Language, readonly string[]> = {
  fr: [
    'chien', 'chienne', 'chiens', 'chiot', 'chat', 'chatte', 'chats', 'chaton', 'minou', 'toutou', 'cheval', 'chevaux',
    'jument', 'poulain', 'poney', 'ane', 'anesse', 'mule', 'mulet', 'vache', 'vaches', 'veau', 'boeuf', 'taureau',
    'chevre', 'bouc', 'mouton', 'brebis', 'cochon', 'truie', 'lapin', 'lapine', 'poule', 'coq', 'canard', 'oie',
    'perroquet', 'perruche', 'canari', 'oiseau', 'tortue', 'hamster', 'cobaye', 'poisson', 'bete', 'animal',
    'poneys', 'juments', 'poulains', 'anes', 'chattes', 'chiennes', 'chiots', 'chatons', 'lapins', 'poules', 'canards',
    'oies', 'moutons', 'cochons', 'chevres', 'oiseaux', 'betes', 'animaux',
  ],
  en: [
    'dog', 'dogs', 'puppy', 'pup', 'cat', 'cats', 'kitten', 'kitty', 'horse', 'horses', 'mare', 'pony', 'foal',
    'donkey', 'mule', 'cow', 'cows', 'calf', 'bull', 'goat', 'sheep', 'lamb', 'pig', 'sow', 'rabbit', 'bunny', 'hen',
    'chicken', 'rooster', 'duck', 'goose', 'parrot', 'budgie', 'budgerigar', 'canary', 'bird', 'tortoise', 'hamster',
    'guinea pig', 'goldfish', 'pet', 'terrier', 'spaniel', 'collie', 'labrador', 'alsatian',
    'ponies', 'mares', 'foals', 'puppies', 'kittens', 'donkeys', 'mules', 'goats', 'pigs', 'rabbits', 'hens', 'ducks',
    'geese', 'birds', 'pets', 'animals', 'animal',
  ],
};

/** Verbs said of animals, right after their name: « Fanfan aboyait », "Rex barked". */
export const ANIMAL_VERBS: Record<Language, RegExp> = {
  fr: /^\s*(?:aboy\w*|miaul\w*|ronronn\w*|hennis\w*|remuait la queue|mordait|jappait|gambadait)/u,
  en: /^\s*(?:bark\w*|miaow\w*|meow\w*|purr\w*|neigh\w*|wagg\w*|wag\w*|fetch\w*)/u,
};

/** Nouns that put a firm, a shop or a works before its name: « l'usine Berliet », « les établissements X ». */
// prettier-ignore
export const FIRM_NOUNS: Record<Language, readonly string[]> = {
  fr: [
    'usine', 'usines', 'entreprise', 'societe', 'maison', 'etablissements', 'ets', 'magasin', 'magasins', 'grands magasins',
    'boutique', 'atelier', 'ateliers', 'manufacture', 'filature', 'fabrique', 'firme', 'marque', 'compagnie', 'banque',
    'garage', 'epicerie', 'boulangerie', 'boucherie', 'quincaillerie', 'imprimerie', 'chantier', 'chantiers',
    'mine', 'mines', 'puits', 'cafe', 'restaurant', 'hotel', 'bar', 'brasserie', 'journal', 'laboratoire', 'labo',
    'cabinet', 'agence', 'cooperative', 'supermarche', 'hypermarche',
  ],
  en: [
    'factory', 'works', 'mill', 'mills', 'firm', 'company', 'shop', 'store', 'stores', 'department store', 'bank',
    'garage', 'bakery', 'brewery', 'shipyard', 'yard', 'pit', 'colliery', 'mine', 'cafe', 'restaurant', 'hotel', 'pub',
    'newspaper', 'office', 'plant', 'warehouse', 'supermarket',
  ],
};

/** Verbs of work after which « chez X » / "at X" / "for X" names an employer: « travailler chez », "worked at". */
export const WORK_VERBS: Record<Language, RegExp> = {
  fr: /(?:travaill\w*|embauch\w*|employ\w*|engag\w*|entr[eé]\w*|bossai\w*|boss[eé]\w*|rentr[eé]\w*|stage|apprentissage|carri[eè]re|retraite|licenci\w*|vendeuse|vendeur|ouvri[eè]re?|emploi|poste|place)\s+(?:\p{L}+\s+){0,3}$/u,
  en: /(?:work\w*|employ\w*|hired|job|joined|apprentice\w*|started|retired from|shop at|shopping at|shopped at|served at)\s+(?:\p{L}+\s+){0,2}$/u,
};

/** Nouns of schools: « l'école Jules-Ferry », « le lycée Ampère », "St Mary's School". */
// prettier-ignore
export const SCHOOL_NOUNS: Record<Language, readonly string[]> = {
  fr: ['ecole', 'lycee', 'college', 'pensionnat', 'institution', 'cours', 'conservatoire', 'faculte', 'fac', 'universite', 'institut'],
  en: ['school', 'college', 'academy', 'grammar', 'high school', 'university', 'convent', 'institute', 'polytechnic'],
};

/** Containers and verbs of food and drink before a name: « un verre de », « on buvait », "a pint of". */
export const FOOD_BEFORE: Record<Language, RegExp> = {
  fr: /(?:verre|verres|bouteille|bouteilles|goutte|gouttes|tasse|bol|boite|paquet|tablette|carre|morceau|part|plaque|canette|litre|pot|petit|petite|doigt|larme|tournee)\s+(?:de|d')\s*$|(?:bu|buvait|buvais|buvions|buvaient|boire|bois|boit|servait|servais|servir|servi|offrait|offert|gouter|goutait|mangeait|mangeais|manger|mange|prenait|prenais|commandait|commande|sirotait|trinquer|trinquait)\s+(?:(?:un|une|du|de la|de l'|des|le|la|les|sa|son|ses|notre|leur|petit|petite|bon|bonne)\s+)*$/u,
  en: /(?:glass|glasses|bottle|bottles|pint|pints|cup|mug|tin|packet|bar|slice|drop|shot|tot|nip|can|box)\s+of\s+$|(?:drank|drink|drinking|drinks|served|serve|serving|poured|pour|sipped|ate|eat|eating|had a|have a|ordered|bought a)\s+(?:(?:a|an|the|some|his|her|their|our|little|nice)\s+)*$/u,
};

/** A name followed by these is food or drink: « une Chartreuse verte », "a Guinness". */
export const FOOD_AFTER: Record<Language, RegExp> = {
  fr: /^\s*(?:bien fra[iî]che?|glac[ée]e?|verte|jaune|maison|en digestif|en ap[ée]ritif|au dessert)\b/u,
  en: /^\s*(?:on ice|with ice|as a nightcap)\b/u,
};

/** Person titles and the words that call a person by them, lower case: « mademoiselle Perrin ». */
export const PERSON_TITLES: Record<Language, readonly string[]> = {
  fr: [
    'monsieur',
    'madame',
    'mademoiselle',
    'm.',
    'mme',
    'mlle',
    'docteur',
    'maitre',
    'abbe',
    'cure',
    'pere',
    'soeur',
    'frere',
    'tante',
    'oncle',
    'tonton',
    'tata',
    'cousin',
    'cousine',
    'general',
    'capitaine',
    'sergent',
    'commandant',
    'professeur',
    'pasteur',
  ],
  en: [
    'mr',
    'mrs',
    'ms',
    'miss',
    'dr',
    'doctor',
    'father',
    'sister',
    'brother',
    'aunt',
    'auntie',
    'uncle',
    'cousin',
    'nurse',
    'captain',
    'sergeant',
    'major',
    'reverend',
    'rev',
    'sir',
    'lady',
    'lord',
    'professor',
  ],
};

/** Nouns of a role a person holds, said before or after her name: « la maîtresse, madame Grosjean ». */
// prettier-ignore
export const PERSON_ROLES: Record<Language, readonly string[]> = {
  fr: [
    'maitresse', 'maitre', 'institutrice', 'instituteur', 'directrice', 'directeur', 'patron', 'patronne', 'chef',
    'contremaitre', 'contremaitresse', 'professeur', 'prof', 'docteur', 'medecin', 'cure', 'pretre', 'pasteur',
    'religieuse', 'bonne soeur', 'voisin', 'voisine', 'ami', 'amie', 'copain', 'copine', 'collegue', 'camarade',
    'fiance', 'fiancee', 'mari', 'femme', 'epoux', 'epouse', 'nourrice', 'marraine', 'parrain', 'facteur', 'maire',
    'boulanger', 'boulangere', 'epicier', 'epiciere', 'sage-femme', 'infirmiere', 'infirmier',
  ],
  en: [
    'teacher', 'headmistress', 'headmaster', 'head', 'boss', 'foreman', 'manager', 'doctor', 'vicar', 'priest', 'nun',
    'minister', 'neighbour', 'neighbor', 'friend', 'colleague', 'husband', 'wife', 'fiance', 'fiancee', 'nanny',
    'godmother', 'godfather', 'postman', 'landlady', 'landlord', 'midwife', 'nurse', 'sweetheart', 'boyfriend',
    'girlfriend',
  ],
};

/** Verbs whose object is a person: « j'ai épousé Robert », "I met Tom". */
export const PERSON_VERBS: Record<Language, RegExp> = {
  fr: /(?:[ée]pous[ée]\w*|[ée]pouser|mari[ée]e?s?\s+avec|rencontr[ée]\w*|rencontrer|connu|aim[ée]\w*\s+beaucoup|embrass\w*|fianc[ée]\w*\s+avec|dansais\s+avec|dans[ée]\s+avec|sortais\s+avec|sorti\w*\s+avec|appel[ée]\w*|t[ée]l[ée]phon\w*\s+[àa]|[ée]crit\s+[àa]|[ée]crivais\s+[àa]|parlais\s+[àa]|disait\s+[àa])\s+$/u,
  en: /(?:married|marry|met|meet|kissed|engaged to|dating|danced with|went out with|wrote to|phoned|called|rang|told|asked)\s+$/u,
};

/** Verbs of speech or feeling after a name that only a person does: « Robert disait », "Tom said". */
export const PERSON_AFTER: Record<Language, RegExp> = {
  fr: /^\s*(?:m['’]a\s+(?:dit|appris|demand[ée]e?|[ée]pous[ée]e?)|disait|a dit|racontait|chantait|riait|pleurait|souriait|[ée]tait\s+(?:n[ée]e?|mort|morte|veuve?|mari[ée]e?|enceinte|institutrice|instituteur|ma|mon|une femme|un homme|gentil|gentille|s[ée]v[èe]re))/u,
  en: /^\s*(?:said|told me|used to say|laughed|cried|smiled|was born|died|passed away|was my|was a (?:kind|lovely|strict)|married)/u,
};

/** Determiners that make a capitalised word a thing, not a person: « une Peugeot », « du Ricard ». */
export const THING_DETERMINERS: Record<Language, RegExp> = {
  fr: /(?:^|\s)(?:un|une|du|des|la|le|les|l'|ma|mon|sa|son|notre|leur|cette|ce|cet|sa petite|son petit|sa vieille|son vieux|sa belle|son beau)\s+$/u,
  en: /(?:^|\s)(?:a|an|the|some|that|this)\s+$/u,
};

/** Words of events: « la fête de », « le bal », « la guerre », "the wedding". */
// prettier-ignore
export const EVENT_NOUNS: Record<Language, readonly string[]> = {
  fr: ['fete', 'bal', 'guerre', 'mariage', 'noces', 'bapteme', 'communion', 'kermesse', 'foire', 'pardon', 'carnaval', 'festival', 'exposition', 'greve', 'liberation', 'exode', 'enterrement'],
  en: ['fair', 'fete', 'dance', 'war', 'wedding', 'christening', 'funeral', 'festival', 'carnival', 'strike', 'blitz', 'jubilee', 'coronation', 'show'],
};

/** Negation words of a clause. */
export const NEGATION: Record<Language, RegExp> = {
  fr: /(?:^|[^\p{L}])(?:pas|jamais|aucune?|nulle\s+part|ni)(?![\p{L}])/u,
  en: /(?:^|[^\p{L}])(?:not|never|no\s+longer|nowhere)(?![\p{L}])|n['’]t(?![\p{L}])/u,
};

/**
 * Words that open a new clause with its own truth: « mais à Lyon », "but in Leeds", and a first-person
 * subject said again, with or without a comma (speech has none): « on habitait pas à X on habitait à Y ».
 * The subject stays in the new clause (a lookahead), so `subjectAt` still sees it.
 */
export const CLAUSE_BREAK: Record<Language, RegExp> = {
  fr: /[.;!?…\n]|(?:^|[^\p{L}])(?:mais|plut[oô]t|par contre|en revanche|alors que|tandis que|et puis)(?![\p{L}])|[,\s](?=(?:on|nous|je)\s|j['’])/giu,
  en: /[.;!?…\n]|(?:^|[^\p{L}])(?:but|rather|instead|whereas|while|and then)(?![\p{L}])|[,\s](?=(?:we|i)\s)/giu,
};

/** First-person subjects: the clause is about her (« on » and « nous » included: her household). */
export const SELF_SUBJECT: Record<Language, RegExp> = {
  fr: /^(?:je|j['’]|on|nous|moi|mon mari et moi|ma femme et moi|n[ée]e?|toute ma vie|[àa] l['’][âa]ge|quand j|lorsque j)/u,
  en: /^(?:i|i['’]\w+|we|me|my husband and i|my wife and i|us|born|all my life)(?![\p{L}])/u,
};

/**
 * Other people as subjects, outside her household: « ma petite-fille travaille à Grenoble », « mon frère
 * vivait à Lyon », someone who lives or works there now ("my son lives in Leeds"). Her parents and her
 * husband are her household: where they lived, she lived.
 */
export const OTHER_SUBJECT: Record<Language, RegExp> = {
  fr: /^(?:(?:mon|ma|mes|notre|nos|son|sa|ses|leur|leurs)\s+(?:fille|fils|filles|enfants|petite-fille|petit-fils|petits-enfants|petites-filles|arriere-petit[\p{L}-]*|neveu|niece|neveux|nieces|cousin|cousine|cousins|cousines|ami|amie|amis|amies|voisin|voisine|voisins|voisines|frere|soeur|freres|soeurs|belle-fille|gendre|bru|collegue|collegues)(?![\p{L}-])|(?:il|elle|ils|elles|[\p{L}-]+)\s+(?:y\s+)?(?:habite|vit|travaille|habitent|vivent|travaillent|est installee?|sont installes)(?![\p{L}]))/u,
  en: /^(?:(?:my|our|his|her|their)\s+(?:daughter|son|daughters|sons|children|kids|granddaughter|grandson|grandchildren|grandkids|nephew|niece|nephews|nieces|cousin|cousins|friend|friends|neighbour|neighbor|neighbours|neighbors|brother|sister|brothers|sisters|son-in-law|daughter-in-law|colleague|colleagues)(?![\p{L}-])|(?:he|she|they|[\p{L}-]+)\s+(?:now\s+)?(?:lives|works|live|work)(?![\p{L}]))/u,
};

/** « ma mère et moi », "my sister and I": she is in the subject. */
export const SELF_IN_SUBJECT: Record<Language, RegExp> = {
  fr: /(?:^|[^\p{L}])(?:et moi|moi et|avec moi)(?![\p{L}])/u,
  en: /(?:^|[^\p{L}])(?:and i|and me|me and|with me)(?![\p{L}])/u,
};

/** Markers of a self-correction: « … non, », « enfin non », « pardon », "no, sorry", "I mean". */
export const CORRECTION_MARKER: Record<Language, string> = {
  fr: "(?:(?:euh|heu|ah|enfin|mais)\\s+)?(?:non|pardon|je veux dire|je me trompe|je dis des b[eê]tises|attendez|attends)(?:\\s*,?\\s*(?:non|pardon|c['’][ée]tait|je veux dire|plut[oô]t))*",
  en: '(?:(?:uh|um|er|oh)\\s+)?(?:no|sorry|i mean|wait|hang on|rather)(?:\\s*,?\\s*(?:no|sorry|i mean|wait|it was|rather))*',
};

/**
 * Words said before a name that give an animal its name: « mon poney, il s'appelait Pompon », "mine was
 * called Captain".
 */
export const NAMING_BEFORE: Record<Language, RegExp> = {
  fr: /(?:s'appel\w+|nomm\w+|prenomm\w+|baptis\w+|on l'appelait|on les appelait|on l'avait appele\w*)\s*,?\s*$/u,
  en: /(?:called|named|we called (?:him|her|it|them)|was called|went by)\s*,?\s*$/u,
};

/**
 * Fillers of speech that recognition or a truecaser may write with a capital (« euh Ben moi… »): never a
 * name, unless a title or a relation says so (« mon cousin Ben »). English "Ben" is a name: the lists are
 * per language.
 */
// prettier-ignore
export const FILLERS: Record<Language, readonly string[]> = {
  fr: ['ben', 'bah', 'beh', 'be', 'euh', 'heu', 'hein', 'ouais', 'bof', 'voila', 'ah', 'oh', 'eh', 'hmm', 'hum', 'boh', 'pff', 'bon', 'quoi'],
  en: ['well', 'um', 'umm', 'er', 'erm', 'uh', 'uhm', 'like', 'oh', 'ah', 'yeah', 'aye', 'hmm', 'eh', 'oi'],
};

/** Words of grammar that a sentence opens with and that are nobody's name (« Le », "The", "Mine"). */
// prettier-ignore
export const FUNCTION_WORDS: Record<Language, readonly string[]> = {
  fr: [
    'le', 'la', 'les', 'l', 'un', 'une', 'des', 'du', 'de', 'je', 'j', 'tu', 'il', 'elle', 'on', 'nous', 'vous', 'ils', 'elles',
    'mon', 'ma', 'mes', 'ton', 'ta', 'tes', 'notre', 'nos', 'son', 'sa', 'ses', 'leur', 'leurs', 'ce', 'cet', 'cette', 'ces',
    'et', 'mais', 'ou', 'donc', 'puis', 'alors', 'quand', 'c', 'ca', 'cela', 'y', 'moi', 'toi', 'lui', 'eux', 'oui', 'non',
  ],
  en: [
    'the', 'a', 'an', 'i', 'we', 'you', 'he', 'she', 'they', 'it', 'my', 'our', 'your', 'his', 'her', 'their', 'mine',
    'ours', 'this', 'that', 'these', 'those', 'and', 'but', 'or', 'so', 'then', 'when', 'if', 'there', 'here', 'me', 'us',
    'them', 'yes', 'no',
  ],
};
