// What the embedded interviewer says in French besides the bank: greetings, acknowledgements, follow-ups.
// Markup as in render.ts: {vous…|tu…} for the register, <il|elle|ils> for the detail's gender, {slots}.
import type { Phrasebook } from './phrasebook-types.ts';

export const PHRASES_FR: Phrasebook = {
  greetingFirst: {
    named: ['Bonjour {name} !', 'Bonjour {name}, et bienvenue.'],
    anonymous: ['Bonjour !', 'Bonjour, et bienvenue.'],
  },
  greetingAgain: {
    named: [
      'Bonjour {name}, nous voici pour un nouveau chapitre.',
      'Bonjour {name} ! Ouvrons ensemble un nouveau chapitre.',
    ],
    anonymous: [
      'Bonjour, nous voici pour un nouveau chapitre.',
      'Bonjour ! Ouvrons ensemble un nouveau chapitre.',
    ],
  },
  introFirst: [
    "Je vais {vous accompagner|t'accompagner} pour raconter {votre|ton} histoire, un souvenir après l'autre. Je {vous|te} poserai une question à la fois ; {répondez|réponds} comme {vous le souhaitez|tu le souhaites}, à voix haute ou par écrit, et {prenez|prends} tout {votre|ton} temps.",
    'Ensemble, nous allons écrire un chapitre de {votre|ta} vie. Je {vous|te} poserai une question à la fois : {répondez|réponds} à {votre|ton} rythme, avec {vos|tes} propres mots.',
  ],
  lastTime: [
    "Le chapitre précédent s'intitulait « {title} ».",
    "Notre dernier chapitre s'appelait « {title} ».",
  ],
  themeIntro: [
    "Aujourd'hui, je {vous|te} propose de parler {topic}.",
    'Pour ce chapitre, parlons {topic}, si {vous le voulez|tu le veux} bien.',
  ],
  ack: {
    neutral: [
      'Merci.',
      "Merci, c'est précieux.",
      'Merci de me raconter cela.',
      "C'est noté.",
      'Merci pour ce souvenir.',
      'Très bien, merci.',
      'Je {vous|te} remercie.',
      "D'accord, je note.",
    ],
    named: ['Merci, {name}.', 'Je {vous|te} remercie, {name}.', "C'est noté, {name}, merci."],
    long: [
      'Merci pour tous ces détails.',
      "Merci d'avoir pris le temps de raconter tout cela.",
      'Merci, il y a beaucoup de choses précieuses dans ce que {vous venez|tu viens} de dire.',
    ],
    heavy: [
      "Merci de m'avoir confié cela.",
      'Merci pour {votre|ta} confiance.',
      'Je {vous|te} remercie de partager ce souvenir.',
    ],
    unsure: [
      "Ce n'est pas grave du tout.",
      'Aucun souci, la mémoire va et vient.',
      "Ce n'est pas grave, passons à autre chose.",
    ],
    refusal: [
      "Bien sûr, nous n'en parlerons pas.",
      "C'est entendu, laissons cela de côté.",
      'Très bien, nous passons à autre chose.',
    ],
    questionBack: [
      "Je ne suis qu'un guide d'entretien, je ne saurais pas {vous|te} répondre : ici, c'est {votre|ta} voix qui compte.",
    ],
  },
  transition: [
    'Si {vous le voulez|tu le veux} bien, parlons maintenant {topic}.',
    "Changeons un peu de sujet : j'aimerais {vous entendre|t'entendre} parler {topic}.",
    'Tournons une nouvelle page, celle {topic}.',
    'Passons à un autre pan de {votre|ta} vie : parlons {topic}.',
  ],
  more: [
    "{Pourriez-vous|Pourrais-tu} m'en dire un peu plus ?",
    "{Prenez|Prends} {votre|ton} temps : qu'est-ce qui {vous revient|te revient}, en y repensant ?",
    "J'aimerais en savoir davantage : que {pourriez-vous|pourrais-tu} ajouter ?",
    'Et si {vous me racontiez|tu me racontais} cela un peu plus en détail ?',
    "Y a-t-il un moment précis, une scène, qui {vous vient|te vient} à l'esprit ?",
    "{Pourriez-vous|Pourrais-tu} me décrire cela comme si j'y étais ?",
    '{Auriez-vous|Aurais-tu} un exemple, un petit souvenir qui illustre cela ?',
    'Comment cela se passait-il, concrètement ?',
    "Qu'est-ce que {vous ressentiez|tu ressentais}, à ce moment-là ?",
    "Que {voyiez-vous|voyais-tu}, qu'{entendiez-vous|entendais-tu}, autour de {vous|toi} ?",
    'Y a-t-il une anecdote qui {vous revient|te revient} à ce sujet ?',
    "Qu'est-ce qui {vous fait|te fait} dire cela ?",
    '{Pouvez-vous|Peux-tu} me raconter le souvenir le plus net que {vous en gardez|tu en gardes} ?',
    "Qui, autour de {vous|toi}, pourrait raconter cela aussi, et qu'en dirait cette personne ?",
  ],
  followUps: {
    person: [
      '{Vous parlez|Tu parles} {de:person} : comment <était-il|était-elle|étaient-ils> ?',
      'Quel souvenir précis {gardez-vous|gardes-tu} {de:person} ?',
      "Qu'est-ce {que:person} {vous |t'}<a|a|ont> appris ?",
      'Si {vous fermez|tu fermes} les yeux, comment {revoyez-vous|revois-tu} {person} : <sa voix, ses gestes|sa voix, ses gestes|leurs voix, leurs gestes> ?',
      "Quelle phrase ou quelle expression {de:person} {vous revient|te revient} encore aujourd'hui ?",
      'Comment se passait une journée ordinaire auprès {de:person} ?',
      "{Qu'aimeriez-vous|Qu'aimerais-tu} que l'on sache {de:person}, à travers ce livre ?",
      'Quelle place {person} <tenait-il|tenait-elle|tenaient-ils> dans {votre|ta} vie ?',
    ],
    place: [
      '{Vous évoquez|Tu évoques} la vie {place} : à quoi ressemblait-elle, au quotidien ?',
      'Si nous étions {place} à cette époque, que verrions-nous autour de nous ?',
      'Quels bruits et quelles odeurs {associez-vous|associes-tu} à la vie {place} ?',
      'Qui {fréquentiez-vous|fréquentais-tu} {place} ?',
      "{Place}, quel endroit précis {vous est resté cher|t'est resté cher} ?",
      'Que reste-t-il en {vous|toi} de la vie {place} ?',
      'Que représentait {placenoun} pour {vous|toi}, à ce moment-là ?',
      '{Vous parlez|Tu parles} {de:placenoun} : quelle image {vous vient|te vient} en premier ?',
    ],
    time: [
      // The year she has just said is never the frame of the question (« En 1962, qui… ? » asks what she
      // told): it comes after, as a reminder of the time she spoke of (issue 30).
      'À cette époque-là, {time}, à quoi ressemblait une de {vos|tes} journées ordinaires ?',
      'Qui comptait le plus pour {vous|toi} à cette époque-là, {time} ?',
      'De quoi {rêviez-vous|rêvais-tu} à cette époque-là, {time} ?',
      'Que se passait-il autour de {vous|toi} {time} ?',
      'Où {habitiez-vous|habitais-tu} à cette époque-là, {time}, et avec qui ?',
      "{Vous aviez|Tu avais} {age} ans {time} : quel souvenir de cette année-là {vous revient|te revient} d'abord ?",
      // From here on (EVENT_TIME_FROM): a year that dates something she did, « j'ai épousé Robert en 1962 ».
      'Comment {avez-vous|as-tu} vécu ce moment, {time} ?',
      "Après ce moment, {time}, qu'est-ce qui a changé pour {vous|toi} ?",
      'Que {vous rappelez-vous|te rappelles-tu} de ce jour-là, ou de cette période, {time} ?',
      'Qui était à {vos|tes} côtés à ce moment-là, {time} ?',
    ],
    feeling: [
      '{Vous évoquez|Tu évoques} {feeling} : que se passait-il autour de {vous|toi} à ce moment-là ?',
      'Avec qui {avez-vous|as-tu} pu partager {feeling} ?',
      'Quand {vous repensez|tu repenses} à {feeling}, quelle image {vous revient|te revient} en premier ?',
      "Qu'est-ce qui, selon {vous|toi}, expliquait {feeling} ?",
      "{Feeling}… Que {ressentez-vous|ressens-tu} aujourd'hui, quand {vous y repensez|tu y repenses} ?",
    ],
    sense: [
      '{Vous parlez|Tu parles} {de:sense} : vers quel endroit, vers quel moment cela {vous ramène-t-il|te ramène-t-il} ?',
      '{Sense}… Quels autres souvenirs cela fait-il remonter ?',
      "Si {vous retrouviez|tu retrouvais} aujourd'hui {sense}, quel moment de {votre|ta} vie cela {vous rappellerait-il|te rappellerait-il} ?",
      '{Sense}, {dites-vous|dis-tu} : {pourriez-vous|pourrais-tu} me décrire ce moment-là plus en détail ?',
    ],
    // Names that are no person (issue 30). Their slots reuse the others': an animal is said as {person},
    // a firm or a school as {place} (« chez Manufrance », « à l'école Jules-Ferry ») and {placenoun}
    // (« l'usine Berliet »), a food or a drink as {sense} (« Chartreuse »).
    animal: [
      "Comment était {person}, et qui s'en occupait ?",
      "Y a-t-il une histoire {de:person} que l'on raconte encore dans la famille ?",
      'Quelle place avait {person} dans la maison, au quotidien ?',
      '{Vous parlez|Tu parles} {de:person} : quel souvenir {vous revient|te revient} en premier ?',
    ],
    firm: [
      'Comment se passait une journée {place} ?',
      'Qui {côtoyiez-vous|côtoyais-tu} {place}, et quelle ambiance y régnait-il ?',
      "Qu'est-ce que {vous faisiez|tu faisais} {place}, concrètement ?",
      '{Vous parlez|Tu parles} {de:placenoun} : quel souvenir {vous revient|te revient} en premier ?',
    ],
    school: [
      'Comment se passait une journée {place} ?',
      'Quel maître ou quelle maîtresse {retenez-vous|retiens-tu} surtout, {place} ?',
      "Qu'{avez-vous|as-tu} appris {place} qui {vous est resté|t'est resté} ?",
      'Avec qui {jouiez-vous|jouais-tu} dans la cour, {place} ?',
    ],
    food: [
      '{Vous parlez|Tu parles} {de:sense} : à quelles occasions en servait-on, chez {vous|toi} ?',
      '{Sense}… Qui, autour de {vous|toi}, en prenait, et à quel moment ?',
      '{Vous évoquez|Tu évoques} {sense} : quel moment de {votre|ta} vie cela {vous rappelle-t-il|te rappelle-t-il} ?',
    ],
  },
  hooks: {
    birthPlace:
      "{Vous avez|Tu as} vu le jour {place}. Qu'est-ce qui {vous revient|te revient} en premier quand {vous pensez|tu penses} à cet endroit ?",
    birthYear:
      '{Vous avez|Tu as} vu le jour en {year} : à quoi ressemblait le monde de {vos|tes} parents à ce moment-là ?',
    family:
      'Dans {vos|tes} réponses du début, {vous mentionnez|tu mentionnes} {person} : quel souvenir partagé {vous vient|te vient} en premier ?',
    children:
      'Dans {vos|tes} réponses du début, {vous mentionnez|tu mentionnes} {person} : quel moment passé ensemble {aimeriez-vous|aimerais-tu} raconter ?',
    work: 'Au début, {vous avez|tu as} noté : « {quote} ». Comment tout cela a-t-il commencé ?',
    audience:
      "Ce livre, {vous le destinez|tu le destines} à « {quote} ». {Qu'aimeriez-vous|Qu'aimerais-tu}, avant tout, faire découvrir de {vous|toi} à travers ces pages ?",
  },
  open: [
    "Y a-t-il, au sujet {topic}, un souvenir que nous n'avons pas encore abordé ?",
    "S'il fallait une seule image pour illustrer ce que {vous m'avez|tu m'as} dit {topic}, laquelle serait-ce ?",
    'Quelle anecdote, au sujet {topic}, {aimeriez-vous|aimerais-tu} encore ajouter à ce livre ?',
    "Qu'est-ce que {vos|tes} proches ignorent peut-être encore, au sujet {topic} ?",
  ],
  openAge: [
    'Vers {age} ans, à quoi ressemblaient {vos|tes} journées ?',
    'Vers {age} ans, qui comptait le plus pour {vous|toi} ?',
    'Vers {age} ans, où {viviez-vous|vivais-tu}, et dans quel décor ?',
    "Vers {age} ans, qu'est-ce qui {vous faisait|te faisait} plaisir ?",
  ],
  openYear: [
    "Que {retenez-vous|retiens-tu} de l'année {year} ?",
    'En {year}, où en était {votre|ta} vie ?',
  ],
};
