// Prints a sample chapter written by the embedded writer in both perspectives: `npx tsx src/providers/writer/demo.ts [en] [style]`.
import type { Language, SummaryStyle, TranscriptMessage, WriterInput } from './types.ts';
import { SUMMARY_STYLES } from './types.ts';
import { EmbeddedWriter } from './embedded.ts';

const ask = (content: string, theme: string | null = null): TranscriptMessage => ({
  type: 'assistant',
  content,
  questionId: theme ? `${theme}.demo` : null,
  theme,
});
const say = (content: string): TranscriptMessage => ({ type: 'user', content });

const CHAPTERS: Record<Language, { personName: string; transcript: TranscriptMessage[] }> = {
  fr: {
    personName: 'Jeanne Martin',
    transcript: [
      ask('Bonjour Jeanne ! Parlez-moi de la maison de votre enfance.', 'childhood'),
      say(
        "euh ben c'était une petite maison de pêcheur à Douarnenez, avec une grande cuisine et deux chambres sous le toit. Ma grand-mère Louise vivait avec nous",
      ),
      ask('Comment était votre grand-mère Louise ?'),
      say(
        'elle était toute petite, toujours en coiffe, et elle chantait en breton en faisant les crêpes le vendredi quoi',
      ),
      ask('Et votre père ?'),
      say(
        'Mon père partait en mer toute la semaine. Quand il rentrait le samedi, ça sentait le goudron et le poisson, et il me rapportait un coquillage',
      ),
      ask("Parlons de l'école. Qui était votre institutrice ?", 'school'),
      say(
        "Mademoiselle Le Gall, à l'école des filles. Elle était sévère mais juste, et elle nous lisait des contes le samedi après-midi.",
      ),
      ask('Étiez-vous une élève sage ?'),
      say('oui'),
      say(
        "Moi j'étais plutôt sage, j'avais trop peur de décevoir mes parents. En fait, je je voulais déjà être institutrice.",
      ),
      ask("Et l'amour, comment est-il arrivé ?", 'love'),
      say(
        "Au bal de Pont-l'Abbé. C'est là que j'ai rencontré Jean, en 1962 : il dansait très mal, mais il me faisait tellement rire.",
      ),
      ask('Et ensuite ?'),
      say(
        'À vingt-deux ans, je me suis mariée avec Jean. Nous sommes partis vivre à Brest, dans un petit deux-pièces. Je suis née en 1941 à Quimper, vous savez.',
      ),
    ],
  },
  en: {
    personName: 'Margaret Hill',
    transcript: [
      ask('Tell me about the house you grew up in.', 'childhood'),
      say(
        'Um, we lived above the corner shop on Harehills Lane in Leeds. My dad ran the shop and, you know, my mum did the books.',
      ),
      ask('What do you remember of the shop?'),
      say(
        'I was a little girl and I loved the smell of the sweets. Like, I used to sit on the counter and count the pennies.',
      ),
      ask('Where did you go to school?', 'school'),
      say('I went to Bankside Primary in 1951. Miss Dawson taught us to read.'),
    ],
  },
};

async function main(): Promise<void> {
  const language: Language = process.argv.includes('en') ? 'en' : 'fr';
  const style =
    (process.argv.find((a) => (SUMMARY_STYLES as readonly string[]).includes(a)) as
      SummaryStyle | undefined) ?? null;
  const writer = new EmbeddedWriter();
  for (const perspective of ['premiere', 'troisieme'] as const) {
    const input: WriterInput = {
      language,
      personName: CHAPTERS[language].personName,
      profile: [],
      transcript: CHAPTERS[language].transcript,
      previousSummary: null,
      doTitle: true,
      doKeywords: true,
      doSummary: true,
      options: { style, perspective, comment: null, usePreviousSummary: true },
    };
    const output = await writer.write(input);
    console.log(`=== ${perspective}${style ? ` · ${style}` : ''}`);
    console.log(`# ${output.title}`);
    console.log(`(${output.keywords?.join(', ')})\n`);
    console.log(output.summary);
    if (output.warnings.length) console.log(`\nwarnings: ${output.warnings.join(', ')}`);
    console.log();
  }
}

await main();
