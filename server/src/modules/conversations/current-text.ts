// The text a chapter shows now: its summary version at the cursor (conversations.summary_cursor). Read
// in the same query as the chapter by every module that shows it (her list, the circle's chapters, the
// circle's news), so the rule lives here once.
import { sql } from 'drizzle-orm';

// Written out by hand: Drizzle leaves the outer table's name off its columns in a one-table select,
// which would make `id` inside these correlated subqueries mean the inner table's own id.
const atCursor = sql.raw(
  `from summary_versions v where v.conversation_id = "conversations"."id" and v.version = "conversations"."summary_cursor"`,
);

/** The chapter's current text, or null before its first summary. */
export const currentText = sql<string | null>`(select v.text ${atCursor})`;

/** The faithfulness warnings of that text, or null. */
export const currentWarnings = sql<string[] | null>`(select v.warnings ${atCursor})`;

/** The first `length` characters of the current text (a teaser). */
export function currentTextStart(length: number) {
  return sql<
    string | null
  >`(select left(v.text, ${sql.raw(String(Math.trunc(length)))}) ${atCursor})`;
}
