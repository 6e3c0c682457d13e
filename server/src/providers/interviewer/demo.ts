// Prints a sample interview with the embedded interviewer and scripted answers: `npx tsx src/providers/interviewer/demo.ts [en]`.
import type { InterviewContext, Language, TranscriptMessage } from './types.ts';
import { EmbeddedInterviewer } from './embedded.ts';

const PROFILES: Record<Language, InterviewContext['profile']> = {
  fr: [
    {
      questionId: 'birth',
      question: 'Votre année et votre lieu de naissance',
      answer: '1941, à Quimper',
    },
    {
      questionId: 'family',
      question: 'Vos parents, vos frères et sœurs',
      answer: 'Mon père était pêcheur, ma mère couturière. Un frère, Yves.',
    },
    {
      questionId: 'children',
      question: 'Vos enfants et petits-enfants',
      answer: 'Deux filles, Anne et Sophie, et quatre petits-enfants',
    },
    {
      questionId: 'work',
      question: 'Votre vie professionnelle',
      answer: 'Institutrice pendant 35 ans',
    },
    {
      questionId: 'themes',
      question: 'Les thèmes que vous souhaitez raconter',
      answer: 'Enfance, École, Amour',
    },
    { questionId: 'audience', question: 'Pour qui est ce livre ?', answer: 'Mes petits-enfants' },
    {
      questionId: 'name_use',
      question: 'Comment souhaitez-vous que je vous appelle ?',
      answer: 'Par mon prénom, en me vouvoyant',
    },
  ],
  en: [
    { questionId: 'birth', question: 'Year and place of birth', answer: '1946, in Leeds' },
    { questionId: 'themes', question: 'Themes', answer: 'Childhood, School, Love' },
    { questionId: 'name_use', question: 'How should I address you?', answer: 'By my first name' },
  ],
};

const ANSWERS: Record<Language, string[]> = {
  fr: [
    "C'était une petite maison de pêcheur à Douarnenez, avec une grande cuisine et deux chambres sous le toit. Ma grand-mère Louise vivait avec nous.",
    'Elle était toute petite, toujours en coiffe, et elle chantait en breton en faisant les crêpes le vendredi.',
    'Mon père partait en mer toute la semaine. Quand il rentrait le samedi, ça sentait le goudron et le poisson, et il me rapportait un coquillage.',
    "Le samedi soir, sur le port. On l'attendait avec ma mère et mon frère Yves, et quand le bateau apparaissait, on courait sur le quai.",
    "Mademoiselle Le Gall, à l'école des filles. Elle était sévère mais juste, et elle nous lisait des contes le samedi après-midi.",
    "À aimer les livres, je crois. C'est grâce à elle que je suis devenue institutrice à mon tour.",
    "Au coin, avec le bonnet d'âne ! Moi j'étais plutôt sage, j'avais trop peur de décevoir mes parents.",
    "Mon père ne disait pas grand-chose, mais un seul regard suffisait. Ma mère, elle, voulait que je fasse des études, ce qui était rare pour une fille à l'époque.",
    "Ma meilleure amie s'appelait Annick. Le dimanche, on allait au bal ensemble à Pont-l'Abbé.",
    "La salle de bal derrière le café de la place. C'est là que j'ai rencontré Jean, en 1962 : il dansait très mal, mais il me faisait tellement rire.",
    "« Mademoiselle, vous dansez ? » Et il m'a marché sur les pieds toute la soirée !",
    'À vingt-deux ans, pour épouser Jean. Nous sommes partis vivre à Brest, dans un petit deux-pièces.',
  ],
  en: [
    'I remember my grandmother Edith, in Leeds. The kitchen always smelled of baking.',
    'She was tiny and strict, but she laughed a lot.',
    'Yes.',
    'On Sundays we went to chapel, then had a roast. My father worked at the mill.',
    'In 1953 I was scared during the floods; we had to leave the house.',
    "I don't remember.",
    'School was a mile away. Our teacher was Mrs Hargreaves.',
    'She was strict but fair, and she gave me a love of books.',
    'I loved arithmetic and dreaded needlework.',
    'I met Peter at a dance in the sixties. He was a terrible dancer!',
  ],
};

export async function runDemo(language: Language = 'fr'): Promise<string> {
  const interviewer = new EmbeddedInterviewer();
  const messages: TranscriptMessage[] = [];
  const ctx = (): InterviewContext => ({
    language,
    personName: language === 'fr' ? 'Marie Kerouac' : 'Margaret Hill',
    profile: PROFILES[language],
    earlierChapters: [],
    askedQuestionIds: [],
    messages: [...messages],
  });
  const labels =
    language === 'fr'
      ? { interviewer: 'BIOGRAPHE', person: 'PERSONNE' }
      : { interviewer: 'BIOGRAPHER', person: 'PERSON' };
  const lines: string[] = [];
  const opening = await interviewer.opening(ctx());
  messages.push({
    type: 'assistant',
    content: opening.content,
    questionId: opening.questionId,
    theme: opening.theme,
  });
  lines.push(
    `${labels.interviewer} [${opening.theme} · ${opening.questionId}]\n  ${opening.content}`,
  );
  for (const answer of ANSWERS[language]) {
    messages.push({ type: 'user', content: answer });
    lines.push(`${labels.person}\n  ${answer}`);
    const reply = await interviewer.reply(ctx());
    messages.push({
      type: 'assistant',
      content: reply.content,
      questionId: reply.questionId,
      theme: reply.theme,
    });
    lines.push(`${labels.interviewer} [${reply.theme} · ${reply.questionId}]\n  ${reply.content}`);
  }
  return lines.join('\n\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const language: Language = process.argv[2] === 'en' ? 'en' : 'fr';
  console.log(await runDemo(language));
}
