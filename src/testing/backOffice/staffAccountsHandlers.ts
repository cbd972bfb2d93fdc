/**
 * The mock backend's staff accounts (server/src/backOffice/staffAccounts.ts): who is signed
 * in to the back office, the team, invites, role changes, turning accounts off, the change
 * log, the setup link and joining, with state of their own that resetMockDb() puts back.
 *
 * `fixtureOwnerToken` is the owner's; the staff fixtures' token (staffHandlers.ts) is a staff
 * member's; any other token the mock issued is a shopper's (403).
 */
import { http, HttpResponse, type RequestHandler } from 'msw';
import type {
  ShopRole,
  StaffChange,
  StaffInvite,
  StaffInviteRequest,
  StaffMe,
  StaffMember,
  StaffMemberUpdate,
} from 'contract';
import type { SessionState } from '../../state/sessionSlice';
import { detail, invalid, isSignedIn, issue, onMockDbReset, url } from '../mockDb';
import {
  fixtureStaffMember,
  fixtureStaffToken,
  STAFF_ONLY_DETAIL,
  treatAsStaff,
} from '../staffHandlers';
import { ERROR_DETAILS } from 'contract/details';

export const fixtureOwnerToken = 'test-token-owner-kunle';
export const fixtureOwner = { id: 80, first_name: 'Kunle', email: 'owner@example.ng' };
export const fixtureSetupCode = 'setup-code-0123456789abcdefghij';
export const fixtureInviteCode = 'invite-code-0123456789abcdefghij';

/** The owner's session for preloadedState. */
export const ownerSession: SessionState = {
  authToken: fixtureOwnerToken,
  userID: String(fixtureOwner.id),
  userName: fixtureOwner.first_name,
  productID: null,
  orderId: null,
  productSlug: null,
};

const AT = '2026-11-24T12:00:00.000Z';

const fixtureMembers: StaffMember[] = [
  {
    id: fixtureOwner.id,
    first_name: 'Kunle',
    last_name: 'Ogunleye',
    email: fixtureOwner.email,
    mobile_number: '08031234560',
    role: 'owner',
    disabled_at: null,
    last_logged_in: AT,
  },
  {
    id: fixtureStaffMember.id,
    first_name: 'Funmi',
    last_name: 'Adeyemi',
    email: fixtureStaffMember.email,
    mobile_number: '08039876543',
    role: 'staff',
    disabled_at: null,
    last_logged_in: null,
  },
];

/** A page of the change log: prices, stock and the team, newest first. */
export const fixtureChanges: StaffChange[] = [
  {
    id: 3,
    at: '2026-11-24T11:30:00.000Z',
    actor_id: fixtureOwner.id,
    actor_name: 'Kunle Ogunleye',
    entity: 'staff',
    entity_id: String(fixtureStaffMember.id),
    action: 'update',
    before: { role: 'staff', disabled: false },
    after: { role: 'staff', disabled: true },
  },
  {
    id: 2,
    at: '2026-11-24T10:05:00.000Z',
    actor_id: fixtureStaffMember.id,
    actor_name: 'Funmi Adeyemi',
    entity: 'product',
    entity_id: '12',
    action: 'update',
    before: { inventory_stock: 4, price: 2300 },
    after: { inventory_stock: 24, price: 2300 },
  },
  {
    id: 1,
    at: '2026-11-23T09:00:00.000Z',
    actor_id: null,
    actor_name: 'The shop',
    entity: 'staff_invite',
    entity_id: '1',
    action: 'create',
    before: null,
    after: { channel: 'email', sent_to: 'sade@example.ng', role: 'staff' },
  },
];

interface State {
  /** Which member each token signs in as. */
  tokens: Map<string, number>;
  members: StaffMember[];
  invites: StaffInvite[];
  changes: StaffChange[];
  setupUsed: boolean;
  nextId: number;
}

const state: State = {
  tokens: new Map(),
  members: [],
  invites: [],
  changes: [],
  setupUsed: false,
  nextId: 100,
};

function reset() {
  state.tokens = new Map([
    [fixtureOwnerToken, fixtureOwner.id],
    [fixtureStaffToken, fixtureStaffMember.id],
  ]);
  state.members = structuredClone(fixtureMembers);
  state.invites = [];
  state.changes = structuredClone(fixtureChanges);
  state.setupUsed = false;
  state.nextId = 100;
  treatAsStaff(fixtureOwnerToken);
}
reset();
onMockDbReset(reset);

/** The mock's team and log as they are now (tests may edit them). */
export const staffAccountsMockDb = state;

const tokenOf = (request: Request) =>
  /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1] ?? '';

/** Makes a token (e.g. the shopper's fixture token) the owner's, until the next reset. */
export function treatAsOwner(token: string): void {
  state.tokens.set(token, fixtureOwner.id);
  treatAsStaff(token);
}

/** Makes a token a member of the shop with `role`, until the next reset. */
export function treatAsShopMember(token: string, role: ShopRole = 'owner'): void {
  if (role === 'owner') treatAsOwner(token);
  else {
    state.tokens.set(token, fixtureStaffMember.id);
    treatAsStaff(token);
  }
}

/** The back-office role a request's token signs in as, or the answer that refuses it. */
export function shopRoleOf(request: Request): ShopRole | Response {
  const member = guard(request, ['owner', 'staff']);
  return member instanceof Response ? member : member.role;
}

function memberOf(request: Request): StaffMember | null {
  const id = state.tokens.get(tokenOf(request));
  return state.members.find((m) => m.id === id) ?? null;
}

/** The caller as a member with one of `roles`, or the answer that refuses them. */
function guard(request: Request, roles: readonly ShopRole[]): StaffMember | Response {
  const member = memberOf(request);
  if (!member) {
    const signedIn = isSignedIn(request) || tokenOf(request) !== '';
    return signedIn ? detail(STAFF_ONLY_DETAIL, 403) : detail(ERROR_DETAILS.credentials, 401);
  }
  if (member.disabled_at) {
    return detail(
      'Your back-office access has been turned off. Ask the shop owner to turn it back on.',
      403,
    );
  }
  if (!roles.includes(member.role)) return detail('Only the shop owner can do this', 403);
  return member;
}

const asMe = (m: StaffMember): StaffMe => ({
  id: m.id,
  email: m.email,
  first_name: m.first_name,
  role: m.role,
});
const OWNER = ['owner'] as const;

export const staffAccountsHandlers: RequestHandler[] = [
  http.get(url('/staff/me', 'staff'), ({ request }) => {
    const member = guard(request, ['owner', 'staff']);
    return member instanceof Response ? member : HttpResponse.json(asMe(member));
  }),

  http.get(url('/staff/team', 'staff'), ({ request }) => {
    const member = guard(request, OWNER);
    if (member instanceof Response) return member;
    return HttpResponse.json({ members: state.members, invites: state.invites });
  }),

  http.post(url('/staff/invites', 'staff'), async ({ request }) => {
    const member = guard(request, OWNER);
    if (member instanceof Response) return member;
    const body = (await request.json()) as StaffInviteRequest;
    const to = body.email ?? body.mobile_number;
    if (!to) return invalid([issue('email', 'Give either an email address or a mobile number')]);
    if (state.members.some((m) => m.email === to || m.mobile_number === to)) {
      return detail(`${to} is already on the team`, 409);
    }
    const invite: StaffInvite = {
      id: (state.nextId += 1),
      channel: body.email ? 'email' : 'sms',
      sent_to: to,
      role: body.role,
      invited_by: `${member.first_name} ${member.last_name}`,
      created_at: AT,
      expires_at: '2026-11-27T12:00:00.000Z',
    };
    state.invites.unshift(invite);
    return HttpResponse.json(invite, { status: 201 });
  }),

  http.patch<{ userId: string }>(
    url('/staff/team/:userId', 'staff'),
    async ({ request, params }) => {
      const me = guard(request, OWNER);
      if (me instanceof Response) return me;
      const body = (await request.json()) as StaffMemberUpdate;
      const member = state.members.find((m) => m.id === Number(params.userId));
      if (!member) return detail('This account is not on the team', 404);
      const activeOwners = state.members.filter((m) => m.role === 'owner' && !m.disabled_at);
      const losesOwner =
        member.role === 'owner' && (body.role === 'staff' || body.disabled === true);
      if (losesOwner && activeOwners.length <= 1) {
        return detail(
          'The shop needs at least one owner who can sign in. Make someone else owner first.',
          409,
        );
      }
      if (body.role) member.role = body.role;
      if (body.disabled !== undefined) member.disabled_at = body.disabled ? AT : null;
      return HttpResponse.json(member);
    },
  ),

  http.get(url('/staff/changes', 'staff'), ({ request }) => {
    const member = guard(request, OWNER);
    if (member instanceof Response) return member;
    const query = new URL(request.url).searchParams;
    const entity = query.get('entity');
    const entityId = query.get('entity_id');
    const limit = Number(query.get('limit') ?? 24);
    const offset = Number(query.get('offset') ?? 0);
    const matching = state.changes.filter(
      (c) => (!entity || c.entity === entity) && (!entityId || c.entity_id === entityId),
    );
    return HttpResponse.json({
      changes: matching.slice(offset, offset + limit),
      total: matching.length,
    });
  }),

  http.get(url('/staff/setup', 'staff'), ({ request }) => {
    const code = new URL(request.url).searchParams.get('code');
    if (state.setupUsed || code !== fixtureSetupCode) {
      return detail(
        'This setup link has expired or was already used. Restart the shop to print a new one, or ask whoever set up the shop.',
        404,
      );
    }
    return HttpResponse.json({ valid_until: '2026-11-25T12:00:00.000Z' });
  }),

  http.post(url('/staff/setup', 'staff'), async ({ request }) => {
    const body = (await request.json()) as { code: string; email: string; first_name: string };
    if (state.setupUsed || body.code !== fixtureSetupCode) {
      return detail('This setup link has expired or was already used.', 404);
    }
    state.setupUsed = true;
    return HttpResponse.json(
      { id: (state.nextId += 1), email: body.email, first_name: body.first_name, role: 'owner' },
      { status: 201 },
    );
  }),

  http.post(url('/staff/join', 'staff'), async ({ request }) => {
    if (tokenOf(request) === '') return detail(ERROR_DETAILS.credentials, 401);
    const body = (await request.json()) as { code: string };
    if (body.code !== fixtureInviteCode) {
      return detail(
        'This invite has expired or was already used. Ask the shop owner to send you a new one.',
        404,
      );
    }
    treatAsStaff(tokenOf(request));
    return HttpResponse.json({
      id: 7,
      email: 'sade@example.ng',
      first_name: 'Sade',
      role: 'staff',
    });
  }),
];
