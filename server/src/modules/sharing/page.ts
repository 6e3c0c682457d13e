// The public story page: title, picture, text, author and, when the person chose it, their recorded
// answers under their questions (native players: no script on this page); nothing else of the person, not
// indexed, with a link preview (Open Graph) for messaging apps.
import type { PublicRecording, PublicStory } from './service.ts';
import { escapeHtml } from '../../html.ts';

const TEXT = {
  fr: {
    by: 'par',
    made: 'Une histoire racontée avec Chapitres',
    missing:
      'Ce lien ne mène plus à une histoire : elle n’est plus partagée, ou l’adresse est incomplète. Demandez un nouveau lien à la personne qui vous l’a envoyé.',
    missingTitle: 'Cette histoire n’est plus partagée',
    home: 'Découvrir Chapitres',
    voice: 'Sa voix',
    voiceIntro: 'Les réponses enregistrées, chacune sous sa question.',
    question: 'Question',
    answer: 'Réponse enregistrée',
    answerTo: (question: string) => `Réponse à : ${question}`,
    length: (time: string) => `durée ${time}`,
    cannotPlay: 'Ce navigateur ne peut pas lire cet enregistrement.',
  },
  en: {
    by: 'by',
    made: 'A story told with Chapitres',
    missing:
      'This link no longer leads to a story: it is not shared any more, or the address is incomplete. Ask the person who sent it to you for a new link.',
    missingTitle: 'This story is no longer shared',
    home: 'Discover Chapitres',
    voice: 'In their own voice',
    voiceIntro: 'The recorded answers, each under its question.',
    question: 'Question',
    answer: 'Recorded answer',
    answerTo: (question: string) => `Answer to: ${question}`,
    length: (time: string) => `length ${time}`,
    cannotPlay: 'This browser cannot play this recording.',
  },
} as const;

/** 65 000 ms → « 1:05 ». */
function clock(ms: number): string {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The recorded answers, each under its question, with the browser's own player (large, no script). */
function voiceSection(recordings: PublicRecording[], language: 'fr' | 'en'): string {
  if (recordings.length === 0) return '';
  const t = TEXT[language];
  const items = recordings.map((recording) => {
    const label = recording.question ? t.answerTo(recording.question) : t.answer;
    const length = recording.durationMs ? ` (${t.length(clock(recording.durationMs))})` : '';
    return `<li class="recording">
${recording.question ? `<p class="question"><span class="sr">${t.question} : </span>${escapeHtml(recording.question)}</p>` : ''}
<p class="answer">${t.answer}${length}</p>
<audio controls preload="none" aria-label="${escapeHtml(label)}"><source src="${escapeHtml(recording.url)}" type="${escapeHtml(recording.mimeType)}">${t.cannotPlay}</audio>
</li>`;
  });
  return `<section class="voice" aria-labelledby="voice-title">
<h2 id="voice-title">${t.voice}</h2>
<p>${t.voiceIntro}</p>
<ol>
${items.join('\n')}
</ol>
</section>`;
}

const STYLE = `body{font:20px/1.6 Georgia,"EB Garamond",serif;color:#1d2430;background:#f7f3ec;margin:0}
main{max-width:40rem;margin:0 auto;padding:1.5rem}h1{font-size:2rem;line-height:1.2}
figure{margin:1.5rem 0}img{max-width:100%;height:auto;border-radius:.4rem}figcaption{font-style:italic;font-size:1rem}
.author{font-style:italic}footer{margin-top:3rem;font-size:1rem;color:#4a5563}
h2{font-size:1.6rem;margin-top:2.5rem}.voice ol{list-style:none;padding:0}
.recording{margin:1.5rem 0;padding:1rem;border:2px solid #d8cfc0;border-radius:.5rem;background:#fff}
.question{font-weight:bold;margin:0 0 .5rem}.answer{margin:0 0 .5rem;font-size:1rem;color:#4a5563}
audio{width:100%;min-height:3.5rem}
a.home{display:inline-block;min-height:2.75rem;padding:.6rem 1.2rem;border-radius:.5rem;background:#1d3557;color:#fff;font-weight:bold;text-decoration:none}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}`;

export function storyPage(story: PublicStory, pageUrl: string): string {
  const t = TEXT[story.language];
  const paragraphs = story.text
    .split(/\n+/)
    .map((p) => p.trim())
    .filter(Boolean);
  const description = paragraphs.join(' ').slice(0, 200);
  const image = story.pictureKey ? `${pageUrl}/picture` : null;
  return `<!doctype html>
<html lang="${story.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(story.title)}</title>
<meta name="description" content="${escapeHtml(description)}">
<meta property="og:type" content="article">
<meta property="og:title" content="${escapeHtml(story.title)}">
<meta property="og:description" content="${escapeHtml(description)}">
<meta property="og:url" content="${escapeHtml(pageUrl)}">
${image ? `<meta property="og:image" content="${escapeHtml(image)}">\n<meta name="twitter:card" content="summary_large_image">` : '<meta name="twitter:card" content="summary">'}
<style>${STYLE}</style>
</head>
<body>
<main>
<article>
<h1>${escapeHtml(story.title)}</h1>
${story.author ? `<p class="author">${t.by} ${escapeHtml(story.author)}</p>` : ''}
${image ? `<figure><img src="${escapeHtml(image)}" alt="${escapeHtml(story.pictureLegend ?? story.title)}">${story.pictureLegend ? `<figcaption>${escapeHtml(story.pictureLegend)}</figcaption>` : ''}</figure>` : ''}
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${voiceSection(story.recordings, story.language)}
</article>
<footer>${t.made}</footer>
</main>
</body>
</html>`;
}

/** A dead link: what happened, and a way into the app (its home page at `homeUrl`). */
export function missingStoryPage(language: 'fr' | 'en', homeUrl: string): string {
  const t = TEXT[language];
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow"><title>${t.missingTitle}</title><style>${STYLE}</style></head>
<body><main><h1>${t.missingTitle}</h1><p>${t.missing}</p>
<p><a class="home" href="${escapeHtml(homeUrl)}">${t.home}</a></p></main></body></html>`;
}
