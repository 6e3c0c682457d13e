// The page behind the weekly question's unsubscribe link: GET asks (a mail scanner opening the link
// stops nothing), POST stops (RFC 8058 one-click from the mail client, or the page's button). No script.
import { escapeHtml } from '../../html.ts';
import type { Locale } from '../../i18n/messages.ts';

const TEXT = {
  fr: {
    askTitle: 'Arrêter la question de la semaine ?',
    ask: 'Vous ne recevrez plus la question de la semaine. Vos chapitres et votre compte ne changent pas, et vous pourrez la reprendre dans « Mon compte ».',
    button: 'Arrêter la question de la semaine',
    doneTitle: 'C’est fait',
    done: 'Vous ne recevrez plus la question de la semaine. Vous pourrez la reprendre quand vous voudrez dans « Mon compte ».',
    home: 'Ouvrir Chapitres',
  },
  en: {
    askTitle: 'Stop the question of the week?',
    ask: 'You will no longer receive the question of the week. Your chapters and your account stay as they are, and you can turn it back on in “My account”.',
    button: 'Stop the question of the week',
    doneTitle: 'Done',
    done: 'You will no longer receive the question of the week. You can turn it back on whenever you like in “My account”.',
    home: 'Open Chapitres',
  },
} as const;

function page(locale: Locale, title: string, body: string): string {
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;background:#fbf7f0;font-family:Georgia,serif;color:#2b211b"><main style="max-width:560px;margin:0 auto;padding:32px 24px">
<h1 style="font-size:28px;color:#7a2e1f">${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

const paragraph = (text: string) =>
  `<p style="font-size:20px;line-height:1.6">${escapeHtml(text)}</p>`;

export function unsubscribeAskPage(locale: Locale, action: string): string {
  const t = TEXT[locale];
  return page(
    locale,
    t.askTitle,
    `${paragraph(t.ask)}<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit" style="font-size:20px;font-family:inherit;background:#7a2e1f;color:#fff;border:0;border-radius:8px;padding:16px 24px;min-height:56px;cursor:pointer">${escapeHtml(t.button)}</button></form>`,
  );
}

export function unsubscribeDonePage(locale: Locale, home: string): string {
  const t = TEXT[locale];
  return page(
    locale,
    t.doneTitle,
    `${paragraph(t.done)}<p style="font-size:20px"><a href="${escapeHtml(home)}" style="color:#7a2e1f">${escapeHtml(t.home)}</a></p>`,
  );
}
