/**
 * The owner's staff accounts: the first owner's setup link, invites, roles, turning an
 * account off, and the change log. The owner's calls go through the owner-only guard; the
 * setup link answers without an account (its code is the proof), and joining needs only a
 * signed-in account and an invite's code. Every change is written with recordChange in the
 * transaction that makes it.
 */
import {
  OWNER_SETUP_TTL_HOURS,
  OwnerSetupQuerySchema,
  OwnerSetupSchema,
  OwnerSetupStatusSchema,
  STAFF_INVITE_TTL_HOURS,
  STAFF_PAGE_SIZE,
  StaffChangeListSchema,
  StaffChangesQuerySchema,
  StaffCodeSchema,
  StaffInviteRequestSchema,
  StaffInviteSchema,
  StaffMeSchema,
  StaffMemberParamsSchema,
  StaffMemberSchema,
  StaffMemberUpdateSchema,
  StaffTeamSchema,
  FIELD_MESSAGES,
  type ShopRole,
  type StaffMe,
} from '../../../contract';
import { isCommonPassword } from '../auth/commonPasswords';
import type { Clock } from '../clock';
import type { RoutePlugin } from '../context';
import { recordChange } from '../db/changes';
import { isUniqueViolation, type Database, type Queryable } from '../db/client';
import {
  countOwners,
  findSetupCode,
  hashCode,
  insertInvite,
  insertSetupCode,
  listChanges,
  listMembers,
  listOpenInvites,
  lockActiveOwners,
  lockMember,
  newCode,
  openSetupWindow,
  updateMember,
  useInvite,
  useSetupCode,
} from '../db/staffAccounts';
import { findUserById, normalizeEmail, normalizeMobile, type UserRecord } from '../db/users';
import type { OutgoingMessage } from '../mail/mailer';
import { SHOP_NAME } from '../mail/messages';
import { currentUser } from '../plugins/auth';
import { conflict, issue, notFound, unprocessable } from '../plugins/errors';
import { loopbackOnly } from '../plugins/loopback';
import { shopRole } from './roles';

const HOUR_MS = 3_600_000;
// Any fixed number: servers starting together take turns deciding on the setup link.
const SETUP_LOCK = 727_274_013;

const SETUP_LINK_USED =
  'This setup link has expired or was already used. Restart the shop to print a new one, or ask whoever set up the shop.';
const INVITE_USED =
  'This invite has expired or was already used. Ask the shop owner to send you a new one.';
const HAS_OWNER = 'The shop already has an owner: sign in instead, or ask the owner for an invite.';
const LAST_OWNER =
  'The shop needs at least one owner who can sign in. Make someone else owner first.';

const asMe = (user: UserRecord, role: ShopRole): StaffMe => ({
  id: user.id,
  email: user.email,
  first_name: user.firstName,
  role,
});

/**
 * On a production start with no owner: the one line to print, with a setup link that works
 * once, until 24 hours after the first such start. A later start within those hours prints
 * a new link with the same end (the earlier ones keep working until one is used), so a
 * restart neither stretches the window nor loses the way in. Null when the shop has an owner.
 */
export async function ownerSetupLine(
  db: Database,
  clock: Clock,
  publicUrl: string,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SETUP_LOCK]);
    if ((await countOwners(tx)) > 0) return null;
    const now = clock.now();
    const until =
      (await openSetupWindow(tx, now)) ?? new Date(now.getTime() + OWNER_SETUP_TTL_HOURS * HOUR_MS);
    const code = newCode();
    await insertSetupCode(tx, hashCode(code), now, until);
    return `No shop owner yet: open ${publicUrl}/staff/setup?code=${code} to create one (works once, until ${until.toISOString()}).`;
  });
}

function inviteMessage(
  invite: { channel: 'email' | 'sms'; to: string; role: ShopRole },
  inviter: UserRecord,
  link: string,
  expiresAt: Date,
): OutgoingMessage {
  const as = invite.role === 'owner' ? 'an owner' : 'a staff member';
  const until = `${expiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  if (invite.channel === 'sms') {
    return {
      to: invite.to,
      channel: 'sms',
      secret: true,
      subject: `${SHOP_NAME} staff invite`,
      text: `${SHOP_NAME}: ${inviter.firstName} invites you to the shop's back office as ${as}. Open ${link} before ${until}.`,
      expiresAt,
    };
  }
  return {
    to: invite.to,
    channel: 'email',
    secret: true,
    subject: `${inviter.firstName} invites you to run ${SHOP_NAME}`,
    text: [
      'Hello,',
      '',
      `${inviter.firstName} ${inviter.lastName} invites you to ${SHOP_NAME}'s back office as ${as}.`,
      `Open this link, then sign in or create an account: ${link}`,
      '',
      `The link works once, until ${until}. If you did not expect it, ignore this email.`,
    ].join('\n'),
    expiresAt,
  };
}

const staffAccountsRoutes: RoutePlugin = async (app, { ctx }) => {
  const { db, config, clock } = ctx;
  const local = config.mode === 'demo' ? { onRequest: loopbackOnly } : {};
  const owner = { ...local, preValidation: [ctx.requireUser, shopRole(db, ['owner'])] };
  const signedIn = { ...local, preValidation: ctx.requireUser };

  /** Makes the account a member with `role`, turned on; recorded as `actorId`'s change. */
  async function makeMember(
    tx: Queryable,
    user: UserRecord,
    role: ShopRole,
    actorId: number,
    why: Record<string, unknown>,
  ): Promise<ShopRole> {
    const before = await tx.query<{ role: string; disabled: boolean }>(
      'SELECT role, staff_disabled_at IS NOT NULL AS disabled FROM users WHERE id = $1 FOR UPDATE',
      [user.id],
    );
    const was = before[0];
    // An invite never lowers an owner to staff.
    const next: ShopRole = was?.role === 'owner' ? 'owner' : role;
    await updateMember(tx, user.id, { role: next, disabledAt: null });
    await recordChange(tx, {
      actorId,
      entity: 'staff',
      entityId: user.id,
      action: 'update',
      before: { role: was?.role, disabled: was?.disabled ?? false },
      after: { role: next, disabled: false, ...why },
    });
    return next;
  }

  app.get(
    '/staff/setup',
    {
      ...local,
      schema: { querystring: OwnerSetupQuerySchema, response: { 200: OwnerSetupStatusSchema } },
    },
    async (request) => {
      if ((await countOwners(db)) > 0) throw conflict(HAS_OWNER);
      const until = await findSetupCode(db, hashCode(request.query.code), clock.now());
      if (!until) throw notFound(SETUP_LINK_USED);
      return { valid_until: until.toISOString() };
    },
  );

  app.post(
    '/staff/setup',
    { ...local, schema: { body: OwnerSetupSchema, response: { 201: StaffMeSchema } } },
    async (request, reply) => {
      const body = request.body;
      const issues = [];
      if (isCommonPassword(body.password)) {
        issues.push(issue(['body', 'password'], FIELD_MESSAGES.commonPassword));
      }
      if (body.password !== body.cpassword) {
        issues.push(issue(['body', 'cpassword'], 'Passwords do not match'));
      }
      if (issues.length > 0) throw unprocessable(issues);
      const email = normalizeEmail(body.email);
      const passwordHash = await ctx.passwords.hash(body.password);
      try {
        const me = await db.transaction(async (tx) => {
          await tx.query('SELECT pg_advisory_xact_lock($1)', [SETUP_LOCK]);
          if ((await countOwners(tx)) > 0) throw conflict(HAS_OWNER);
          if (!(await useSetupCode(tx, hashCode(body.code), clock.now()))) {
            throw notFound(SETUP_LINK_USED);
          }
          const rows = await tx.query<{ id: unknown }>(
            `INSERT INTO users (email, first_name, last_name, mobile_number, age, gender, role,
               emailverified, password_hash)
             VALUES ($1, $2, $3, $4, 18, 'other', 'owner', true, $5) RETURNING id`,
            [
              email,
              body.first_name.trim(),
              body.last_name.trim(),
              normalizeMobile(body.mobile_number),
              passwordHash,
            ],
          );
          const user = (await findUserById(tx, Number(rows[0]?.id))) as UserRecord;
          await recordChange(tx, {
            actorId: user.id,
            entity: 'staff',
            entityId: user.id,
            action: 'create',
            after: { role: 'owner', email, via: 'setup link' },
          });
          return asMe(user, 'owner');
        });
        return reply.code(201).send(me);
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw conflict(
            `An account already uses ${email}. Sign in with it, then open this link again to make it the owner.`,
          );
        }
        throw error;
      }
    },
  );

  app.post(
    '/staff/setup/claim',
    { ...signedIn, schema: { body: StaffCodeSchema, response: { 200: StaffMeSchema } } },
    async (request) => {
      const userId = currentUser(request).id;
      return db.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock($1)', [SETUP_LOCK]);
        if ((await countOwners(tx)) > 0) throw conflict(HAS_OWNER);
        if (!(await useSetupCode(tx, hashCode(request.body.code), clock.now()))) {
          throw notFound(SETUP_LINK_USED);
        }
        const user = await findUserById(tx, userId);
        if (!user) throw notFound('Account not found');
        await makeMember(tx, user, 'owner', user.id, { via: 'setup link' });
        return asMe(user, 'owner');
      });
    },
  );

  app.post(
    '/staff/join',
    { ...signedIn, schema: { body: StaffCodeSchema, response: { 200: StaffMeSchema } } },
    async (request) => {
      const userId = currentUser(request).id;
      return db.transaction(async (tx) => {
        const invite = await useInvite(tx, hashCode(request.body.code), userId, clock.now());
        if (!invite) throw notFound(INVITE_USED);
        const user = await findUserById(tx, userId);
        if (!user) throw notFound('Account not found');
        const role = await makeMember(tx, user, invite.role, user.id, { invite: invite.id });
        return asMe(user, role);
      });
    },
  );

  app.get(
    '/staff/team',
    { ...owner, schema: { response: { 200: StaffTeamSchema } } },
    async () => ({
      members: await listMembers(db),
      invites: await listOpenInvites(db, clock.now()),
    }),
  );

  app.post(
    '/staff/invites',
    {
      ...owner,
      schema: { body: StaffInviteRequestSchema, response: { 201: StaffInviteSchema } },
    },
    async (request, reply) => {
      const { email, mobile_number: mobile, role } = request.body;
      if ((email === undefined) === (mobile === undefined)) {
        throw unprocessable([
          issue(
            ['body', 'email'],
            'Give either an email address or a mobile number to send the invite to',
          ),
        ]);
      }
      const channel = email !== undefined ? 'email' : 'sms';
      const to = email !== undefined ? normalizeEmail(email) : normalizeMobile(mobile as string);
      const column = channel === 'email' ? 'email' : 'mobile_number';
      const already = await db.query<{ first_name: string }>(
        `SELECT first_name FROM users WHERE ${column} = $1 AND role IN ('owner', 'staff')
           AND staff_disabled_at IS NULL LIMIT 1`,
        [to],
      );
      if (already[0]) throw conflict(`${already[0].first_name} (${to}) is already on the team`);

      const inviter = await findUserById(db, currentUser(request).id);
      if (!inviter) throw notFound('Account not found');
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + STAFF_INVITE_TTL_HOURS * HOUR_MS);
      const code = newCode();
      const link = `${ctx.publicUrl()}/staff/join?code=${code}`;
      const invite = await db.transaction(async (tx) => {
        const made = await insertInvite(tx, {
          codeHash: hashCode(code),
          channel,
          sentTo: to,
          role,
          invitedBy: inviter.id,
          createdAt: now,
          expiresAt,
        });
        await recordChange(tx, {
          actorId: inviter.id,
          entity: 'staff_invite',
          entityId: made.id,
          action: 'create',
          after: { channel, sent_to: to, role, expires_at: made.expires_at },
        });
        // Written in the same transaction: the invite exists if and only if its message does.
        await ctx.mailer.send(inviteMessage({ channel, to, role }, inviter, link, expiresAt), tx);
        return made;
      });
      return reply.code(201).send(invite);
    },
  );

  app.patch(
    '/staff/team/:userId',
    {
      ...owner,
      schema: {
        params: StaffMemberParamsSchema,
        body: StaffMemberUpdateSchema,
        response: { 200: StaffMemberSchema },
      },
    },
    async (request) => {
      const actorId = currentUser(request).id;
      const { userId } = request.params;
      const { role, disabled } = request.body;
      if (role === undefined && disabled === undefined) {
        throw unprocessable([
          issue(['body'], 'Say what to change: the role, or whether the account is turned off'),
        ]);
      }
      if (disabled === true && userId === actorId) {
        throw conflict('You cannot turn off your own account. Another owner can.');
      }
      return db.transaction(async (tx) => {
        const owners = await lockActiveOwners(tx);
        const member = await lockMember(tx, userId);
        if (!member) throw notFound('This account is not on the team');
        const nextRole = role ?? member.role;
        const wasDisabled = member.disabled_at !== null;
        const nextDisabled = disabled ?? wasDisabled;
        const losesOwner =
          member.role === 'owner' && !wasDisabled && (nextRole !== 'owner' || nextDisabled);
        if (losesOwner && owners.filter((id) => id !== userId).length === 0) {
          throw conflict(LAST_OWNER);
        }
        if (nextRole === member.role && nextDisabled === wasDisabled) return member;
        const updated = await updateMember(tx, userId, {
          role: nextRole,
          disabledAt: nextDisabled
            ? wasDisabled
              ? new Date(member.disabled_at as string)
              : clock.now()
            : null,
        });
        // Turned off: every session of the account ends now, on every server.
        if (nextDisabled && !wasDisabled) await ctx.sessions.endAll(tx, userId);
        await recordChange(tx, {
          actorId,
          entity: 'staff',
          entityId: userId,
          action: 'update',
          before: { role: member.role, disabled: wasDisabled },
          after: { role: nextRole, disabled: nextDisabled },
        });
        return updated;
      });
    },
  );

  app.get(
    '/staff/changes',
    {
      ...owner,
      schema: { querystring: StaffChangesQuerySchema, response: { 200: StaffChangeListSchema } },
    },
    async (request) => {
      const { entity, entity_id: entityId, limit = STAFF_PAGE_SIZE, offset = 0 } = request.query;
      return listChanges(db, { entity, entityId, limit, offset });
    },
  );
};

export default staffAccountsRoutes;
