// Questions that would make the biographer ask again what the person already told (issue 35): a bank
// question whose answer an onboarding answer already gives, or one that asks, in another theme, what an
// earlier question asked. They count as asked, so a new chapter never opens on them (nor a turn goes to
// them). The ids are the bank's, the same in both languages.

/**
 * What makes a bank question redundant, by its id: `answer:<onboarding id>` once that onboarding answer
 * is given, `hook:<source>` once a question built on that onboarding answer has been asked, or another
 * question's id once it has been asked.
 */
const REDUNDANT_AFTER: Readonly<Record<string, readonly string[]>> = {
  // The onboarding's family question asks for the parents, brothers and sisters.
  'family.siblings': ['answer:family'],
  // "How did it all begin?" after her own words about her work is this question.
  'work.first_job': ['hook:work', 'youth.first_money'],
  'youth.first_money': ['work.first_job'],
  // The same question in two themes.
  'childhood.father': ['family.father'],
  'family.father': ['childhood.father'],
  'childhood.mother_days': ['family.mother'],
  'family.mother': ['childhood.mother_days'],
  'origins.grandparents': ['family.grandparents_time'],
  'family.grandparents_time': ['origins.grandparents'],
  'youth.best_friend': ['friendship.childhood_friend'],
  'friendship.childhood_friend': ['youth.best_friend'],
  'youth.going_out': ['friendship.gang'],
  'friendship.gang': ['youth.going_out'],
  'youth.songs': ['passions.music'],
  'passions.music': ['youth.songs'],
  'passions.hands': ['pride.made_by_hand'],
  'pride.made_by_hand': ['passions.hands'],
  'trials.helping_hand': ['friendship.there_for_you'],
  'friendship.there_for_you': ['trials.helping_hand'],
};

/**
 * The bank questions made redundant by what was asked (`asked`: question ids, hooks' `profile:<source>:…`
 * among them) and by the onboarding answers given (`answered`: their question ids).
 */
export function redundantQuestions(
  asked: ReadonlySet<string>,
  answered: ReadonlySet<string>,
): Set<string> {
  const facts = new Set<string>([...answered].map((id) => `answer:${id}`));
  for (const id of asked) {
    facts.add(id);
    const hook = /^profile:([a-z_]+):/.exec(id);
    if (hook) facts.add(`hook:${hook[1]}`);
  }
  const redundant = new Set<string>();
  for (const [id, after] of Object.entries(REDUNDANT_AFTER))
    if (after.some((fact) => facts.has(fact))) redundant.add(id);
  return redundant;
}
