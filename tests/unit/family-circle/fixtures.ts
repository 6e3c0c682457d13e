// Wire answers of a member's side of the family circle (server/src/contract/circle.ts).
import type {
  CircleChapter,
  CircleChapterSummary,
  CircleQuestion,
  Membership,
} from '@contract/circle';

export const STORYTELLER_ID = '5d0c5f1e-0000-4000-8000-00000000a001';
export const CHAPTER_ID = '5d0c5f1e-0000-4000-8000-00000000c001';
export const OLDER_CHAPTER_ID = '5d0c5f1e-0000-4000-8000-00000000c002';
export const TOKEN = 'invitation-token-123';

export const list = <T>(data: T[]) => ({ data, count: data.length });

export function membership(changes: Partial<Membership> = {}): Membership {
  return {
    storyteller_id: STORYTELLER_ID,
    storyteller_name: 'Jeanne',
    role: 'reader',
    notify: 'immediate',
    can_make_book: false,
    joined_at: '2026-10-01T10:00:00Z',
    ...changes,
  };
}

export const summaries: CircleChapterSummary[] = [
  {
    id: OLDER_CHAPTER_ID,
    title: "L'école du village",
    first_lines: "J'allais à l'école à pied, trois kilomètres chaque matin.",
    thumbnail_url: null,
    released_at: '2026-09-01T10:00:00Z',
    updated_at: '2026-09-01T10:00:00Z',
  },
  {
    id: CHAPTER_ID,
    title: 'Le bal de 1962',
    first_lines: "C'était un samedi de juin, il faisait chaud.",
    thumbnail_url: '/media/bal-thumb.jpg',
    released_at: '2026-10-10T10:00:00Z',
    updated_at: '2026-10-10T10:00:00Z',
  },
];

export function chapter(changes: Partial<CircleChapter> = {}): CircleChapter {
  return {
    id: CHAPTER_ID,
    title: 'Le bal de 1962',
    keywords: ['bal'],
    text: "C'était un samedi de juin, il faisait chaud.\n\nPierre m'a invitée à danser.",
    pictures: [
      {
        id: '5d0c5f1e-0000-4000-8000-00000000p001',
        url: '/media/bal.jpg',
        thumbnail_url: '/media/bal-thumb.jpg',
        legend: 'La salle des fêtes',
        position: 1,
        credit: null,
      },
      {
        id: '5d0c5f1e-0000-4000-8000-00000000p002',
        url: '/media/robe.jpg',
        thumbnail_url: '/media/robe-thumb.jpg',
        legend: 'Maman dans sa robe bleue',
        position: 2,
        credit: 'Marie',
      },
    ],
    words: [
      {
        id: '5d0c5f1e-0000-4000-8000-00000000w001',
        author_name: 'Paul',
        text: 'Merci Mamie, je ne connaissais pas cette histoire.',
        created_at: '2026-10-11T10:00:00Z',
        hidden: false,
        printed: false,
        mine: false,
      },
      {
        id: '5d0c5f1e-0000-4000-8000-00000000w002',
        author_name: 'Marie',
        text: 'Quelle belle robe !',
        created_at: '2026-10-12T10:00:00Z',
        hidden: false,
        printed: false,
        mine: true,
      },
    ],
    released_at: '2026-10-10T10:00:00Z',
    updated_at: '2026-10-10T10:00:00Z',
    ...changes,
  };
}

export function question(changes: Partial<CircleQuestion> = {}): CircleQuestion {
  return {
    id: '5d0c5f1e-0000-4000-8000-00000000q001',
    text: 'Comment as-tu rencontré papa ?',
    asker_name: 'Marie',
    relation: 'fille',
    status: 'answered',
    conversation_id: CHAPTER_ID,
    created_at: '2026-10-05T10:00:00Z',
    ...changes,
  };
}
