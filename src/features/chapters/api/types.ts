// Wire types of the calls the chapter list makes (api.md § Conversations, § Books, § Premium), declared
// here until server/src/contract/ exports them; the field names are the server's, exactly.

export interface ImageWire {
  id: string;
  url: string;
  legend: string | null;
  position: number;
}

export type SummaryAction = 'undo' | 'redo';

export interface ConversationWire {
  id: string;
  title_infos: { title: string | null };
  keywords_infos: { keywords: string[] };
  /** `summary` is null in lists unless `include_summaries=true`. */
  summary_infos: { summary: string | null; allowed_actions: SummaryAction[] };
  images: ImageWire[];
  created_at: string;
  updated_at: string;
  conv_author: string | null;
  chat_count?: number;
}

export interface ListWire<T> {
  data: T[];
  count: number;
}

export type BookGenerationStatus = 'ongoing' | 'success' | 'failure' | (string & {});

export interface BookWire {
  id: string;
  author: string;
  title: string;
  subtitle: string;
  conversation_ids: string[];
  created_at: string;
  generation_status: BookGenerationStatus;
  url_pdf: string | null;
  url_web_pdf: string | null;
  url_cover_preview: string | null;
  page_count?: number | null;
}

export interface PremiumStatusWire {
  is_full_access_granted: boolean;
  full_access_until: string | null;
  subscription: { status: string; cancel_at: string | null } | null;
  free_chapters_allowed: number;
}
