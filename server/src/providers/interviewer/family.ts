// How the biographer hands on a question from her family circle (issue 31): « Votre fille Marie vous
// demande : « … » », in her chosen form of address. Both interviewers say it the same way: the embedded one
// as its first question, the model server's is told to ask it so.
import type { Register } from './render.ts';
import { capitalize, typeset } from './text.ts';
import type { FamilyQuestion, Language } from './types.ts';

/** Nouns she may give without a possessive that take « ta » rather than « ton » when she is tutoyée. */
const FEMININE =
  /^(fille|petite-fille|arrière-petite-fille|belle-fille|sœur|soeur|belle-sœur|belle-soeur|nièce|niece|cousine|tante|mère|mere|maman|belle-mère|belle-mere|femme|épouse|epouse|amie|voisine|marraine|filleule|compagne)$/i;

/** « ma fille » → « votre fille » / « ta fille »; a bare noun gets the possessive; null when none given. */
function frRelation(relation: string, register: Register): { phrase: string; plural: boolean } {
  const tu = register === 'tu';
  const match = /^(ma|mon|mes|notre|nos|votre|vos|ta|ton|tes)\s+(.+)$/i.exec(relation);
  if (match) {
    const rest = match[2]!;
    const possessive = match[1]!.toLowerCase();
    const plural = ['mes', 'nos', 'vos', 'tes'].includes(possessive);
    if (plural) return { phrase: `${tu ? 'tes' : 'vos'} ${rest}`, plural };
    const own = ['ma', 'ta'].includes(possessive)
      ? 'ta'
      : ['mon', 'ton'].includes(possessive)
        ? 'ton'
        : FEMININE.test(rest)
          ? 'ta'
          : 'ton';
    return { phrase: `${tu ? own : 'votre'} ${rest}`, plural: false };
  }
  const feminine = FEMININE.test(relation) && !/^[aeiouyhéèêàâîôû]/i.test(relation);
  return { phrase: `${tu ? (feminine ? 'ta' : 'ton') : 'votre'} ${relation}`, plural: false };
}

function enRelation(relation: string): string {
  const match = /^(my|our|your)\s+(.+)$/i.exec(relation);
  return `your ${match ? match[2]! : relation}`;
}

/** The sentence that asks her the family's question, ready to be shown and spoken. */
export function familyQuestionLine(
  question: FamilyQuestion,
  language: Language,
  register: Register,
): string {
  const name = question.askerName?.trim() || null;
  const relation = question.relation?.trim() || null;
  const text = question.text.replace(/\s+/g, ' ').trim();
  if (language === 'en') {
    const subject = relation
      ? `${enRelation(relation)}${name ? ` ${name}` : ''}`
      : (name ?? 'someone in your family');
    return typeset(`${capitalize(subject)} asks you: “${text}”`, 'en');
  }
  const tu = register === 'tu';
  let subject: string;
  let plural = false;
  if (relation) {
    const said = frRelation(relation, register);
    subject = `${said.phrase}${name ? ` ${name}` : ''}`;
    plural = said.plural;
  } else subject = name ?? (tu ? 'un de tes proches' : 'un de vos proches');
  const verb = tu
    ? plural
      ? 'te demandent'
      : 'te demande'
    : plural
      ? 'vous demandent'
      : 'vous demande';
  return typeset(`${capitalize(subject)} ${verb} : « ${text} »`, 'fr');
}

/** The line added to the model server's opening instruction, so that its first question is the family's. */
export function familyQuestionInstruction(
  question: FamilyQuestion,
  language: Language,
  register: Register,
): string {
  const line = familyQuestionLine(question, language, register);
  return language === 'en'
    ? `(This time, the first question comes from the person's family: after the greeting, ask it exactly like this, and ask nothing else: ${line})`
    : `(Cette fois, la première question vient de sa famille : après la salutation, posez-la exactement ainsi, et ne posez aucune autre question : ${line})`;
}
