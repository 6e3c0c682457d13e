// Chapters told by older people (childhood, work, love, the war years, and one in English) and the writer-test builders.
import type {
  Language,
  ProfileAnswer,
  SummaryOptions,
  TranscriptMessage,
  WriterInput,
} from '../../../src/providers/writer/types.ts';

export function assistant(content: string, theme: string | null = null): TranscriptMessage {
  return { type: 'assistant', content, questionId: theme ? `${theme}.q` : null, theme };
}

export function user(content: string): TranscriptMessage {
  return { type: 'user', content };
}

/** French typography puts no-break spaces before "?" and ":"; tests compare plain text. */
export function plain(text: string): string {
  return text.replace(/[\u00A0\u202F]/g, ' ').replace(/’/g, "'");
}

export const OPTIONS: SummaryOptions = {
  style: null,
  perspective: 'premiere',
  comment: null,
  usePreviousSummary: true,
};

export function input(
  overrides: Partial<Omit<WriterInput, 'options'>> & { options?: Partial<SummaryOptions> } = {},
): WriterInput {
  const { options, ...rest } = overrides;
  return {
    language: 'fr',
    personName: 'Jeanne Martin',
    profile: [],
    transcript: CHILDHOOD.transcript,
    previousSummary: null,
    doTitle: true,
    doKeywords: true,
    doSummary: true,
    ...rest,
    options: { ...OPTIONS, ...options },
  };
}

export interface Chapter {
  name: string;
  language: Language;
  personName: string | null;
  profile: ProfileAnswer[];
  transcript: TranscriptMessage[];
}

export const CHILDHOOD: Chapter = {
  name: 'childhood in Douarnenez',
  language: 'fr',
  personName: 'Jeanne Martin',
  profile: [
    {
      questionId: 'birth',
      question: 'Votre année et votre lieu de naissance',
      answer: '1941, à Quimper',
    },
  ],
  transcript: [
    assistant('Bonjour Jeanne ! Parlez-moi de la maison de votre enfance.', 'childhood'),
    user(
      "euh ben c'était une petite maison de pêcheur à Douarnenez, avec une grande cuisine et deux chambres sous le toit. Ma grand-mère Louise vivait avec nous",
    ),
    assistant('Comment était votre grand-mère Louise ?'),
    user(
      'elle était toute petite, toujours en coiffe, et elle chantait en breton en faisant les crêpes le vendredi quoi',
    ),
    assistant('Et votre père, que faisait-il ?'),
    user(
      'Mon père partait en mer toute la semaine. Quand il rentrait le samedi, ça sentait le goudron et le poisson, et il me rapportait un coquillage',
    ),
    assistant("Parlons de l'école. Qui était votre institutrice ?", 'school'),
    user(
      "Mademoiselle Le Gall, à l'école des filles. Elle était sévère mais juste, et elle nous lisait des contes le samedi après-midi.",
    ),
    assistant('Étiez-vous une élève sage ?'),
    user('oui'),
    user(
      "Moi j'étais plutôt sage, j'avais trop peur de décevoir mes parents. En fait, je je voulais déjà être institutrice à la maison de pêcheur.",
    ),
    assistant("Et l'amour, comment est-il arrivé ?", 'love'),
    user(
      "Au bal de Pont-l'Abbé. C'est là que j'ai rencontré Jean, en 1962 : il dansait très mal, mais il me faisait tellement rire.",
    ),
    assistant('Et ensuite ?'),
    user(
      'À vingt-deux ans, je me suis mariée avec Jean. Nous sommes partis vivre à Brest, dans un petit deux-pièces. Je suis née en 1941 à Quimper, vous savez.',
    ),
  ],
};

export const WORK: Chapter = {
  name: 'work at the factory',
  language: 'fr',
  personName: 'Marcel Duval',
  profile: [
    {
      questionId: 'work',
      question: 'Votre vie professionnelle',
      answer: 'Ajusteur puis contremaître',
    },
  ],
  transcript: [
    assistant('Parlez-moi de votre premier travail.', 'work'),
    user(
      "Bah je suis entré à l'usine à quatorze ans, en 1952, chez Manufrance à Saint-Étienne. Euh j'étais apprenti ajusteur, et le le contremaître, Monsieur Rivière, il il gueulait tout le temps, voilà quoi.",
    ),
    assistant('Comment se passaient vos journées ?'),
    user(
      'On commençait à six heures. Je prenais le tram avec mon copain Lucien. En fait, on faisait des fusils de chasse et des bicyclettes, hein, et moi je limais des pièces toute la journée.',
    ),
    assistant('Étiez-vous fier de ce métier ?'),
    user('bof'),
    user(
      "Oui, j'étais content, on était bien payés pour l'époque. En 1968 je suis devenu contremaître à mon tour. Je me souviens de la grève, les ateliers étaient vides.",
    ),
    assistant('Et vos collègues ?', 'friendship'),
    user(
      'On était une bande de copains. Le vendredi on allait boire un canon au café en face, chez Dédé. Lucien, il chantait des chansons de Brassens.',
    ),
  ],
};

export const LOVE: Chapter = {
  name: 'meeting Lucien at the ball',
  language: 'fr',
  personName: 'Odette Bernard',
  profile: [
    {
      questionId: 'name_use',
      question: 'Comment souhaitez-vous que je vous appelle ?',
      answer: 'Madame, suivi de mon nom',
    },
  ],
  transcript: [
    assistant('Comment avez-vous rencontré votre mari ?', 'love'),
    user(
      "C'était au bal du 14 juillet 1955, à Montluçon. J'avais dix-neuf ans. Lucien portait un costume gris, euh, trop grand pour lui.",
    ),
    assistant("Qu'avez-vous ressenti ?"),
    user(
      "J'ai eu le coup de foudre, tout de suite. Il m'a invitée à danser une valse et il m'a marché sur les pieds !",
    ),
    assistant('Et ensuite ?'),
    user(
      "Nous nous sommes mariés en 1957 à l'église Saint-Pierre. Ma mère avait cousu ma robe elle-même. Je garde encore la photo dans ma chambre.",
    ),
    assistant('Où avez-vous vécu ?', 'homes'),
    user(
      'À Vichy, dans un appartement au troisième étage. Je travaillais comme vendeuse aux Nouvelles Galeries et lui était cheminot.',
    ),
  ],
};

export const WAR: Chapter = {
  name: 'the war years in Lorient',
  language: 'fr',
  personName: 'Henri Le Floch',
  profile: [
    {
      questionId: 'birth',
      question: 'Votre année et votre lieu de naissance',
      answer: 'Né en 1934 à Lorient',
    },
  ],
  transcript: [
    assistant('Quels souvenirs gardez-vous de la guerre ?', 'history'),
    user(
      "J'avais six ans quand les Allemands sont arrivés à Lorient, en 1940. Je me souviens des camions dans la rue, euh, et du bruit des bottes.",
    ),
    assistant('Comment viviez-vous ?'),
    user(
      'Mon père était dans la Résistance mais on ne le savait pas. Ma mère faisait la queue avec les tickets de rationnement. On mangeait des rutabagas, des rutabagas, toujours des rutabagas.',
    ),
    assistant('Et les bombardements ?'),
    user(
      "En 1943 la ville a été bombardée. On a été évacués à Pontivy chez ma tante Marie. J'ai perdu mon chien Pataud, je ne l'ai jamais revu.",
    ),
    assistant('Comment avez-vous vécu la Libération ?'),
    user('je ne sais plus'),
    user(
      'Les Américains sont arrivés en 1945, je crois. Ils nous donnaient du chocolat et du chewing-gum. Je suis resté fier de mon père toute ma vie.',
    ),
  ],
};

export const ENGLISH: Chapter = {
  name: 'growing up in Leeds',
  language: 'en',
  personName: 'Margaret Hill',
  profile: [{ questionId: 'birth', question: 'Year and place of birth', answer: '1946, in Leeds' }],
  transcript: [
    assistant('Tell me about the house you grew up in.', 'childhood'),
    user(
      'Um, we lived above the corner shop on Harehills Lane in Leeds. My dad ran the shop and, you know, my mum did the books.',
    ),
    assistant('What do you remember of the shop?'),
    user(
      'I was a little girl and I loved the smell of the sweets. Like, I used to sit on the counter and count the pennies. My brother Tom was always, uh, always teasing me.',
    ),
    assistant('Where did you go to school?', 'school'),
    user(
      'I went to Bankside Primary in 1951. Miss Dawson taught us to read. I remember I cried on the first day.',
    ),
    assistant('Did you like it?'),
    user('yes'),
  ],
};

/** The chapters every property runs over. */
export const CHAPTERS: Chapter[] = [CHILDHOOD, WORK, LOVE, WAR, ENGLISH];

export function chapterInput(chapter: Chapter, options: Partial<SummaryOptions> = {}): WriterInput {
  return {
    language: chapter.language,
    personName: chapter.personName,
    profile: chapter.profile,
    transcript: chapter.transcript,
    previousSummary: null,
    doTitle: true,
    doKeywords: true,
    doSummary: true,
    options: { ...OPTIONS, ...options },
  };
}
