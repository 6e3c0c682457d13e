// Words that say nothing about a chapter, in French and English: the keyword weighting skips them.
import { normalize } from '../interviewer/text.ts';
import type { Language } from './types.ts';

// A word list: one paragraph per kind of word reads better than one line per word.
// prettier-ignore
const FRENCH = `
a à au aux avec ce ces cet cette ceci cela ça ca celui celle ceux celles chez dans de des du d en entre et
ou où par pour sans sous sur vers voici voilà le la les l un une uns unes qu que qui quoi dont lequel laquelle
je j me m moi tu te t toi il elle on nous vous ils elles se s soi lui leur leurs eux y
mon ma mes ton ta tes son sa ses notre nos votre vos mien mienne tien sien sienne
ne n pas plus jamais rien personne aucun aucune non oui si ni
mais donc or car puis alors ensuite après avant quand comme lorsque parce puisque tandis pendant depuis
très trop bien mal peu beaucoup assez tout tous toute toutes tant autant aussi encore déjà toujours souvent
parfois ici là là-bas ailleurs maintenant aujourd hier demain tard tôt vite enfin bref surtout même
autre autres chaque plusieurs quelque quelques certains certaines tel telle tels telles
être suis es est sommes êtes sont étais était étions étiez étaient été serai sera serons seront serais serait
soit sois fut
avoir ai as avons avez ont avais avait avions aviez avaient eu eue eus aurai aura aurait auraient aie ait
faire fais fait faisons faites font faisais faisait faisaient faire ferait
aller vais va allons allez vont allais allait allaient allé allée allés
dire dis dit disait disaient disais
pouvoir peux peut pouvait pouvais pu pourrait
vouloir veux veut voulait voulais voulu
savoir sais sait savait savais su
falloir faut fallait
voir vois voit voyait vu vue
venir viens vient venait venu venue
mettre mis met
prendre prend prenait pris
donner donnait donné
passer passait passé
rester restait resté
chose choses truc trucs machin fois façon manière moment moments gens monde coup genre espèce sorte
an ans année années jour jours temps côté fond bout part
oh ah euh ben bah hein bon voilà quoi ouais ok
deux trois quatre cinq six sept huit neuf dix
grand grande grands grandes petit petite petits petites bon bonne bons bonnes beau belle
premier première dernier dernière seul seule seuls
c est-ce n'est qu'il qu'elle
`;

// A word list: one paragraph per kind of word reads better than one line per word.
// prettier-ignore
const ENGLISH = `
a an the and or but nor so yet for of to in on at by with from about into onto over under up down out off
as than then there here where when while what which who whom whose why how that this these those
i me my mine myself you your yours he him his she her hers it its we us our ours they them their theirs
be am is are was were been being have has had having do does did done doing will would shall should can
could may might must ought get got gets getting go goes went gone going come came coming make made say said
says tell told know knew think thought see saw seen look looked want wanted take took put
not no yes never always often sometimes just only also too very really quite rather much many more most less
little lot lots some any every each all both either neither other others another such same own
again still already ever even back well now today yesterday tomorrow later soon once
one two three four five six seven eight nine ten first last
thing things stuff way time times day days year years bit kind sort people everything something nothing
anything everyone someone anyone
oh um uh er yeah okay ok like mean
don't didn't wasn't weren't couldn't wouldn't can't i'm i'd i've i'll it's that's there's we'd we'd
big small good great old new long
`;

/** Numbers said in words (« quinze », « dix-sept », "twenty-one"): a count is never what a chapter is about. */
// prettier-ignore
const NUMBER_WORDS = new Set(`
un une deux trois quatre cinq six sept huit neuf dix onze douze treize quatorze quinze seize vingt vingts trente
quarante cinquante soixante septante octante nonante cent cents mille et
deuxieme troisieme quatrieme cinquieme sixieme septieme huitieme neuvieme dixieme vingtaine trentaine quinzaine
one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen
nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred thousand second third fourth fifth sixth
seventh eighth ninth tenth dozen
`.split(/\s+/).filter(Boolean));

/** « quinze », « dix-sept », « quatre-vingt-dix », "twenty-one": numbers said in words. */
export function isNumberWord(word: string): boolean {
  const parts = normalize(word).split('-');
  return parts.every((p) => NUMBER_WORDS.has(p)) && parts.some((p) => p !== 'et');
}

const LISTS: Record<Language, Set<string>> = {
  fr: new Set(FRENCH.split(/\s+/).filter(Boolean).map(normalize)),
  en: new Set(ENGLISH.split(/\s+/).filter(Boolean).map(normalize)),
};

/** True for a word that carries no subject (either language: people mix them, and names are checked apart). */
export function isStopWord(word: string, language: Language): boolean {
  const norm = normalize(word).replace(/’/g, "'");
  const list = LISTS[language];
  const other = LISTS[language === 'fr' ? 'en' : 'fr'];
  if (list.has(norm) || isNumberWord(norm)) return true;
  // Elided forms: "l'école" is "école", "qu'il" is a stop word.
  const bare = norm.replace(/^(?:l|d|j|m|t|s|n|c|qu|jusqu|lorsqu|puisqu)'/, '');
  if (bare !== norm && list.has(bare)) return true;
  return language === 'fr' ? false : other.has(norm) && norm.length <= 3;
}
