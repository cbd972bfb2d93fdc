/**
 * The owner's staff accounts: the first owner's setup link, invites, roles, turning an
 * account off, and the back office's change log. Every call but the setup link's and
 * joining is the owner's only.
 */
import { Type, type Static } from 'typebox';
import { SHOP_ROLES } from './backOffice';
import { FIELD_MESSAGES } from './messages';
import {
  EMAIL_PATTERN,
  MAX_ID,
  MAX_NAME_LENGTH,
  MAX_PAGE_SIZE,
  MIN_PASSWORD_LENGTH,
  NIGERIAN_MOBILE_PATTERN,
} from './rules';

/** A setup or invite code as links carry it: random letters, digits, - and _. */
const CodeField = Type.String({
  minLength: 16,
  maxLength: 100,
  // The length in the pattern too: a generator (the fuzz test's) then makes valid codes directly.
  pattern: '^[A-Za-z0-9_-]{16,100}$',
  errorMessage: 'This link is incomplete: open it again from the message you received',
});
const EmailField = Type.String({
  maxLength: 254,
  pattern: EMAIL_PATTERN,
  errorMessage: FIELD_MESSAGES.email,
});
const MobileField = Type.String({
  maxLength: 20,
  pattern: NIGERIAN_MOBILE_PATTERN,
  errorMessage: FIELD_MESSAGES.mobile,
});
const NameField = Type.String({
  minLength: 1,
  maxLength: MAX_NAME_LENGTH,
  pattern: '\\S',
  errorMessage: FIELD_MESSAGES.name,
});
const IdField = Type.Integer({ minimum: 1, maximum: MAX_ID, errorMessage: FIELD_MESSAGES.id });

/** How long an invite's code works. */
export const STAFF_INVITE_TTL_HOURS = 72;
/** How long the first owner's setup link works. */
export const OWNER_SETUP_TTL_HOURS = 24;

/** GET /staff/setup?code=: whether the link still works, and until when. */
export const OwnerSetupQuerySchema = Type.Object({ code: CodeField });
export type OwnerSetupQuery = Static<typeof OwnerSetupQuerySchema>;
export const OwnerSetupStatusSchema = Type.Object({ valid_until: Type.String() });
export type OwnerSetupStatus = Static<typeof OwnerSetupStatusSchema>;

/** POST /staff/setup: the first owner's account, made with the setup link's code. */
export const OwnerSetupSchema = Type.Object({
  code: CodeField,
  first_name: NameField,
  last_name: NameField,
  email: EmailField,
  mobile_number: MobileField,
  password: Type.String({
    minLength: MIN_PASSWORD_LENGTH,
    maxLength: 200,
    errorMessage: FIELD_MESSAGES.password,
  }),
  cpassword: Type.String({ maxLength: 200 }),
});
export type OwnerSetupRequest = Static<typeof OwnerSetupSchema>;

/** POST /staff/setup/claim and POST /staff/join: a signed-in account uses a code. */
export const StaffCodeSchema = Type.Object({ code: CodeField });
export type StaffCodeRequest = Static<typeof StaffCodeSchema>;

/** POST /staff/invites: exactly one of email and mobile_number. */
export const StaffInviteRequestSchema = Type.Object({
  email: Type.Optional(EmailField),
  mobile_number: Type.Optional(MobileField),
  role: Type.Enum(SHOP_ROLES),
});
export type StaffInviteRequest = Static<typeof StaffInviteRequestSchema>;

export const StaffInviteSchema = Type.Object({
  id: Type.Integer(),
  channel: Type.Enum(['email', 'sms']),
  /** The email address or mobile number the code went to. */
  sent_to: Type.String(),
  role: Type.Enum(SHOP_ROLES),
  invited_by: Type.String(),
  created_at: Type.String(),
  expires_at: Type.String(),
});
export type StaffInvite = Static<typeof StaffInviteSchema>;

export const StaffMemberSchema = Type.Object({
  id: Type.Integer(),
  first_name: Type.String(),
  last_name: Type.String(),
  email: Type.String(),
  mobile_number: Type.String(),
  role: Type.Enum(SHOP_ROLES),
  /** When the owner turned the account off; null while it works. */
  disabled_at: Type.Union([Type.String(), Type.Null()]),
  last_logged_in: Type.Union([Type.String(), Type.Null()]),
});
export type StaffMember = Static<typeof StaffMemberSchema>;

/** GET /staff/team: the members, owners first, and the invites not used yet. */
export const StaffTeamSchema = Type.Object({
  members: Type.Array(StaffMemberSchema),
  invites: Type.Array(StaffInviteSchema),
});
export type StaffTeam = Static<typeof StaffTeamSchema>;

export const StaffMemberParamsSchema = Type.Object({ userId: IdField });
export type StaffMemberParams = Static<typeof StaffMemberParamsSchema>;

/** PATCH /staff/team/:userId: a new role, or the account turned off (true) or on (false). */
export const StaffMemberUpdateSchema = Type.Object({
  role: Type.Optional(Type.Enum(SHOP_ROLES)),
  disabled: Type.Optional(Type.Boolean()),
});
export type StaffMemberUpdate = Static<typeof StaffMemberUpdateSchema>;

/** GET /staff/changes: newest first, optionally of one kind of thing or one thing. */
export const StaffChangesQuerySchema = Type.Object({
  entity: Type.Optional(Type.String({ minLength: 1, maxLength: 50 })),
  entity_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000_000 })),
});
export type StaffChangesQuery = Static<typeof StaffChangesQuerySchema>;

export const StaffChangeSchema = Type.Object({
  id: Type.Integer(),
  at: Type.String(),
  actor_id: Type.Union([Type.Integer(), Type.Null()]),
  /** The actor's name; 'The shop' for a change no person made (a script, a start). */
  actor_name: Type.String(),
  entity: Type.String(),
  entity_id: Type.Union([Type.String(), Type.Null()]),
  action: Type.String(),
  before: Type.Unknown(),
  after: Type.Unknown(),
});
export type StaffChange = Static<typeof StaffChangeSchema>;

export const StaffChangeListSchema = Type.Object({
  changes: Type.Array(StaffChangeSchema),
  total: Type.Integer(),
});
export type StaffChangeList = Static<typeof StaffChangeListSchema>;
