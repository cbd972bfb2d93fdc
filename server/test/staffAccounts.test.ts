/**
 * Staff accounts (issue 34, item 1): the first owner's setup link, invites, roles, turning
 * an account off, and the change log.
 */
import type { StaffChangeList, StaffInvite, StaffMe, StaffMember, StaffTeam } from '../../contract';
import { ownerSetupLine } from '../src/backOffice/staffAccounts';
import { createOrPromoteStaff } from '../src/db/staff';
import {
  call,
  createShopMember,
  createShopper,
  detailOf,
  json,
  lastMessageTo,
  setupHarness,
  type Shopper,
} from './helpers';

const SHOP_URL = 'https://shop.example.ng';
const t = setupHarness({ env: { PUBLIC_URL: SHOP_URL } });

const setupLine = () => ownerSetupLine(t.db, t.clock, SHOP_URL);
const codeOf = (text: string) => {
  const code = /code=([A-Za-z0-9_-]+)/.exec(text)?.[1];
  if (!code) throw new Error(`No code in: ${text}`);
  return code;
};

const newOwner = (code: string, overrides: Record<string, unknown> = {}) => ({
  code,
  first_name: 'Ngozi',
  last_name: 'Eze',
  email: 'ngozi@shop.example.ng',
  mobile_number: '08035550000',
  password: 'ShopOwner2026!',
  cpassword: 'ShopOwner2026!',
  ...overrides,
});

async function invite(owner: Shopper, body: Record<string, unknown>) {
  return call(t.app, { method: 'POST', url: '/api/staff/invites', token: owner.token, body });
}

async function inviteCode(owner: Shopper, to: string, role = 'staff'): Promise<string> {
  const r = await invite(
    owner,
    to.includes('@') ? { email: to, role } : { mobile_number: to, role },
  );
  expect(r.statusCode).toBe(201);
  const message = await lastMessageTo(t.db, to);
  return codeOf(message?.body ?? '');
}

const patchMember = (owner: Shopper, userId: number, body: Record<string, unknown>) =>
  call(t.app, { method: 'PATCH', url: `/api/staff/team/${userId}`, token: owner.token, body });

describe('who may use the owner calls', () => {
  const ownerCalls = [
    { method: 'GET' as const, url: '/api/staff/team' },
    { method: 'GET' as const, url: '/api/staff/changes' },
    {
      method: 'POST' as const,
      url: '/api/staff/invites',
      body: { email: 'a@b.ng', role: 'staff' },
    },
    { method: 'PATCH' as const, url: '/api/staff/team/1', body: { role: 'staff' } },
  ];

  test('no token gets 401, a shopper and staff 403 in words, the owner gets in', async () => {
    const shopper = await createShopper(t.app, t.db);
    const staff = await createShopMember(t.app, t.db, 'staff');
    const owner = await createShopMember(t.app, t.db, 'owner');
    for (const c of ownerCalls) {
      expect((await call(t.app, c)).statusCode).toBe(401);
      const asShopper = await call(t.app, { ...c, token: shopper.token });
      expect([asShopper.statusCode, detailOf(asShopper)]).toEqual([
        403,
        'This page is for the shop staff only',
      ]);
      const asStaff = await call(t.app, { ...c, token: staff.token });
      expect([asStaff.statusCode, detailOf(asStaff)]).toEqual([
        403,
        'Only the shop owner can do this',
      ]);
    }
    const team = await call(t.app, { url: '/api/staff/team', token: owner.token });
    expect(team.statusCode).toBe(200);
  });
});

describe('the first owner', () => {
  test('a start with no owner prints one line with a link that makes the owner once', async () => {
    t.clock.freeze(new Date('2026-11-28T10:00:00Z'));
    const line = await setupLine();
    expect(line).toMatch(
      /^No shop owner yet: open https:\/\/shop\.example\.ng\/staff\/setup\?code=[A-Za-z0-9_-]{43} to create one \(works once, until 2026-11-29T10:00:00\.000Z\)\.$/,
    );
    const code = codeOf(line as string);
    // Only a hash is kept.
    const kept = await t.db.query<{ code_hash: string }>('SELECT code_hash FROM owner_setup_codes');
    expect(kept.map((r) => r.code_hash)).not.toContain(code);

    const status = await call(t.app, { url: `/api/staff/setup?code=${code}` });
    expect(json(status)).toEqual({ valid_until: '2026-11-29T10:00:00.000Z' });

    const made = await call(t.app, {
      method: 'POST',
      url: '/api/staff/setup',
      body: newOwner(code),
    });
    expect(made.statusCode).toBe(201);
    expect(json<StaffMe>(made)).toMatchObject({ email: 'ngozi@shop.example.ng', role: 'owner' });

    const login = await call(t.app, {
      method: 'POST',
      url: '/api/login',
      body: { username: 'ngozi@shop.example.ng', password: 'ShopOwner2026!' },
    });
    const token = json<{ access_token: string }>(login).access_token;
    const me = await call(t.app, { url: '/api/staff/me', token });
    expect(json<StaffMe>(me).role).toBe('owner');

    const again = await call(t.app, {
      method: 'POST',
      url: '/api/staff/setup',
      body: newOwner(code, { email: 'other@shop.example.ng' }),
    });
    expect(again.statusCode).toBe(409);
    expect(await setupLine()).toBeNull();
  });

  test('a second start while a link works prints the same end, and every printed link works', async () => {
    t.clock.freeze(new Date('2026-11-28T10:00:00Z'));
    const first = (await setupLine()) as string;
    t.clock.advance(3 * 3600);
    const second = (await setupLine()) as string;
    expect(second).toContain('until 2026-11-29T10:00:00.000Z');
    expect(codeOf(second)).not.toBe(codeOf(first));
    const status = await call(t.app, { url: `/api/staff/setup?code=${codeOf(first)}` });
    expect(status.statusCode).toBe(200);

    // Using one uses them all.
    const made = await call(t.app, {
      method: 'POST',
      url: '/api/staff/setup',
      body: newOwner(codeOf(first)),
    });
    expect(made.statusCode).toBe(201);
    await t.db.query("UPDATE users SET role = 'customer'");
    const late = await call(t.app, { url: `/api/staff/setup?code=${codeOf(second)}` });
    expect(late.statusCode).toBe(404);
  });

  test('after 24 hours the link is refused in words and the next start opens a new window', async () => {
    t.clock.freeze(new Date('2026-11-28T10:00:00Z'));
    const code = codeOf((await setupLine()) as string);
    t.clock.advance(24 * 3600 + 1);
    const late = await call(t.app, {
      method: 'POST',
      url: '/api/staff/setup',
      body: newOwner(code),
    });
    expect(late.statusCode).toBe(404);
    expect(detailOf(late)).toMatch(/expired or was already used/);
    expect(await setupLine()).toContain('until 2026-11-30T10:00:01.000Z');
  });

  test('bad input is answered in words and makes nobody owner', async () => {
    const code = codeOf((await setupLine()) as string);
    const weak = await call(t.app, {
      method: 'POST',
      url: '/api/staff/setup',
      body: newOwner(code, { password: 'password123', cpassword: 'password124' }),
    });
    expect(weak.statusCode).toBe(422);
    expect(JSON.stringify(detailOf(weak))).toMatch(/common/);
    expect(JSON.stringify(detailOf(weak))).toMatch(/Passwords do not match/);

    const shopper = await createShopper(t.app, t.db, { email: 'taken@example.ng' });
    const taken = await call(t.app, {
      method: 'POST',
      url: '/api/staff/setup',
      body: newOwner(code, { email: shopper.email }),
    });
    expect(taken.statusCode).toBe(409);
    expect(detailOf(taken)).toMatch(/Sign in with it/);

    const wrong = await call(t.app, {
      method: 'POST',
      url: '/api/staff/setup',
      body: newOwner('x'.repeat(43)),
    });
    expect(wrong.statusCode).toBe(404);
    const owners = await t.db.query("SELECT 1 FROM users WHERE role = 'owner'");
    expect(owners).toHaveLength(0);

    // The code still works after all of that: a signed-in account takes it.
    const claimed = await call(t.app, {
      method: 'POST',
      url: '/api/staff/setup/claim',
      token: shopper.token,
      body: { code },
    });
    expect(json<StaffMe>(claimed)).toMatchObject({ id: shopper.id, role: 'owner' });
    const reused = await call(t.app, {
      method: 'POST',
      url: '/api/staff/setup/claim',
      token: shopper.token,
      body: { code },
    });
    expect(reused.statusCode).toBe(409);
  });

  test('staff:create makes an owner, and turns a turned-off account back on', async () => {
    const made = await createOrPromoteStaff(t.db, {
      email: 'boss@example.ng',
      firstName: 'Ade',
      lastName: 'Ola',
      mobileNumber: '08030000001',
      passwordHash: 'x',
      role: 'owner',
    });
    expect(made.created).toBe(true);
    await t.db.query('UPDATE users SET staff_disabled_at = now() WHERE id = $1', [made.id]);
    const again = await createOrPromoteStaff(t.db, {
      email: 'boss@example.ng',
      firstName: '',
      lastName: '',
      mobileNumber: '',
      passwordHash: '',
      role: 'owner',
    });
    expect(again).toEqual({ id: made.id, created: false });
    const rows = await t.db.query<{ role: string; off: boolean }>(
      'SELECT role, staff_disabled_at IS NOT NULL AS off FROM users WHERE id = $1',
      [made.id],
    );
    expect(rows[0]).toEqual({ role: 'owner', off: false });
    expect(await setupLine()).toBeNull();
  });
});

describe('invites', () => {
  test('an email invite reaches the invitee, who joins as staff once', async () => {
    const owner = await createShopMember(t.app, t.db, 'owner');
    const r = await invite(owner, { email: 'Sade@Example.ng', role: 'staff' });
    expect(r.statusCode).toBe(201);
    expect(json<StaffInvite>(r)).toMatchObject({
      channel: 'email',
      sent_to: 'sade@example.ng',
      role: 'staff',
    });
    const message = await lastMessageTo(t.db, 'sade@example.ng');
    expect(message?.body).toContain(`${SHOP_URL}/staff/join?code=`);
    const code = codeOf(message?.body ?? '');

    const team = json<StaffTeam>(await call(t.app, { url: '/api/staff/team', token: owner.token }));
    expect(team.invites.map((i) => i.sent_to)).toEqual(['sade@example.ng']);

    const sade = await createShopper(t.app, t.db, { email: 'sade@example.ng' });
    expect((await call(t.app, { url: '/api/staff/me', token: sade.token })).statusCode).toBe(403);
    const joined = await call(t.app, {
      method: 'POST',
      url: '/api/staff/join',
      token: sade.token,
      body: { code },
    });
    expect(json<StaffMe>(joined)).toMatchObject({ id: sade.id, role: 'staff' });
    expect((await call(t.app, { url: '/api/staff/me', token: sade.token })).statusCode).toBe(200);

    const other = await createShopper(t.app, t.db);
    const reused = await call(t.app, {
      method: 'POST',
      url: '/api/staff/join',
      token: other.token,
      body: { code },
    });
    expect(reused.statusCode).toBe(404);
    expect(detailOf(reused)).toMatch(/Ask the shop owner to send you a new one/);
    const after = json<StaffTeam>(
      await call(t.app, { url: '/api/staff/team', token: owner.token }),
    );
    expect(after.invites).toEqual([]);
    expect(after.members.map((m) => m.email)).toEqual([owner.email, 'sade@example.ng']);
  });

  test('an SMS invite can make an owner; an expired one is refused', async () => {
    t.clock.freeze(new Date());
    const owner = await createShopMember(t.app, t.db, 'owner');
    const code = await inviteCode(owner, '08037770000', 'owner');
    const message = await lastMessageTo(t.db, '08037770000');
    expect(message?.channel).toBe('sms');
    const late = await inviteCode(owner, '08037770001');

    const tola = await createShopper(t.app, t.db);
    const joined = await call(t.app, {
      method: 'POST',
      url: '/api/staff/join',
      token: tola.token,
      body: { code },
    });
    expect(json<StaffMe>(joined).role).toBe('owner');

    t.clock.advance(72 * 3600 + 1);
    const fresh = await call(t.app, {
      method: 'POST',
      url: '/api/login',
      body: { username: tola.email, password: tola.password },
    });
    const token = json<{ access_token: string }>(fresh).access_token;
    const expired = await call(t.app, {
      method: 'POST',
      url: '/api/staff/join',
      token,
      body: { code: late },
    });
    expect(expired.statusCode).toBe(404);
  });

  test('bad invites are answered in words and send nothing', async () => {
    const owner = await createShopMember(t.app, t.db, 'owner');
    const staff = await createShopMember(t.app, t.db, 'staff');
    const neither = await invite(owner, { role: 'staff' });
    expect(neither.statusCode).toBe(422);
    expect(JSON.stringify(detailOf(neither))).toMatch(/either an email address or a mobile number/);
    const both = await invite(owner, {
      email: 'a@example.ng',
      mobile_number: '08031112222',
      role: 'staff',
    });
    expect(both.statusCode).toBe(422);
    const badEmail = await invite(owner, { email: 'not-an-email', role: 'staff' });
    expect(badEmail.statusCode).toBe(422);
    const badRole = await invite(owner, { email: 'a@example.ng', role: 'customer' });
    expect(badRole.statusCode).toBe(422);
    const member = await invite(owner, { email: staff.email, role: 'staff' });
    expect(member.statusCode).toBe(409);
    expect(detailOf(member)).toMatch(/already on the team/);
    const invites = await t.db.query('SELECT 1 FROM staff_invites');
    expect(invites).toHaveLength(0);
    expect(await lastMessageTo(t.db, 'a@example.ng')).toBeNull();
  });

  test('joining needs a signed-in account', async () => {
    const r = await call(t.app, {
      method: 'POST',
      url: '/api/staff/join',
      body: { code: 'x'.repeat(43) },
    });
    expect(r.statusCode).toBe(401);
  });
});

describe('roles and turning accounts off', () => {
  test('the owner changes a role; the last owner can be neither demoted nor turned off', async () => {
    const owner = await createShopMember(t.app, t.db, 'owner');
    const staff = await createShopMember(t.app, t.db, 'staff');
    const promoted = await patchMember(owner, staff.id, { role: 'owner' });
    expect(json<StaffMember>(promoted).role).toBe('owner');
    const demoted = await patchMember(owner, staff.id, { role: 'staff' });
    expect(json<StaffMember>(demoted).role).toBe('staff');

    const selfDemote = await patchMember(owner, owner.id, { role: 'staff' });
    expect(selfDemote.statusCode).toBe(409);
    expect(detailOf(selfDemote)).toMatch(/at least one owner/);

    // A second owner who is turned off does not count.
    const other = await createShopMember(t.app, t.db, 'owner');
    expect((await patchMember(owner, other.id, { disabled: true })).statusCode).toBe(200);
    expect((await patchMember(owner, owner.id, { role: 'staff' })).statusCode).toBe(409);
    expect((await patchMember(owner, other.id, { disabled: false })).statusCode).toBe(200);
    expect((await patchMember(owner, owner.id, { role: 'staff' })).statusCode).toBe(200);
    expect((await patchMember(owner, other.id, { disabled: true })).statusCode).toBe(403);
  });

  test('turning an account off ends its sessions at once and keeps it out of the back office', async () => {
    const owner = await createShopMember(t.app, t.db, 'owner');
    const staff = await createShopMember(t.app, t.db, 'staff');
    expect((await call(t.app, { url: '/api/staff/orders', token: staff.token })).statusCode).toBe(
      200,
    );
    const off = await patchMember(owner, staff.id, { disabled: true });
    expect(json<StaffMember>(off).disabled_at).not.toBeNull();
    expect((await call(t.app, { url: '/api/staff/orders', token: staff.token })).statusCode).toBe(
      401,
    );

    const login = await call(t.app, {
      method: 'POST',
      url: '/api/login',
      body: { username: staff.email, password: staff.password },
    });
    const token = json<{ access_token: string }>(login).access_token;
    const refused = await call(t.app, { url: '/api/staff/me', token });
    expect(refused.statusCode).toBe(403);
    expect(detailOf(refused)).toMatch(/turned off/);

    const on = await patchMember(owner, staff.id, { disabled: false });
    expect(json<StaffMember>(on).disabled_at).toBeNull();
    expect((await call(t.app, { url: '/api/staff/me', token })).statusCode).toBe(200);
  });

  test('bad changes are answered in words', async () => {
    const owner = await createShopMember(t.app, t.db, 'owner');
    const shopper = await createShopper(t.app, t.db);
    expect((await patchMember(owner, shopper.id, { role: 'staff' })).statusCode).toBe(404);
    expect((await patchMember(owner, owner.id, {})).statusCode).toBe(422);
    expect((await patchMember(owner, owner.id, { role: 'customer' })).statusCode).toBe(422);
    const self = await patchMember(owner, owner.id, { disabled: true });
    expect(self.statusCode).toBe(409);
    expect(detailOf(self)).toMatch(/your own account/);
  });
});

describe('the change log', () => {
  test('lists changes newest first with who made them, filtered and paged', async () => {
    const owner = await createShopMember(t.app, t.db, 'owner', { first_name: 'Kemi' });
    const staff = await createShopMember(t.app, t.db, 'staff');
    await inviteCode(owner, 'new@example.ng');
    await patchMember(owner, staff.id, { role: 'owner' });
    await patchMember(owner, staff.id, { disabled: true });

    const all = json<StaffChangeList>(
      await call(t.app, { url: '/api/staff/changes', token: owner.token }),
    );
    expect(all.total).toBe(3);
    expect(all.changes.map((c) => [c.entity, c.action, c.actor_name])).toEqual([
      ['staff', 'update', 'Kemi Bakare'],
      ['staff', 'update', 'Kemi Bakare'],
      ['staff_invite', 'create', 'Kemi Bakare'],
    ]);
    expect(all.changes[0]).toMatchObject({
      entity_id: String(staff.id),
      before: { role: 'owner', disabled: false },
      after: { role: 'owner', disabled: true },
    });

    const one = json<StaffChangeList>(
      await call(t.app, {
        url: `/api/staff/changes?entity=staff&entity_id=${staff.id}&limit=1&offset=1`,
        token: owner.token,
      }),
    );
    expect(one.total).toBe(2);
    expect(one.changes[0]?.after).toEqual({ role: 'owner', disabled: false });

    const bad = await call(t.app, { url: '/api/staff/changes?limit=0', token: owner.token });
    expect(bad.statusCode).toBe(422);
  });
});
