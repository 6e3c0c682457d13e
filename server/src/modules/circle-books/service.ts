// A contributor prepares her book (issue 31): a joined contributor she allowed (`can_make_book`) opens the
// book wizard on her chapters released to the circle, and only those; the book is made for HER (user_id,
// her full access, her language, her « Mes livres »), with `made_by` naming who prepared it, and she is
// told by mail. The member sees only the books they made for her, while they keep the right. Who may do
// what is read from the database on every request, so a member removed, or the right turned off, is
// refused at the very next call; the books stay hers.
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError, registerErrorStatus } from '../../errors.ts';
import { registerErrorMessages, userLocale } from '../../i18n/messages.ts';
import { isUuid } from '../../input.ts';
import type {
  Book,
  BookImageRef,
  BookList,
  BookSuggestions,
  BookSuggestionsBody,
  CreateBookBody,
} from '../../contract/books.ts';
import type { CircleBookChapterList } from '../../contract/circle-books.ts';
import type { StorageProvider } from '../../providers/storage/types.ts';
import type { UserRow } from '../accounts/repository.ts';
import type { AccountsService } from '../accounts/service.ts';
import type { BooksService } from '../books/service.ts';
import { CircleAccess, type CircleSeat } from '../circle/access.ts';
import { CircleRepository } from '../circle/repository.ts';
import type { ConversationsService } from '../conversations/service.ts';
import type { MailService } from '../mail/service.ts';
import type { CircleBooksRepository } from './repository.ts';

// A business rule, so a 409 and never a 403 (api.md: the app signs out on 403).
registerErrorStatus('book_not_allowed', 409);
registerErrorMessages({
  book_not_allowed: {
    fr: 'La personne qui raconte ne vous a pas (ou plus) permis de préparer son livre. Demandez-le-lui.',
    en: 'The storyteller has not allowed you (or no longer allows you) to prepare the book. Ask them.',
  },
});

export class CircleBooksService {
  private readonly access: CircleAccess;
  private readonly circle: CircleRepository;

  constructor(
    db: Db,
    private readonly repository: CircleBooksRepository,
    private readonly books: BooksService,
    private readonly conversations: ConversationsService,
    private readonly accounts: AccountsService,
    private readonly storage: StorageProvider,
    private readonly mail: MailService,
    private readonly config: Pick<Config, 'publicUrl'>,
  ) {
    this.access = new CircleAccess(db);
    this.circle = new CircleRepository(db);
  }

  /**
   * The member's seat with the right to prepare her book, and her account: 404 for anyone not (or no
   * longer) in her circle, 409 `contributor_only` for a reader, 409 `book_not_allowed` without the right.
   */
  private async allowed(
    member: UserRow,
    ownerId: string,
  ): Promise<{ seat: CircleSeat; owner: UserRow }> {
    const seat = await this.access.requireSeat(ownerId, member.id, 'contributor');
    if (!seat.canMakeBook) throw new AppError('book_not_allowed');
    const owner = await this.accounts.findUser(ownerId);
    if (!owner) throw new AppError('not_found');
    return { seat, owner };
  }

  /** The ids of her chapters released to the circle. */
  private async released(ownerId: string): Promise<Set<string>> {
    return new Set((await this.circle.releasedChapters(ownerId)).map((row) => row.id));
  }

  /** `GET /circles/{storytellerId}/books/chapters`: her released chapters with a title, oldest first. */
  async chapters(member: UserRow, ownerId: string): Promise<CircleBookChapterList> {
    await this.allowed(member, ownerId);
    const rows = await this.conversations.chaptersOf(ownerId, [...(await this.released(ownerId))]);
    const titled = rows
      .filter((row) => row.title?.trim())
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    const data = await Promise.all(
      titled.map(async (row) => ({
        id: row.id,
        title: row.title!.trim(),
        created_at: row.createdAt.toISOString(),
        text: row.summary,
        images: await Promise.all(
          (await this.circle.pictures(row.id)).map(async (picture) => ({
            id: picture.id,
            url: await this.storage.signedUrl(picture.key),
            legend: picture.legend,
          })),
        ),
      })),
    );
    return { data, count: data.length };
  }

  /** `POST /circles/{storytellerId}/books/suggestions`: as hers, on her released chapters only. */
  async suggestions(
    member: UserRow,
    ownerId: string,
    body: BookSuggestionsBody,
  ): Promise<BookSuggestions> {
    const { owner } = await this.allowed(member, ownerId);
    const released = await this.released(ownerId);
    if (!body.conversation_ids.every((id) => released.has(id)))
      throw new AppError('not_found', {}, { loc: ['body', 'conversation_ids'] });
    return this.books.suggestions(owner, body);
  }

  /**
   * `POST /circles/{storytellerId}/books`: her book, made by this member. Chapters must be released to the
   * circle (else 404, as a private chapter is not seen); a cover or portrait must be a picture of one of
   * the book's chapters (her own photos are not the member's to see). No voice codes: they open listening
   * pages of her recordings, which she alone shares.
   */
  async create(member: UserRow, ownerId: string, body: CreateBookBody): Promise<Book> {
    const { owner } = await this.allowed(member, ownerId);
    const released = await this.released(ownerId);
    body.conversation_ids.forEach((id, index) => {
      if (!released.has(id))
        throw new AppError('not_found', {}, { loc: ['body', 'conversation_ids', index] });
    });
    const chosen = new Set(body.conversation_ids);
    const pictureOk = (ref: BookImageRef | null | undefined) =>
      !ref || (ref.conv_id !== null && chosen.has(ref.conv_id) && isUuid(ref.image_id));
    for (const field of ['front_cover_image_id', 'back_cover_image_id'] as const)
      if (!pictureOk(body[field])) throw new AppError('not_found', {}, { loc: ['body', field] });
    const book = await this.books.create(
      owner,
      { ...body, voice_codes: false },
      { madeBy: member.id },
    );
    await this.mail.send(userLocale(owner), owner.email, {
      kind: 'circle_book_prepared',
      name: owner.fullName,
      contributor: member.fullName,
      title: book.title,
      link: `${this.config.publicUrl}/books`,
    });
    return book;
  }

  /** `GET /circles/{storytellerId}/books`: the books this member prepared for her, newest first. */
  async list(member: UserRow, ownerId: string, skip: number, limit: number): Promise<BookList> {
    await this.allowed(member, ownerId);
    const { rows, count } = await this.repository.madeBy(ownerId, member.id, skip, limit);
    const locale = userLocale(member);
    return { data: await Promise.all(rows.map((row) => this.books.present(row, locale))), count };
  }

  /** `GET /circles/{storytellerId}/books/{id}`: one of them; any other book is a 404. */
  async get(member: UserRow, ownerId: string, id: string): Promise<Book> {
    await this.allowed(member, ownerId);
    const row = isUuid(id) ? await this.repository.findMadeBy(ownerId, member.id, id) : null;
    if (!row) throw new AppError('not_found');
    return this.books.present(row, userLocale(member));
  }
}
