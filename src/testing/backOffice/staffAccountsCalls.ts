/** The contract test's rows for staffAccountsHandlers.ts. */
// Only the contract test (jest) reads these rows, so the TypeBox schemas never reach the bundle.
import {
  ErrorBodySchema,
  OwnerSetupSchema,
  OwnerSetupStatusSchema,
  StaffChangeListSchema,
  StaffCodeSchema,
  StaffInviteRequestSchema,
  StaffInviteSchema,
  StaffMeSchema,
  StaffMemberSchema,
  StaffMemberUpdateSchema,
  StaffTeamSchema,
} from 'contract';
import type { ContractCall } from '../contractCall';
import { fixtureAuthToken } from '../fixtures';
import { fixtureStaffMember } from '../staffHandlers';
import { fixtureInviteCode, fixtureSetupCode, treatAsOwner } from './staffAccountsHandlers';

// The contract test sends the shopper's fixture token: these rows make it the owner's.
const asOwner = () => {
  treatAsOwner(fixtureAuthToken);
  return Promise.resolve();
};

export const staffAccountsCalls: ContractCall[] = [
  {
    name: 'the back office asks who is signed in',
    method: 'GET',
    service: 'staff',
    path: '/staff/me',
    signedIn: true,
    setup: asOwner,
    answer: StaffMeSchema,
  },
  {
    name: 'a shopper is not shop staff',
    method: 'GET',
    service: 'staff',
    path: '/staff/me',
    signedIn: true,
    status: 403,
    answer: ErrorBodySchema,
  },
  {
    name: 'the owner lists the team',
    method: 'GET',
    service: 'staff',
    path: '/staff/team',
    signedIn: true,
    setup: asOwner,
    answer: StaffTeamSchema,
  },
  {
    name: 'the owner invites by email',
    method: 'POST',
    service: 'staff',
    path: '/staff/invites',
    request: StaffInviteRequestSchema,
    body: { email: 'sade@example.ng', role: 'staff' },
    signedIn: true,
    setup: asOwner,
    status: 201,
    answer: StaffInviteSchema,
  },
  {
    name: 'the owner turns a member off',
    method: 'PATCH',
    service: 'staff',
    path: `/staff/team/${fixtureStaffMember.id}`,
    request: StaffMemberUpdateSchema,
    body: { disabled: true },
    signedIn: true,
    setup: asOwner,
    answer: StaffMemberSchema,
  },
  {
    name: 'the owner reads the change log',
    method: 'GET',
    service: 'staff',
    path: '/staff/changes?entity=product&limit=20&offset=0',
    signedIn: true,
    setup: asOwner,
    answer: StaffChangeListSchema,
  },
  {
    name: 'the setup link still works',
    method: 'GET',
    service: 'staff',
    path: `/staff/setup?code=${fixtureSetupCode}`,
    answer: OwnerSetupStatusSchema,
  },
  {
    name: 'the first owner is created with the setup link',
    method: 'POST',
    service: 'staff',
    path: '/staff/setup',
    request: OwnerSetupSchema,
    body: {
      code: fixtureSetupCode,
      first_name: 'Ngozi',
      last_name: 'Eze',
      email: 'ngozi@example.ng',
      mobile_number: '08035550000',
      password: 'ShopOwner2026!',
      cpassword: 'ShopOwner2026!',
    },
    status: 201,
    answer: StaffMeSchema,
  },
  {
    name: 'an invitee joins the team',
    method: 'POST',
    service: 'staff',
    path: '/staff/join',
    request: StaffCodeSchema,
    body: { code: fixtureInviteCode },
    signedIn: true,
    answer: StaffMeSchema,
  },
];
