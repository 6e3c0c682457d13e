// Accounts: sign-up, sign-in, the profile, terms acceptance, email validation, password recovery and
// deletion. Decides and coordinates; storage is the repository's, mail the mail service's.
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import { pickLocale } from '../../i18n/messages.ts';
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

/** What owns data about a person registers here, so deleting an account deletes everything. */
export type UserDeletionHook = (userId: string) => Promise<void>;

function checkEmail(email: string, field: string): string {
  const normalised = normaliseEmail(email);
  if (!EMAIL_PATTERN.test(normalised))
    throw new AppError('validation_error', {}, { loc: ['body', field] });
  return normalised;
}

function normaliseLanguage(language: string | undefined): string {
  if (!language) return 'fr-FR';
  return language.toLowerCase().startsWith('en') ? 'en-US' : 'fr-FR';
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

  async updateMe(user: UserRow, body: UpdateMeBody): Promise<UserRow> {
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
        const owner = await this.repository.findByEmail(email);
        if (owner) throw new AppError('user_email_already_exists', {}, { loc: ['body', 'email'] });
        changes.email = email;
        changes.emailVerified = false;
        emailChanged = true;
      }
    }
    let updated: UserRow | null;
    try {
      updated = await this.repository.update(user.id, changes);
    } catch (error) {
      if (
        emailChanged &&
        String(
          (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code,
        ) === '23505'
      ) {
        throw new AppError('user_email_already_exists', {}, { loc: ['body', 'email'] });
      }
      throw error;
    }
    if (!updated) throw new AppError('not_authenticated');
    if (emailChanged) await this.sendEmailValidation(updated);
    return updated;
  }

  async deleteMe(user: UserRow): Promise<void> {
    for (const hook of this.deletionHooks) await hook(user.id);
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
    if (!user) return;
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

  async resetPassword(token: string, newPassword: string): Promise<void> {
    if (!isStrongPassword(newPassword))
      throw new AppError('weak_password', {}, { loc: ['body', 'new_password'] });
    const row = await this.repository.consumeToken('password_reset', hashLinkToken(token));
    if (!row) throw new AppError('invalid_token');
    // Every token issued before stops working; following a mailed link also proves the address.
    await this.repository.bumpTokenVersion(row.userId, {
      passwordHash: await hashPassword(newPassword),
      emailVerified: true,
    });
  }

  private locale(user: UserRow) {
    return pickLocale(user.currentLanguage, undefined);
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
