// The public listening page: the chapter's title and author, then each recorded answer under its question
// with the browser's own player (large, keyboard-ready, nothing to learn); a plain page when the link was
// revoked. Nothing else of the person, not indexed.
import type { ListeningPage } from './service.ts';
import { escapeHtml } from '../../html.ts';

const TEXT = {
  fr: {
    by: 'par',
    heading: 'Sa voix, réponse après réponse',
    answer: (n: number) => `Réponse ${n}`,
    empty: 'Aucun enregistrement n’est plus disponible pour ce chapitre.',
    made: 'Une histoire racontée avec Chapitres',
    missingTitle: 'Page plus disponible',
    missing: 'Cette page d’écoute n’est plus disponible.',
    why: 'La personne qui a raconté cette histoire a retiré cette page, ou le lien est incomplet.',
  },
  en: {
    by: 'by',
    heading: 'Their voice, answer after answer',
    answer: (n: number) => `Answer ${n}`,
    empty: 'No recording is available for this chapter any more.',
    made: 'A story told with Chapitres',
    missingTitle: 'Page no longer available',
    missing: 'This listening page is no longer available.',
    why: 'The person who told this story took the page down, or the link is incomplete.',
  },
} as const;

const STYLE = `body{font:22px/1.6 Georgia,"EB Garamond",serif;color:#1d2430;background:#f7f3ec;margin:0}
main{max-width:40rem;margin:0 auto;padding:1.5rem}h1{font-size:2rem;line-height:1.2}h2{font-size:1.3rem}
.author{font-style:italic}ol{list-style:none;padding:0}li{margin:0 0 2rem}
.question{font-style:italic;margin:0 0 .5rem}audio{width:100%;min-height:54px}
footer{margin-top:3rem;font-size:1rem;color:#4a5563}`;

export function listeningPage(page: ListeningPage, pageUrl: string): string {
  const t = TEXT[page.language];
  const answers = page.answers.map(
    (answer, index) => `<li>
<p class="question" id="q${index}">${escapeHtml(answer.question ?? t.answer(index + 1))}</p>
<audio controls preload="none" aria-labelledby="q${index}" src="${escapeHtml(`${pageUrl}/${index}`)}"></audio>
</li>`,
  );
  return `<!doctype html>
<html lang="${page.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(page.title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(page.title)}</h1>
${page.author ? `<p class="author">${t.by} ${escapeHtml(page.author)}</p>` : ''}
<h2>${t.heading}</h2>
${answers.length ? `<ol>\n${answers.join('\n')}\n</ol>` : `<p>${t.empty}</p>`}
<footer>${t.made}</footer>
</main>
</body>
</html>`;
}

export function missingListeningPage(language: 'fr' | 'en'): string {
  const t = TEXT[language];
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow"><title>${t.missingTitle}</title><style>${STYLE}</style></head>
<body><main><h1>${t.missingTitle}</h1><p>${t.missing}</p><p>${t.why}</p></main></body></html>`;
}
