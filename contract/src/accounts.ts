import { z } from 'zod';
import { LanguageCodeSchema } from './languages.ts';
import { ShortNameSchema } from './restaurant.ts';
import { StaffRoleSchema } from './staff.ts';

/**
 * Restaurant accounts (issue 26, docs/decisions/058): sign-up, e-mail confirmation, password reset, and the
 * team — invitations, roles, disabling. Links in mails carry a one-time token: random, stored hashed,
 * single use, expiring.
 */

export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 200;

/**
 * The refusals the web app tells apart (and says in the member's language); the server sends exactly these.
 * A link: unknown 404, used or expired 410. Sign-up and invitations: an address that has an account 409.
 */
export const ACCOUNT_ERRORS = {
  linkInvalid: 'This link is not valid: check that it was copied whole, or ask for a new one',
  linkExpired: 'This link has expired: ask for a new one',
  linkUsed: 'This link has already been used: ask for a new one if you still need it',
  emailTaken: 'An account with this e-mail address already exists: log in, or reset its password',
  ownersOnly: 'Only an owner can invite an owner, make someone an owner, or change an owner’s account',
  lastOwner: 'The restaurant’s last owner cannot be demoted or disabled: make someone else an owner first',
  disableSelf: 'You cannot disable your own account: ask another owner or manager',
} as const;

/** How long each mailed link works. */
export const CONFIRM_EMAIL_TTL_HOURS = 7 * 24;
export const PASSWORD_RESET_TTL_HOURS = 1;
export const INVITATION_TTL_HOURS = 7 * 24;

export const PasswordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `needs at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(MAX_PASSWORD_LENGTH, `at most ${MAX_PASSWORD_LENGTH} characters`);

export const AccountEmailSchema = z.email('must be an e-mail address').max(254);

/** The token of a mailed link: 32 random bytes, base64url. */
export const AccountTokenSchema = z
  .string()
  .min(20, 'is not a valid link')
  .max(200, 'is not a valid link')
  .regex(/^[A-Za-z0-9_-]+$/, 'is not a valid link');

/** POST accountPaths.signUp → 201 StaffMe (signed in as the new restaurant's OWNER). */
export const SignUpRequestSchema = z.strictObject({
  restaurantName: z.string().trim().min(1, 'is required').max(200),
  shortName: ShortNameSchema,
  email: AccountEmailSchema,
  password: PasswordSchema,
  /** The language the owner signed up in: their mails are written in it. */
  language: LanguageCodeSchema,
});
export type SignUpRequest = z.infer<typeof SignUpRequestSchema>;

/** GET accountPaths.shortName(name): checked as the short name is typed. */
export const ShortNameAvailabilitySchema = z.object({
  shortName: z.string(),
  available: z.boolean(),
});
export type ShortNameAvailability = z.infer<typeof ShortNameAvailabilitySchema>;

/** POST accountPaths.confirmEmail → 200 { email }. */
export const TokenRequestSchema = z.strictObject({ token: AccountTokenSchema });
export const ConfirmedEmailSchema = z.object({ email: z.string() });

/** POST accountPaths.passwordReset → 202 whether or not the address has an account (nothing is revealed). */
export const PasswordResetRequestSchema = z.strictObject({
  email: AccountEmailSchema,
  language: LanguageCodeSchema,
});

/** POST accountPaths.completePasswordReset → 204; every session of the account ends. */
export const CompletePasswordResetRequestSchema = z.strictObject({
  token: AccountTokenSchema,
  password: PasswordSchema,
});

/** POST accountPaths.invitation → what the invitation is for, before the invitee sets a password. */
export const InvitationPreviewSchema = z.object({
  email: z.string(),
  role: StaffRoleSchema,
  restaurantName: z.string(),
});
export type InvitationPreview = z.infer<typeof InvitationPreviewSchema>;

/** POST accountPaths.acceptInvitation → 200 StaffMe (signed in). */
export const AcceptInvitationRequestSchema = z.strictObject({
  token: AccountTokenSchema,
  password: PasswordSchema,
});

/** The team screen (GET staffTeamPaths.team, permission manageStaff). */
export const TeamMemberSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: StaffRoleSchema,
  disabled: z.boolean(),
  /** Signed up or accepted an invitation by a mailed link (CLI-made accounts are not). */
  emailConfirmed: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type TeamMember = z.infer<typeof TeamMemberSchema>;

export const TeamInvitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: StaffRoleSchema,
  createdAt: z.iso.datetime({ offset: true }),
  expiresAt: z.iso.datetime({ offset: true }),
  expired: z.boolean(),
});
export type TeamInvitation = z.infer<typeof TeamInvitationSchema>;

export const TeamSchema = z.object({
  members: z.array(TeamMemberSchema),
  /** Invitations not yet accepted (expired ones too, to be sent again or withdrawn). */
  invitations: z.array(TeamInvitationSchema),
});
export type Team = z.infer<typeof TeamSchema>;

/** POST staffTeamPaths.invitations → 201 TeamInvitation. Inviting the same address again renews its link. */
export const InviteRequestSchema = z.strictObject({
  email: AccountEmailSchema,
  role: StaffRoleSchema,
  /** The invitee's language: the mail and the link's screen are in it. */
  language: LanguageCodeSchema,
});
export type InviteRequest = z.infer<typeof InviteRequestSchema>;

/** PATCH staffTeamPaths.member(id) → 200 TeamMember. */
export const UpdateMemberRequestSchema = z
  .strictObject({ role: StaffRoleSchema.optional(), disabled: z.boolean().optional() })
  .refine((body) => body.role !== undefined || body.disabled !== undefined, {
    message: 'give a role or disabled',
    path: ['role'],
  });
export type UpdateMemberRequest = z.infer<typeof UpdateMemberRequestSchema>;

/** The public account API, relative to `/api` (no session needed). */
export const accountPaths = {
  signUp: () => '/accounts/sign-up',
  shortName: (shortName: string) => `/accounts/short-names/${encodeURIComponent(shortName)}`,
  confirmEmail: () => '/accounts/confirm-email',
  passwordReset: () => '/accounts/password-reset',
  completePasswordReset: () => '/accounts/password-reset/complete',
  invitation: () => '/accounts/invitation',
  acceptInvitation: () => '/accounts/invitation/accept',
} as const;

/** The team API, relative to `/api`: a staff route (cookie session, CSRF, permission manageStaff). */
export const staffTeamPaths = {
  team: () => '/staff/team',
  invitations: () => '/staff/team/invitations',
  invitation: (id: number) => `/staff/team/invitations/${id}`,
  member: (id: number) => `/staff/team/members/${id}`,
  memberPasswordReset: (id: number) => `/staff/team/members/${id}/password-reset`,
  /** The signed-in member asks for a new confirmation mail. */
  resendConfirmation: () => '/staff/account/confirmation',
} as const;

/** Where the mailed links open (the web app's screens; the token rides in the query). */
export const accountScreens = {
  register: (lang: string) => `/register/${lang}`,
  confirmEmail: (lang: string) => `/account/confirm-email/${lang}`,
  forgotPassword: (lang: string) => `/account/forgot-password/${lang}`,
  resetPassword: (lang: string) => `/account/reset-password/${lang}`,
  invitation: (lang: string) => `/account/invitation/${lang}`,
} as const;
