// Accounts: sign-up, sign-in, the profile, terms acceptance, email validation, password recovery and
// deletion. Decides and coordinates; storage is the repository's, mail the mail service's.
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import { pickLocale } from '../../i18n/messages.ts';
import { normaliseLanguageTag } from '../../i18n/language-tag.ts';
import {
  dummyPasswordHash,
  hashPassword,
  isStrongPassword,
  verifyPassword,
} from '../../auth/passwords.ts';
import { hashLinkToken, newLinkToken, type TokenSigner } from '../../auth/tokens.ts';
import type { SignupBody, UpdateMeBody, UserPublic } from '../../contract/accounts.ts';
import type { MailService } from '../mail/service.ts';
import { EMAIL_PATTERN, normaliseEmail } from './emails.ts';
import type { AccountsRepository, UserRow } from './repository.ts';

const EMAIL_VALIDATION_TTL_MS = 48 * 60 * 60 * 1000;
const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
/** How long the previous address can undo an email change. */
export const EMAIL_CHANGE_UNDO_DAYS = 7;
const EMAIL_CHANGE_UNDO_TTL_MS = EMAIL_CHANGE_UNDO_DAYS * 24 * 60 * 60 * 1000;

function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
  return String(code) === '23505';
}

/** What owns data about a person registers here, so deleting an account deletes everything. */
export type UserDeletionHook = (userId: string, user: UserRow) => Promise<void>;

function checkEmail(email: string, field: string): string {
  const normalised = normaliseEmail(email);
  if (!EMAIL_PATTERN.test(normalised))
    throw new AppError('validation_error', {}, { loc: ['body', field] });
  return normalised;
}

/** The account's language with its region (« en-GB » stays « en-GB »: it picks how dates are written). */
export function normaliseLanguage(language: string | undefined): string {
  return normaliseLanguageTag(language);
}

export class AccountsService {
  private readonly deletionHooks: UserDeletionHook[] = [];

  constructor(
    private readonly repository: AccountsRepository,
    private readonly signer: TokenSigner,
    private readonly mail: MailService,
    private readonly config: Pick<Config, 'publicUrl' | 'termsVersion' | 'freeChapters'>,
  ) {}

  onUserDeleted(hook: UserDeletionHook): void {
    this.deletionHooks.push(hook);
  }

  toPublic(user: UserRow): UserPublic {
    const version = this.config.termsVersion;
    return {
      id: user.id,
      full_name: user.fullName,
      email: user.email,
      email_verified: user.emailVerified,
      is_cgu_valid: user.cguVersion >= version,
      is_cgv_valid: user.cgvVersion >= version,
      is_pdc_valid: user.pdcVersion >= version,
      account_type: user.accountType,
      current_language: user.currentLanguage,
      opt_in_marketing: user.optInMarketing,
      opt_in_tracking: user.optInTracking,
      free_chapters_allowed: this.freeChaptersLeft(user),
      record_answers: user.recordAnswers,
    };
  }

  freeChaptersLeft(user: Pick<UserRow, 'chaptersCreated'>): number {
    return Math.max(0, this.config.freeChapters - user.chaptersCreated);
  }

  async signup(body: SignupBody): Promise<UserRow> {
    const email = checkEmail(body.email, 'email');
    if (!isStrongPassword(body.password))
      throw new AppError('weak_password', {}, { loc: ['body', 'password'] });
    for (const field of ['cgu_validated', 'cgv_validated', 'pdc_validated'] as const) {
      if (body[field] !== true)
        throw new AppError('consent_required', {}, { loc: ['body', field] });
    }
    const version = this.config.termsVersion;
    const user = await this.repository.insert({
      email,
      passwordHash: await hashPassword(body.password),
      fullName: body.full_name?.trim() ?? '',
      accountType: body.account_type ?? 'standard',
      currentLanguage: normaliseLanguage(body.current_language),
      optInMarketing: body.opt_in_marketing ?? false,
      optInTracking: body.opt_in_tracking ?? false,
      cguVersion: version,
      cgvVersion: version,
      pdcVersion: version,
    });
    if (!user) throw new AppError('user_email_already_exists', {}, { loc: ['body', 'email'] });
    await this.sendEmailValidation(user);
    return user;
  }

  /** Same answer and the same work whether the email exists or not. */
  async login(username: string, password: string): Promise<string> {
    const user = await this.repository.findByEmail(normaliseEmail(username));
    const valid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
    if (!user || !valid) throw new AppError('incorrect_email_or_password');
    return this.signer.sign({ userId: user.id, tokenVersion: user.tokenVersion });
  }

  async authenticate(token: string): Promise<UserRow> {
    const claims = await this.signer.verify(token);
    if (!claims) throw new AppError('not_authenticated');
    const user = await this.repository.findById(claims.userId);
    if (!user || user.tokenVersion !== claims.tokenVersion) throw new AppError('not_authenticated');
    return user;
  }

  /** A person by email (the command line). */
  findByEmail(email: string): Promise<UserRow | null> {
    return this.repository.findByEmail(normaliseEmail(email));
  }

  /** A person by id, for the modules that act outside a request (jobs). */
  findUser(id: string): Promise<UserRow | null> {
    return this.repository.findById(id);
  }

  /**
   * Changes the profile. A new email needs the current password, mails the previous address a link
   * that undoes the change, ends every session and gives the caller a new token (`accessToken`).
   */
  async updateMe(
    user: UserRow,
    body: UpdateMeBody,
  ): Promise<{ user: UserRow; accessToken?: string }> {
    if (Object.values(body).every((value) => value === undefined))
      throw new AppError('validation_error', {}, { loc: ['body'] });
    const changes: Parameters<AccountsRepository['update']>[1] = {};
    if (body.full_name !== undefined) changes.fullName = body.full_name.trim();
    if (body.current_language !== undefined)
      changes.currentLanguage = normaliseLanguage(body.current_language);
    if (body.opt_in_marketing !== undefined) changes.optInMarketing = body.opt_in_marketing;
    if (body.opt_in_tracking !== undefined) changes.optInTracking = body.opt_in_tracking;
    if (body.record_answers !== undefined) changes.recordAnswers = body.record_answers;
    // Accepting the terms accepts the version in force; `false` is not a way to un-accept them.
    if (body.cgu_validated === true) changes.cguVersion = this.config.termsVersion;
    if (body.cgv_validated === true) changes.cgvVersion = this.config.termsVersion;
    if (body.pdc_validated === true) changes.pdcVersion = this.config.termsVersion;
    let emailChanged = false;
    if (body.email !== undefined) {
      const email = checkEmail(body.email, 'email');
      if (email !== user.email) {
        // Before anything else (even whether the address is taken): a borrowed session learns nothing.
        if (body.current_password === undefined)
          throw new AppError('validation_error', {}, { loc: ['body', 'current_password'] });
        if (!(await verifyPassword(user.passwordHash, body.current_password)))
          throw new AppError('incorrect_password', {}, { loc: ['body', 'current_password'] });
        const owner = await this.repository.findByEmail(email);
        if (owner) throw new AppError('user_email_already_exists', {}, { loc: ['body', 'email'] });
        changes.email = email;
        changes.emailVerified = false;
        emailChanged = true;
      }
    }
    let updated: UserRow | null;
    try {
      // A new address ends every session (the token version), in the same statement.
      updated = emailChanged
        ? await this.repository.bumpTokenVersion(user.id, changes)
        : await this.repository.update(user.id, changes);
    } catch (error) {
      if (emailChanged && isUniqueViolation(error))
        throw new AppError('user_email_already_exists', {}, { loc: ['body', 'email'] });
      throw error;
    }
    if (!updated) throw new AppError('not_authenticated');
    if (!emailChanged) return { user: updated };
    // Links mailed to the previous address stop working; that address gets the undo link instead.
    await this.repository.invalidateTokens(user.id, ['password_reset', 'email_validation']);
    await this.sendEmailChangedNotice(updated, user.email);
    await this.sendEmailValidation(updated);
    return {
      user: updated,
      accessToken: await this.signer.sign({
        userId: updated.id,
        tokenVersion: updated.tokenVersion,
      }),
    };
  }

  /**
   * The link mailed to the previous address: gives that address back (verified), sets a new password,
   * ends every session and every pending link of later changes, resets and validations.
   */
  async undoEmailChange(token: string, newPassword: string): Promise<UserRow> {
    if (!isStrongPassword(newPassword))
      throw new AppError('weak_password', {}, { loc: ['body', 'new_password'] });
    const row = await this.repository.consumeToken('email_change_undo', hashLinkToken(token));
    if (!row?.email) throw new AppError('invalid_token');
    let restored: UserRow | null;
    try {
      restored = await this.repository.bumpTokenVersion(row.userId, {
        email: row.email,
        emailVerified: true,
        passwordHash: await hashPassword(newPassword),
      });
    } catch (error) {
      // The previous address was taken by a new account meanwhile.
      if (isUniqueViolation(error)) throw new AppError('user_email_already_exists');
      throw error;
    }
    if (!restored) throw new AppError('invalid_token');
    await this.repository.invalidateTokens(row.userId, ['password_reset', 'email_validation']);
    // Undo links of later changes die; those of earlier changes stay, so an attacker holding the
    // link of a later change cannot use it to cancel the owner's.
    await this.repository.invalidateTokens(row.userId, 'email_change_undo', row.createdAt);
    return restored;
  }

  /**
   * Runs the hooks in the order they were registered, then deletes the row (which cascades, or detaches
   * what the operator keeps: `on delete set null`). The first hook stops the subscription with the payment
   * provider and throws when it cannot: then nothing has been changed (docs/decisions.md, issue 28).
   */
  async deleteMe(user: UserRow): Promise<void> {
    for (const hook of this.deletionHooks) await hook(user.id, user);
    await this.repository.delete(user.id);
  }

  async logoutEverywhere(user: UserRow): Promise<void> {
    await this.repository.bumpTokenVersion(user.id);
  }

  async validateEmail(token: string): Promise<void> {
    const row = await this.repository.consumeToken('email_validation', hashLinkToken(token));
    if (!row) throw new AppError('invalid_token');
    const user = await this.repository.findById(row.userId);
    // A link sent to an address the person has since changed validates nothing.
    if (!user || (row.email && row.email !== user.email)) throw new AppError('invalid_token');
    await this.repository.update(user.id, { emailVerified: true });
  }

  async requestPasswordReset(email: string): Promise<void> {
    const normalised = normaliseEmail(email);
    if (!EMAIL_PATTERN.test(normalised)) return;
    const user = await this.repository.findByEmail(normalised);
    // Only to an address the person proved: a changed, unverified address gets nothing (the answer
    // stays the same 200, so it tells nothing either).
    if (!user || !user.emailVerified) return;
    await this.repository.invalidateTokens(user.id, 'password_reset');
    const { token, hash } = newLinkToken();
    await this.repository.createToken(
      user.id,
      'password_reset',
      hash,
      new Date(Date.now() + PASSWORD_RESET_TTL_MS),
    );
    await this.mail.send(this.locale(user), user.email, {
      kind: 'password_reset',
      name: user.fullName,
      link: `${this.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`,
    });
  }

  /** Returns the person whose password changed (the route clears their login counters). */
  async resetPassword(token: string, newPassword: string): Promise<UserRow> {
    if (!isStrongPassword(newPassword))
      throw new AppError('weak_password', {}, { loc: ['body', 'new_password'] });
    const row = await this.repository.consumeToken('password_reset', hashLinkToken(token));
    if (!row) throw new AppError('invalid_token');
    // Every token issued before stops working; following a mailed link also proves the address.
    const user = await this.repository.bumpTokenVersion(row.userId, {
      passwordHash: await hashPassword(newPassword),
      emailVerified: true,
    });
    if (!user) throw new AppError('invalid_token');
    await this.repository.invalidateTokens(user.id, 'password_reset');
    return user;
  }

  private locale(user: UserRow) {
    return pickLocale(user.currentLanguage, undefined);
  }

  /** A new validation link to an address not confirmed yet; the links sent before stop working. */
  async resendEmailValidation(user: UserRow): Promise<void> {
    if (user.emailVerified) return;
    await this.repository.invalidateTokens(user.id, 'email_validation');
    await this.sendEmailValidation(user);
  }

  private async sendEmailChangedNotice(user: UserRow, previousEmail: string): Promise<void> {
    const { token, hash } = newLinkToken();
    await this.repository.createToken(
      user.id,
      'email_change_undo',
      hash,
      new Date(Date.now() + EMAIL_CHANGE_UNDO_TTL_MS),
      previousEmail,
    );
    await this.mail.send(this.locale(user), previousEmail, {
      kind: 'email_changed',
      name: user.fullName,
      newEmail: user.email,
      days: EMAIL_CHANGE_UNDO_DAYS,
      link: `${this.config.publicUrl}/undo-email-change?token=${encodeURIComponent(token)}`,
    });
  }

  private async sendEmailValidation(user: UserRow): Promise<void> {
    const { token, hash } = newLinkToken();
    await this.repository.createToken(
      user.id,
      'email_validation',
      hash,
      new Date(Date.now() + EMAIL_VALIDATION_TTL_MS),
      user.email,
    );
    await this.mail.send(this.locale(user), user.email, {
      kind: 'email_validation',
      name: user.fullName,
      link: `${this.config.publicUrl}/email-validation?token=${encodeURIComponent(token)}`,
    });
  }
}
