// The shape of a phrasebook: everything the embedded interviewer says besides the bank questions. Shared
// by the lookup (phrases.ts) and the phrasebooks (phrases.fr.ts, phrases.en.ts) so that none of them
// imports another's importer.
//
// Template ids are derived from list positions (`more:3`, `follow:place:<hash>-2`) and stored forever as
// asked questions: append new templates at the end of a list, never reorder or delete.
import type { DetailKind } from './detect.ts';

export interface Phrasebook {
  greetingFirst: { named: string[]; anonymous: string[] };
  greetingAgain: { named: string[]; anonymous: string[] };
  /** first chapter only: what is going to happen */
  introFirst: string[];
  /** later chapters: the previous chapter's title, {title} */
  lastTime: string[];
  /** the chapter's theme, {topic} */
  themeIntro: string[];
  ack: {
    neutral: string[];
    /** {name} */
    named: string[];
    long: string[];
    heavy: string[];
    /** "I don't remember" */
    unsure: string[];
    /** "I'd rather not talk about it" */
    refusal: string[];
    /** the person asked the interviewer a question: it says plainly what it is */
    questionBack: string[];
  };
  /** moving to another theme, {topic} */
  transition: string[];
  /** asking gently for more after a short answer; each one is asked once in a lifetime */
  more: string[];
  /** follow-ups on a detail: {person} {place} {time} (+ {age}) {feeling} {sense} */
  followUps: Record<DetailKind, string[]>;
  /** first questions built on the onboarding answers */
  hooks: {
    birthPlace: string;
    birthYear: string;
    family: string;
    children: string;
    work: string;
    audience: string;
  };
  /** when the bank is used up: per theme, {topic} */
  open: string[];
  /** then by age, {age} */
  openAge: string[];
  /** then by year, {year} */
  openYear: string[];
}
