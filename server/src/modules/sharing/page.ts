// The public story page: title, picture, text, author; nothing else of the person, not indexed, with a
// link preview (Open Graph) for messaging apps.
import type { PublicStory } from './service.ts';

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

const TEXT = {
  fr: {
    by: 'par',
    made: 'Une histoire racontée avec Chapitres',
    missing: 'Cette page n’existe pas ou n’est plus partagée.',
    missingTitle: 'Page introuvable',
  },
  en: {
    by: 'by',
    made: 'A story told with Chapitres',
    missing: 'This page does not exist or is no longer shared.',
    missingTitle: 'Page not found',
  },
} as const;

const STYLE = `body{font:20px/1.6 Georgia,"EB Garamond",serif;color:#1d2430;background:#f7f3ec;margin:0}
main{max-width:40rem;margin:0 auto;padding:1.5rem}h1{font-size:2rem;line-height:1.2}
figure{margin:1.5rem 0}img{max-width:100%;height:auto;border-radius:.4rem}figcaption{font-style:italic;font-size:1rem}
.author{font-style:italic}footer{margin-top:3rem;font-size:1rem;color:#4a5563}`;

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
</article>
<footer>${t.made}</footer>
</main>
</body>
</html>`;
}

export function missingStoryPage(language: 'fr' | 'en'): string {
  const t = TEXT[language];
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow"><title>${t.missingTitle}</title><style>${STYLE}</style></head>
<body><main><h1>${t.missingTitle}</h1><p>${t.missing}</p></main></body></html>`;
}
