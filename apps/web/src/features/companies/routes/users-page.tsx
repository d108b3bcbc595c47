import { ROLES, type TCompanyUser, type TRole } from '@orderbridge/contract';
import { Search, Trash2, UserPlus, Users } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import type { LoaderFunctionArgs } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { EmptyState, PageHeader } from '../../../components/ui/page';
import { notify } from '../../../components/ui/toast';
import { useCompany } from '../../../lib/company-context';
import { userMessage } from '../../../lib/errors';
import { queryClient } from '../../../lib/query-client';
import { useChangeRole } from '../api/change-role';
import { usersQueryOptions, useUsers } from '../api/get-users';
import { useRemoveUser } from '../api/remove-user';
import { InviteUserDialog, roleLabel } from '../components/invite-user-dialog';

const PER_PAGE = 25;

/** Route loader: start the first page's request together with the layout's profile request. */
export function loader({ params }: LoaderFunctionArgs) {
  const type = params.companyType;
  const id = Number(params.companyId);
  if ((type === 'shops' || type === 'suppliers') && Number.isInteger(id)) {
    void queryClient.prefetchQuery(usersQueryOptions(type, id, { page: 1, perPage: PER_PAGE, search: '' }));
  }
  return null;
}

export default function UsersPage() {
  const { companyType, companyId, company, isAdmin, profile } = useCompany();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const deferredSearch = useDeferredValue(search.trim());
  const users = useUsers(companyType, companyId, { page, perPage: PER_PAGE, search: deferredSearch });
  const changeRole = useChangeRole(companyType, companyId);
  const remove = useRemoveUser(companyType, companyId);
  const [inviting, setInviting] = useState(false);
  const [removing, setRemoving] = useState<TCompanyUser | null>(null);

  const total = users.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PER_PAGE));

  const onRoleChange = (u: TCompanyUser, role: TRole) =>
    changeRole.mutate(
      { userId: u.id, role },
      {
        onSuccess: () => notify.success(`${u.emailAddress} is now ${roleLabel(role).toLowerCase()}.`),
        onError: (e) => notify.error('Could not change the role', userMessage(e)),
      },
    );

  return (
    <>
      <PageHeader
        title="Users"
        description={`People who work in ${company.name}.`}
        actions={
          isAdmin ? (
            <Button onClick={() => setInviting(true)}>
              <UserPlus size={16} aria-hidden="true" /> Invite user
            </Button>
          ) : null
        }
      />
      {!isAdmin ? (
        <Alert tone="info" className="mb-4">
          Only administrators can invite people, change roles or remove users.
        </Alert>
      ) : null}
      <div className="mb-4 max-w-sm">
        <label htmlFor="user-search" className="sr-only">
          Search users
        </label>
        <div className="relative">
          <Search
            size={16}
            aria-hidden="true"
            className="absolute top-1/2 left-3 -translate-y-1/2 text-slate-500"
          />
          <input
            id="user-search"
            type="search"
            placeholder="Search by name or email"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
            className="h-10 w-full rounded-lg border border-slate-300 bg-white pr-3 pl-9 text-sm focus:outline-2 focus:outline-brand-600"
          />
        </div>
      </div>
      {users.isError ? <Alert tone="error">{userMessage(users.error)}</Alert> : null}
      {users.isPending ? (
        <Card className="divide-y divide-slate-100" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <div key={i} className="flex items-center gap-3 px-4 py-3">
              <span className="h-8 w-8 animate-pulse rounded-full bg-slate-200" />
              <span className="h-3 w-48 animate-pulse rounded bg-slate-200" />
            </div>
          ))}
        </Card>
      ) : users.data && users.data.data.length === 0 ? (
        <EmptyState icon={Users} title={deferredSearch ? 'No users match your search' : 'No users yet'}>
          {deferredSearch ? 'Try another name or email address.' : 'Invite your colleagues to work together.'}
        </EmptyState>
      ) : users.data ? (
        <Card className="overflow-hidden">
          <table className="w-full text-sm">
            <caption className="sr-only">Users of {company.name}</caption>
            <thead className="sticky top-0 bg-slate-50 text-left text-xs font-medium tracking-wide text-slate-600 uppercase max-md:hidden">
              <tr>
                <th scope="col" className="px-4 py-2.5">
                  Name
                </th>
                <th scope="col" className="px-4 py-2.5">
                  Status
                </th>
                <th scope="col" className="px-4 py-2.5">
                  Role
                </th>
                <th scope="col" className="px-4 py-2.5 text-right">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {users.data.data.map((u) => {
                const name = `${u.firstName} ${u.lastName}`.trim() || u.emailAddress;
                const isSelf = u.id === profile.id;
                return (
                  <tr
                    key={u.id}
                    className="max-md:flex max-md:flex-wrap max-md:items-center max-md:gap-2 max-md:px-4 max-md:py-3"
                  >
                    <td className="px-4 py-3 max-md:w-full max-md:p-0">
                      <div className="flex items-center gap-3">
                        <Avatar name={name} src={u.profileImage} size={32} />
                        <div className="min-w-0">
                          <p className="truncate font-medium text-slate-900">
                            {name}
                            {isSelf ? (
                              <span className="ml-1.5 text-xs font-normal text-slate-600">(you)</span>
                            ) : null}
                          </p>
                          <p className="truncate text-xs text-slate-600">{u.emailAddress}</p>
                        </div>
                      </div>
                    </td>
                    <td className="px-4 py-3 max-md:p-0">
                      <span
                        className={
                          u.status === 'active'
                            ? 'inline-flex rounded-full bg-green-50 px-2 py-0.5 text-xs font-medium text-green-800 ring-1 ring-green-200'
                            : 'inline-flex rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900 ring-1 ring-amber-200'
                        }
                      >
                        {u.status === 'active' ? 'Active' : 'Invited'}
                      </span>
                    </td>
                    <td className="px-4 py-3 max-md:p-0">
                      {isAdmin && u.status === 'active' ? (
                        <>
                          <label htmlFor={`role-${u.id}`} className="sr-only">
                            Role of {name}
                          </label>
                          <select
                            id={`role-${u.id}`}
                            value={u.role}
                            disabled={changeRole.isPending}
                            onChange={(e) => onRoleChange(u, e.target.value as TRole)}
                            className="h-8 rounded-md border border-slate-300 bg-white px-2 text-sm focus:outline-2 focus:outline-brand-600"
                          >
                            {ROLES.map((r) => (
                              <option key={r} value={r}>
                                {roleLabel(r)}
                              </option>
                            ))}
                          </select>
                        </>
                      ) : (
                        <span className="text-slate-700">{roleLabel(u.role)}</span>
                      )}
                    </td>
                    <td className="px-4 py-3 text-right max-md:ml-auto max-md:p-0">
                      {isAdmin ? (
                        <Button
                          variant="ghost"
                          size="sm"
                          aria-label={`Remove ${name}`}
                          onClick={() => setRemoving(u)}
                          className="text-red-700 hover:bg-red-50"
                        >
                          <Trash2 size={16} aria-hidden="true" />
                          <span className="max-sm:sr-only">Remove</span>
                        </Button>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <div className="flex items-center justify-between border-t border-slate-200 px-4 py-2.5 text-xs text-slate-600">
            <span className="tabular">
              {total} {total === 1 ? 'user' : 'users'}
            </span>
            {pages > 1 ? (
              <div className="flex items-center gap-2">
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={page <= 1}
                  onClick={() => setPage((p) => p - 1)}
                >
                  Previous
                </Button>
                <span className="tabular">
                  Page {page} of {pages}
                </span>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={page >= pages}
                  onClick={() => setPage((p) => p + 1)}
                >
                  Next
                </Button>
              </div>
            ) : null}
          </div>
        </Card>
      ) : null}
      {isAdmin ? <InviteUserDialog open={inviting} onOpenChange={setInviting} /> : null}
      <Dialog
        open={removing !== null}
        onOpenChange={(o) => !o && setRemoving(null)}
        title="Remove user"
        description={removing ? `${removing.emailAddress} loses access to ${company.name}.` : undefined}
      >
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setRemoving(null)}>
            Cancel
          </Button>
          <Button
            variant="danger"
            loading={remove.isPending}
            onClick={() => {
              if (!removing) return;
              const u = removing;
              remove.mutate(u.id, {
                onSuccess: () => {
                  notify.success(`${u.emailAddress} was removed.`);
                  setRemoving(null);
                },
                onError: (e) => {
                  notify.error('Could not remove the user', userMessage(e));
                  setRemoving(null);
                },
              });
            }}
          >
            Remove
          </Button>
        </div>
      </Dialog>
    </>
  );
}
