// `npx tsx bench/generation.ts` (npm run bench:generation): the server time of `POST
// /conversations/{id}/generate` for a 30-message chapter (15 answers of the person, 15 questions) with the
// embedded writer and illustrator, through app.inject on PGlite: the text alone, and everything at once
// (title, keywords, text, picture). Prints numbers; asserts nothing.
import type { FastifyInstance } from 'fastify';
import { type Auth, createChapter, percentile, signUp, withApp } from './support.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const ANSWERS = [
  "Alors euh je suis née en 1938 à Lyon, dans le quartier de la Croix-Rousse, au-dessus de l'atelier de mon père qui était canut.",
  "Ma mère s'appelait Odette, elle faisait des bugnes pour mardi gras et toute la rue sentait le sucre.",
  "À l'école, la maîtresse Madame Perrin nous faisait réciter des poèmes, j'aimais beaucoup Victor Hugo.",
  "Le dimanche on descendait les pentes jusqu'à la Saône avec mon frère Marcel pour regarder les péniches.",
  'Pendant la guerre, ben, on avait peur des sirènes, on descendait à la cave avec les voisins.',
  "En 1944, à la Libération, mon père m'a portée sur ses épaules place Bellecour, il y avait des drapeaux partout.",
  "Après le certificat d'études, je suis entrée comme apprentie chez une couturière de la rue Royale.",
  "Madame Giraud, la couturière, m'a appris à couper une robe sans patron, juste à l'œil.",
  "J'ai rencontré Paul au bal du 14 juillet 1957, il dansait très mal mais il me faisait rire.",
  "On s'est mariés en 1959 à l'église Saint-Bruno, ma robe, je l'avais cousue moi-même.",
  'Nous avons eu deux enfants, Catherine en 1961 et Michel en 1964.',
  'Paul travaillait chez Berliet à Vénissieux, il partait à cinq heures le matin en mobylette.',
  "Les vacances, c'était en Ardèche, chez sa tante, on se baignait dans la rivière.",
  "Je me souviens de l'odeur des châtaignes grillées en automne, dans la cheminée de la tante.",
  "Aujourd'hui j'ai six petits-enfants et je leur raconte tout ça le dimanche.",
];

async function chapterOfThirtyMessages(app: FastifyInstance, auth: Auth): Promise<string> {
  const id = await createChapter(app, auth);
  for (const content of ANSWERS) {
    const response = await app.inject({
      method: 'POST',
      url: `/api/v1/conversations/${id}/messages`,
      headers: auth,
      payload: { content },
    });
    if (response.statusCode !== 200) throw new Error(`message failed: ${response.body}`);
  }
  return id;
}

async function timeGeneration(
  app: FastifyInstance,
  auth: Auth,
  id: string,
  query: string,
): Promise<number> {
  const started = performance.now();
  const response = await app.inject({
    method: 'POST',
    url: `/api/v1/conversations/${id}/generate?${query}`,
    headers: auth,
  });
  const elapsed = performance.now() - started;
  if (response.statusCode !== 200) throw new Error(`generate failed: ${response.body}`);
  return elapsed;
}

function report(label: string, times: number[]) {
  times.sort((a, b) => a - b);
  console.log(
    `${label} (${times.length} runs): p50 ${percentile(times, 50).toFixed(0)} ms, p99 ${percentile(times, 99).toFixed(0)} ms, max ${times.at(-1)!.toFixed(0)} ms`,
  );
}

await withApp('generation', async (app) => {
  const auth = await signUp(app);
  const summaryTimes: number[] = [];
  const allTimes: number[] = [];
  let words = 0;
  // Warm-up: the first run loads the stop-word lists and the illustrator's fonts.
  const warm = await chapterOfThirtyMessages(app, auth);
  await timeGeneration(
    app,
    auth,
    warm,
    'do_title=true&do_keywords=true&do_summary=true&do_image=true',
  );
  for (let run = 0; run < RUNS; run++) {
    const id = await chapterOfThirtyMessages(app, auth);
    summaryTimes.push(await timeGeneration(app, auth, id, 'do_summary=true'));
    allTimes.push(
      await timeGeneration(
        app,
        auth,
        id,
        'do_title=true&do_keywords=true&do_summary=true&do_image=true',
      ),
    );
    if (run === 0) {
      const chapter = await app.inject({
        method: 'GET',
        url: `/api/v1/conversations/${id}`,
        headers: auth,
      });
      words = chapter.json().summary_infos.summary.split(/\s+/).length;
    }
  }
  console.log(`chapter: ${ANSWERS.length * 2 + 1} messages, text of ${words} words`);
  report('generate, text only (embedded writer)', summaryTimes);
  report('generate, title + keywords + text + picture (embedded writer and illustrator)', allTimes);
});
