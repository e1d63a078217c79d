// The group changes as the screens call them (contract: domain/api/org-group-changes.ts). Each
// answer is checked against the contract; the live events that follow refresh every open tab.
import {
  blacklistResultSchema,
  importOrgsResultSchema,
  memberChangeResultSchema,
  orgGroupRefSchema,
  type SaveOrgGroupInput,
} from '../../domain';
import { api } from './client';

export const groupApi = {
  save: async (input: SaveOrgGroupInput) =>
    orgGroupRefSchema.parse(await api.put<unknown>('/api/orggroups', input)),
  delete: (orggroupIds: number[]) => api.post<unknown>('/api/orggroups/delete', { orggroupIds }),
  addMembers: async (
    groupId: number,
    body: { orgIds: string[]; name?: string; moveFrom?: number },
  ) =>
    memberChangeResultSchema.parse(
      await api.post<unknown>(`/api/orggroups/${groupId}/members`, body),
    ),
  removeMembers: async (groupId: number, orgIds: string[]) =>
    memberChangeResultSchema.parse(
      await api.post<unknown>(`/api/orggroups/${groupId}/members/remove`, { orgIds }),
    ),
  removeOrgFromGroups: (orgId: string, orgGroupIds: number[]) =>
    api.post<unknown>(`/api/orggroups/members/${encodeURIComponent(orgId)}/remove`, {
      orgGroupIds,
    }),
  importOrgs: async (orgIds: string[], transid: string) =>
    importOrgsResultSchema.parse(await api.put<unknown>('/api/orgs', { orgIds, transid })),
  setBlacklisted: async (orgId: string, blacklisted: boolean) =>
    blacklistResultSchema.parse(
      await api.put<unknown>(`/api/orgs/${encodeURIComponent(orgId)}/blacklist`, { blacklisted }),
    ),
};
