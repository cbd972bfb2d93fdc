import type {
  OwnerSetupRequest,
  OwnerSetupStatus,
  StaffChangeList,
  StaffChangesQuery,
  StaffInvite,
  StaffInviteRequest,
  StaffMe,
  StaffMember,
  StaffMemberUpdate,
  StaffTeam,
} from 'contract';
import { env } from '../../config/env';
import { createBaseQuery } from '../baseQuery';
import { createApi } from '../createApi';

/**
 * The back office's own accounts: who is signed in to it (and so what the shell shows), the
 * owner's team, invites, roles, turning accounts off, the change log, and the two links that
 * make someone a member (the first owner's setup link, an invite). A change to the team
 * reloads the team and the change log; joining or claiming the shop reloads who is signed in.
 */
export const staffAccountsApi = createApi({
  reducerPath: 'staffAccountsApi',
  refetchOnReconnect: true,
  baseQuery: createBaseQuery(env.apiBaseUrls.staff),
  tagTypes: ['StaffMe', 'Team', 'Change'],
  endpoints: (build) => ({
    getStaffMe: build.query<StaffMe, void>({
      query: () => '/staff/me',
      providesTags: ['StaffMe'],
    }),
    getTeam: build.query<StaffTeam, void>({
      query: () => '/staff/team',
      providesTags: ['Team'],
    }),
    inviteStaff: build.mutation<StaffInvite, StaffInviteRequest>({
      query: (body) => ({ url: '/staff/invites', method: 'POST', body }),
      invalidatesTags: ['Team', 'Change'],
    }),
    updateStaffMember: build.mutation<StaffMember, { userId: number } & StaffMemberUpdate>({
      query: ({ userId, ...body }) => ({ url: `/staff/team/${userId}`, method: 'PATCH', body }),
      invalidatesTags: ['Team', 'Change', 'StaffMe'],
    }),
    getStaffChanges: build.query<StaffChangeList, StaffChangesQuery>({
      query: (params) => ({ url: '/staff/changes', params }),
      providesTags: ['Change'],
    }),
    getOwnerSetup: build.query<OwnerSetupStatus, string>({
      query: (code) => ({ url: '/staff/setup', params: { code } }),
    }),
    setUpOwner: build.mutation<StaffMe, OwnerSetupRequest>({
      query: (body) => ({ url: '/staff/setup', method: 'POST', body }),
    }),
    claimOwnerSetup: build.mutation<StaffMe, string>({
      query: (code) => ({ url: '/staff/setup/claim', method: 'POST', body: { code } }),
      invalidatesTags: ['StaffMe', 'Team', 'Change'],
    }),
    joinStaff: build.mutation<StaffMe, string>({
      query: (code) => ({ url: '/staff/join', method: 'POST', body: { code } }),
      invalidatesTags: ['StaffMe', 'Team', 'Change'],
    }),
  }),
});

export const {
  useGetStaffMeQuery,
  useGetTeamQuery,
  useInviteStaffMutation,
  useUpdateStaffMemberMutation,
  useGetStaffChangesQuery,
  useGetOwnerSetupQuery,
  useSetUpOwnerMutation,
  useClaimOwnerSetupMutation,
  useJoinStaffMutation,
} = staffAccountsApi;
