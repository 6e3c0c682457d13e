// The mails people receive, in French and English: plain text plus simple, large, accessible HTML.
import type { Locale } from '../../i18n/messages.ts';
import type { MailMessage } from './types.ts';
import { escapeHtml } from '../../html.ts';

export type MailTemplate =
  | { kind: 'email_validation'; link: string; name: string }
  | { kind: 'password_reset'; link: string; name: string }
  /** To the previous address after an email change: who to reach now, and the link that undoes it. */
  | { kind: 'email_changed'; link: string; name: string; newEmail: string; days: number }
  | { kind: 'book_ready'; link: string; name: string; title: string }
  | { kind: 'payment_receipt'; name: string; product: string; amount: string; date: string }
  /**
   * To a relative who bought a gift code (issue 31): the code itself (only its hash is kept), what it
   * gives, until when it can be used, and how the person receiving it uses it.
   */
  | {
      kind: 'gift_code';
      name: string;
      code: string;
      months: number;
      books: number;
      expires: string;
      link: string;
      simulated?: boolean;
    }
  /** To a storyteller: a member of her circle offered her a year of Chapitres (issue 31). */
  | {
      kind: 'gift_received';
      name: string;
      giver: string;
      months: number;
      books: number;
      until: string;
      link: string;
    }
  | { kind: 'contact'; from: string; name: string; message: string }
  | { kind: 'export_ready'; name: string; link: string; expires: string }
  /** To an address a storyteller invites into her family circle (issue 31): a single-use link. */
  | {
      kind: 'circle_invitation';
      link: string;
      storyteller: string;
      role: 'reader' | 'contributor';
      relation: string | null;
      days: number;
    }
  /**
   * To a member of her family circle: she answered the question they asked (issue 31); `link` opens the
   * chapter in the circle once she released it, null while she has not.
   */
  | {
      kind: 'circle_question_answered';
      name: string;
      storyteller: string;
      question: string;
      link: string | null;
    }
  | {
      kind: 'order_confirmed';
      name: string;
      title: string;
      address: string;
      link: string;
      /** Paid through the built-in payment simulator: the mail says no money moved. */
      simulated?: boolean;
    }
  /** To her: a contributor of her family circle prepared a book for her (issue 31); it is in her books. */
  | { kind: 'circle_book_prepared'; name: string; contributor: string; title: string; link: string }
  /** To a member of a family circle: the chapters the storyteller released since the last news (issue 31). */
  | {
      kind: 'circle_news';
      name: string;
      storyteller: string;
      chapters: { title: string | null; excerpt: string; link: string }[];
    }
  /**
   * Her gentle weekly question (issue 31), from her family first (`asker`: « Votre fille Marie ») or from
   * the biographer's bank; `unsubscribe` is the RFC 8058 one-click link, also sent as headers.
   */
  | {
      kind: 'story_rhythm';
      name: string;
      question: string;
      asker: string | null;
      link: string;
      unsubscribe: string;
    };

/** A linked item of a mail's body (a chapter of the family news, the unsubscribe link). */
interface MailLink {
  label: string;
  href: string;
  text?: string;
}

function layout(
  locale: Locale,
  title: string,
  paragraphs: string[],
  action?: { label: string; href: string },
  links: MailLink[] = [],
  footer?: MailLink,
): string {
  const body =
    paragraphs
      .map((p) => `<p style="font-size:18px;line-height:1.6;margin:0 0 16px">${escapeHtml(p)}</p>`)
      .join('') +
    links
      .map(
        (l) =>
          `<p style="font-size:18px;line-height:1.6;margin:0 0 16px"><a href="${escapeHtml(l.href)}" style="color:#7a2e1f;font-weight:bold">${escapeHtml(l.label)}</a>${l.text ? `<br>${escapeHtml(l.text)}` : ''}</p>`,
      )
      .join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.href)}" style="display:inline-block;background:#7a2e1f;color:#ffffff;font-size:18px;font-weight:bold;padding:14px 24px;border-radius:8px;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p style="font-size:15px;color:#4a3f36">${locale === 'fr' ? 'Si le bouton ne fonctionne pas, copiez ce lien :' : 'If the button does not work, copy this link:'}<br><a href="${escapeHtml(action.href)}" style="color:#7a2e1f">${escapeHtml(action.href)}</a></p>`
    : '';
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;background:#fbf7f0;font-family:Georgia,serif;color:#2b211b"><div style="max-width:560px;margin:0 auto;padding:32px 24px">
<h1 style="font-size:26px;color:#7a2e1f;margin:0 0 24px">${escapeHtml(title)}</h1>${body}${button}
${footer ? `<p style="font-size:15px;color:#4a3f36;margin-top:32px"><a href="${escapeHtml(footer.href)}" style="color:#4a3f36">${escapeHtml(footer.label)}</a></p>` : ''}
<p style="font-size:15px;color:#4a3f36;margin-top:32px">Chapitres</p></div></body></html>`;
}

function greeting(locale: Locale, name: string): string {
  return locale === 'fr'
    ? name
      ? `Bonjour ${name},`
      : 'Bonjour,'
    : name
      ? `Hello ${name},`
      : 'Hello,';
}

export function renderMail(locale: Locale, to: string, template: MailTemplate): MailMessage {
  const fr = locale === 'fr';
  let subject: string;
  let paragraphs: string[];
  let action: { label: string; href: string } | undefined;
  let links: MailLink[] = [];
  let footer: MailLink | undefined;
  let headers: Record<string, string> | undefined;
  switch (template.kind) {
    case 'email_validation':
      subject = fr ? 'Confirmez votre adresse email' : 'Confirm your email address';
      paragraphs = [
        greeting(locale, template.name),
        fr
          ? 'Bienvenue sur Chapitres. Pour confirmer votre adresse email, cliquez sur le bouton ci-dessous.'
          : 'Welcome to Chapitres. To confirm your email address, click the button below.',
        fr
          ? 'Ce lien est valable 48 heures. Si vous n’avez pas créé de compte, ignorez ce message.'
          : 'This link is valid for 48 hours. If you did not create an account, ignore this message.',
      ];
      action = { label: fr ? 'Confirmer mon email' : 'Confirm my email', href: template.link };
      break;
    case 'password_reset':
      subject = fr ? 'Choisissez un nouveau mot de passe' : 'Choose a new password';
      paragraphs = [
        greeting(locale, template.name),
        fr
          ? 'Vous avez demandé à changer votre mot de passe. Cliquez sur le bouton ci-dessous pour en choisir un nouveau.'
          : 'You asked to change your password. Click the button below to choose a new one.',
        fr
          ? 'Ce lien est valable une heure et ne sert qu’une fois. Si vous n’avez rien demandé, ignorez ce message : votre mot de passe ne change pas.'
          : 'This link is valid for one hour and works once. If you did not ask, ignore this message: your password stays the same.',
      ];
      action = {
        label: fr ? 'Choisir un nouveau mot de passe' : 'Choose a new password',
        href: template.link,
      };
      break;
    case 'email_changed':
      subject = fr
        ? 'L’adresse email de votre compte a changé'
        : 'The email address of your account changed';
      paragraphs = [
        greeting(locale, template.name),
        fr
          ? `L’adresse email de votre compte Chapitres vient d’être remplacée par ${template.newEmail}. Nos messages iront désormais à cette adresse.`
          : `The email address of your Chapitres account was just replaced by ${template.newEmail}. Our messages will now go to that address.`,
        fr
          ? `Si c’est vous, il n’y a rien à faire. Si ce n’est pas vous, cliquez sur le bouton ci-dessous dans les ${template.days} jours : votre adresse vous sera rendue, tous les appareils seront déconnectés et vous choisirez un nouveau mot de passe.`
          : `If it was you, there is nothing to do. If it was not you, click the button below within ${template.days} days: your address will be given back, every device will be signed out and you will choose a new password.`,
      ];
      action = {
        label: fr ? 'Ce n’est pas moi : annuler le changement' : 'It was not me: undo the change',
        href: template.link,
      };
      break;
    case 'book_ready':
      subject = fr
        ? `Votre livre « ${template.title} » est prêt`
        : `Your book “${template.title}” is ready`;
      paragraphs = [
        greeting(locale, template.name),
        fr
          ? 'Votre livre est prêt : vous pouvez le feuilleter, le télécharger et le commander.'
          : 'Your book is ready: you can look through it, download it and order it.',
      ];
      action = { label: fr ? 'Voir mon livre' : 'See my book', href: template.link };
      break;
    case 'payment_receipt':
      subject = fr ? 'Votre reçu de paiement' : 'Your payment receipt';
      paragraphs = [
        greeting(locale, template.name),
        fr
          ? `Merci. Nous avons bien reçu votre paiement de ${template.amount} pour « ${template.product} » le ${template.date}.`
          : `Thank you. We received your payment of ${template.amount} for “${template.product}” on ${template.date}.`,
      ];
      break;
    case 'gift_code': {
      const nb = '\u00a0';
      subject = fr ? 'Votre code cadeau Chapitres' : 'Your Chapitres gift code';
      paragraphs = [
        greeting(locale, template.name),
        fr
          ? `Merci pour ce cadeau. Voici le code à offrir${nb}: ${template.code}`
          : `Thank you for this gift. Here is the code to give: ${template.code}`,
        fr
          ? `Il donne ${template.months}${nb}mois d’accès complet à Chapitres${template.books > 0 ? ` et ${template.books === 1 ? 'un livre imprimé' : `${template.books} livres imprimés`}` : ''}. Il sert une seule fois, jusqu’au ${template.expires}.`
          : `It gives ${template.months} months of full access to Chapitres${template.books > 0 ? ` and ${template.books === 1 ? 'one printed book' : `${template.books} printed books`}` : ''}. It works once, until ${template.expires}.`,
        fr
          ? `Pour l’utiliser, la personne qui le reçoit ouvre Chapitres, va dans «${nb}Mon compte${nb}» (ou sur la page des offres), à «${nb}Vous avez un code cadeau${nb}?${nb}», tape le code puis appuie sur «${nb}Utiliser ce code${nb}».`
          : 'To use it, the person who receives it opens Chapitres, goes to “My account” (or the plans page), to “Do you have a gift code?”, types the code and presses “Use this code”.',
        fr
          ? `Gardez ce message${nb}: le code n’est écrit nulle part ailleurs.`
          : 'Keep this message: the code is written nowhere else.',
      ];
      if (template.simulated)
        paragraphs.push(
          fr
            ? `Simulation${nb}: aucun paiement réel n’a eu lieu. Ce serveur utilise le simulateur de paiement.`
            : 'Simulation: no real payment took place. This server uses the payment simulator.',
        );
      action = { label: fr ? 'Ouvrir Chapitres' : 'Open Chapitres', href: template.link };
      break;
    }
    case 'gift_received': {
      const nb = '\u00a0';
      const who = template.giver.trim() || (fr ? 'Un de vos proches' : 'One of your relatives');
      subject = fr
        ? `${who} vous offre un an de Chapitres`
        : `${who} gives you a year of Chapitres`;
      paragraphs = [
        greeting(locale, template.name),
        fr
          ? `${who} vous offre un an de Chapitres${nb}: vous avez un accès complet jusqu’au ${template.until}${template.books > 0 ? `, et ${template.books === 1 ? 'un livre imprimé à commander' : `${template.books} livres imprimés à commander`}` : ''}.`
          : `${who} gives you a year of Chapitres: you have full access until ${template.until}${template.books > 0 ? `, and ${template.books === 1 ? 'one printed book to order' : `${template.books} printed books to order`}` : ''}.`,
        fr
          ? `Vous n’avez rien à faire ni à payer${nb}: continuez à raconter, autant de chapitres que vous voulez.`
          : 'There is nothing to do or pay: go on telling your story, as many chapters as you like.',
      ];
      action = { label: fr ? 'Ouvrir Chapitres' : 'Open Chapitres', href: template.link };
      break;
    }
    case 'export_ready':
      subject = fr ? 'Vos données sont prêtes' : 'Your data is ready';
      paragraphs = [
        greeting(locale, template.name),
        fr
          ? `Le fichier de toutes vos données (vos chapitres, leurs photos, vos conversations, vos réponses et vos livres) est prêt. Téléchargez-le depuis votre profil jusqu’au ${template.expires}.`
          : `The file with all your data (your chapters, their photos, your conversations, your answers and your books) is ready. Download it from your profile until ${template.expires}.`,
      ];
      action = { label: fr ? 'Ouvrir mon profil' : 'Open my profile', href: template.link };
      break;
    case 'order_confirmed':
      subject = fr
        ? `Commande confirmée : « ${template.title} »`
        : `Order confirmed: “${template.title}”`;
      paragraphs = [
        greeting(locale, template.name),
        fr
          ? `Votre livre « ${template.title} » va être imprimé et relié, puis envoyé à l’adresse suivante : ${template.address}.`
          : `Your book “${template.title}” will be printed and bound, then sent to this address: ${template.address}.`,
        fr
          ? 'Comptez environ deux semaines. Vous pouvez suivre la commande sur la page du livre.'
          : 'Allow about two weeks. You can follow the order on the book’s page.',
      ];
      if (template.simulated)
        paragraphs.push(
          fr
            ? 'Simulation : aucun paiement réel n’a eu lieu. Ce serveur utilise le simulateur de paiement.'
            : 'Simulation: no real payment took place. This server uses the payment simulator.',
        );
      action = { label: fr ? 'Voir mon livre' : 'See my book', href: template.link };
      break;
    case 'circle_invitation': {
      const who =
        template.storyteller.trim() || (fr ? 'Une personne de votre famille' : 'A relative');
      subject = fr
        ? `${who} vous invite à lire son histoire sur Chapitres`
        : `${who} invites you to read their life story on Chapitres`;
      paragraphs = [
        greeting(locale, ''),
        fr
          ? `${who} raconte l’histoire de sa vie à Chapitres, chapitre après chapitre, et vous invite dans son cercle familial${template.relation ? ` (${template.relation})` : ''}.`
          : `${who} is telling the story of their life on Chapitres, chapter by chapter, and invites you into their family circle${template.relation ? ` (${template.relation})` : ''}.`,
        template.role === 'contributor'
          ? fr
            ? 'Vous pourrez lire les chapitres partagés avec la famille, proposer des questions, ajouter vos photos et laisser un mot.'
            : 'You will be able to read the chapters shared with the family, suggest questions, add your photos and leave a word.'
          : fr
            ? 'Vous pourrez lire les chapitres partagés avec la famille et laisser un mot sous chacun.'
            : 'You will be able to read the chapters shared with the family and leave a word under each.',
        fr
          ? `Ce lien ne sert qu’une fois et reste valable ${template.days} jours. Il vous fera créer un compte ou vous connecter. Si vous ne connaissez pas cette personne, ignorez ce message.`
          : `This link works once and stays valid for ${template.days} days. It will have you create an account or sign in. If you do not know this person, ignore this message.`,
      ];
      action = {
        label: fr ? 'Rejoindre le cercle' : 'Join the circle',
        href: template.link,
      };
      break;
    }
    case 'circle_question_answered': {
      const named = template.storyteller.trim();
      const who = named || (fr ? 'Votre proche' : 'Your relative');
      const inline = named || (fr ? 'votre proche' : 'your relative');
      subject = fr ? `${who} a répondu à votre question` : `${who} answered your question`;
      paragraphs = [
        greeting(locale, template.name),
        fr
          ? `${who} a répondu à votre question : « ${template.question} »`
          : `${who} answered your question: “${template.question}”`,
        template.link
          ? fr
            ? 'Le chapitre est partagé avec la famille : vous pouvez le lire dès maintenant.'
            : 'The chapter is shared with the family: you can read it now.'
          : fr
            ? `Le chapitre sera partagé avec la famille quand ${inline} le souhaitera ; vous recevrez alors un message avec le lien.`
            : `The chapter will be shared with the family when ${inline} chooses; you will then get a message with the link.`,
      ];
      if (template.link)
        action = { label: fr ? 'Lire le chapitre' : 'Read the chapter', href: template.link };
      break;
    }
    case 'contact':
      subject = fr
        ? `Message de ${template.name || template.from}`
        : `Message from ${template.name || template.from}`;
      paragraphs = [`${template.name} <${template.from}>`, template.message];
      break;
    case 'circle_book_prepared': {
      const nb = '\u00a0';
      const who = template.contributor.trim() || (fr ? 'Un proche' : 'A relative');
      subject = fr ? `${who} a préparé un livre pour vous` : `${who} prepared a book for you`;
      paragraphs = [
        greeting(locale, template.name),
        fr
          ? `${who} a préparé un livre pour vous${nb}: «${nb}${template.title}${nb}». Il est dans «${nb}Mes livres${nb}».`
          : `${who} prepared a book for you: “${template.title}”. It is in “My books”.`,
        fr
          ? `Le livre est à vous${nb}: vous pouvez le regarder, le télécharger ou le supprimer.`
          : 'The book is yours: you can look at it, download it or delete it.',
      ];
      action = { label: fr ? 'Voir mes livres' : 'See my books', href: template.link };
      break;
    }
    case 'circle_news': {
      const who = template.storyteller.trim() || (fr ? 'Votre proche' : 'Your relative');
      const untitled = fr ? 'Un nouveau chapitre' : 'A new chapter';
      const [first] = template.chapters;
      const single = template.chapters.length === 1;
      subject = single
        ? fr
          ? `${who} a partagé un chapitre : « ${first.title?.trim() || untitled} »`
          : `${who} shared a chapter: “${first.title?.trim() || untitled}”`
        : fr
          ? `${who} a partagé ${template.chapters.length} nouveaux chapitres`
          : `${who} shared ${template.chapters.length} new chapters`;
      paragraphs = [
        greeting(locale, template.name),
        single
          ? fr
            ? `${who} a partagé un nouveau chapitre de son histoire avec la famille.`
            : `${who} shared a new chapter of their story with the family.`
          : fr
            ? `${who} a partagé de nouveaux chapitres de son histoire avec la famille.`
            : `${who} shared new chapters of their story with the family.`,
      ];
      links = template.chapters.map((c) => ({
        label: c.title?.trim() || untitled,
        href: c.link,
        text: c.excerpt,
      }));
      paragraphs.push(
        fr
          ? 'Vous choisissez quand recevoir ces nouvelles (tout de suite, chaque semaine ou jamais) dans votre compte, page du cercle.'
          : 'You choose when these news reach you (at once, weekly or never) in your account, on the circle’s page.',
      );
      break;
    }
    case 'story_rhythm': {
      subject = fr ? 'Votre question de la semaine' : 'Your question of the week';
      paragraphs = [
        greeting(locale, template.name),
        template.asker
          ? fr
            ? `${template.asker} vous demande :`
            : `${template.asker} asks you:`
          : fr
            ? 'Voici une question pour un nouveau chapitre, quand vous le voudrez :'
            : 'Here is a question for a new chapter, whenever you like:',
        template.question,
        fr
          ? 'Un appui sur le bouton ouvre un nouveau chapitre. Rien ne presse : la question vous attend.'
          : 'One tap on the button opens a new chapter. There is no hurry: the question will wait for you.',
      ];
      action = {
        label: fr ? 'Raconter' : 'Tell the story',
        href: template.link,
      };
      footer = {
        label: fr ? 'Ne plus recevoir la question de la semaine' : 'Stop the question of the week',
        href: template.unsubscribe,
      };
      headers = {
        'List-Unsubscribe': `<${template.unsubscribe}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      };
      break;
    }
  }
  const text = [
    subject,
    '',
    ...paragraphs,
    // French puts a space before the colon, English does not (« Confirmer mon email : … », "Confirm my email: …").
    ...links.flatMap((l) => [
      '',
      `${l.label}${fr ? ' : ' : ': '}${l.href}`,
      ...(l.text ? [l.text] : []),
    ]),
    ...(action ? ['', `${action.label}${fr ? ' : ' : ': '}${action.href}`] : []),
    ...(footer ? ['', `${footer.label}${fr ? ' : ' : ': '}${footer.href}`] : []),
    '',
    'Chapitres',
  ].join('\n');
  return {
    to,
    subject,
    text,
    html: layout(locale, subject, paragraphs, action, links, footer),
    ...(headers ? { headers } : {}),
  };
}
