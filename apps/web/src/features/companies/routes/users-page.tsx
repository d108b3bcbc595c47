import { ROLES, SEARCH_MIN_LENGTH, type TCompanyUser, type TPage, type TRole } from '@orderbridge/contract';
import { Search, Trash2, UserPlus, Users } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import type { LoaderFunctionArgs } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { EmptyState, PageHeader } from '../../../components/ui/page';
import { Pager } from '../../../components/ui/pager';
import { notify } from '../../../components/ui/toast';
import { useCompany } from '../../../lib/company-context';
import { userMessage } from '../../../lib/errors';
import { useListUrl, usePrefetchNextPage, useSearchBox } from '../../../lib/list-state';
import { queryClient } from '../../../lib/query-client';
import { useChangeRole } from '../api/change-role';
import { type TUsersFilter, USERS_PER_PAGE, usersQueryOptions, useUsers } from '../api/get-users';
import { useRemoveUser } from '../api/remove-user';
import { InviteUserDialog, roleLabel } from '../components/invite-user-dialog';

/** The page's two lists as the address gives them: `page` and `invited` (the invitations' page), and `q`. */
const filtersOf = (get: (key: string) => string | null): [TUsersFilter, TUsersFilter] => {
  const pageOf = (k: string) => Math.max(1, Number(get(k)) || 1);
  const search = get('q') ?? '';
  return [
    { status: 'active', page: pageOf('page'), search },
    { status: 'invited', page: pageOf('invited'), search },
  ];
};

/** Route loader: start both lists' requests together with the layout's profile request. */
export function loader({ params, request }: LoaderFunctionArgs) {
  const type = params.companyType;
  const id = Number(params.companyId);
  if ((type === 'shops' || type === 'suppliers') && Number.isInteger(id)) {
    const address = new URL(request.url).searchParams;
    for (const f of filtersOf((k) => address.get(k))) {
      void queryClient.prefetchQuery(usersQueryOptions(type, id, f));
    }
  }
  return null;
}

export default function UsersPage() {
  const { companyType, companyId, company, isAdmin, profile } = useCompany();
  // Page and search live in the address (lib/list-state); the API pages and searches (its list module). The
  // members and the pending invitations are two lists of the API, each with its own page.
  const url = useListUrl();
  const term = url.get('q');
  const search = useSearchBox(term, (q) => url.set({ q, invited: null }));
  const [memberFilter, invitedFilter] = filtersOf(url.get);
  const users = useUsers(companyType, companyId, memberFilter);
  const invited = useUsers(companyType, companyId, invitedFilter);
  usePrefetchNextPage(users.data, memberFilter.page, (page) =>
    usersQueryOptions(companyType, companyId, { ...memberFilter, page }),
  );
  usePrefetchNextPage(invited.data, invitedFilter.page, (page) =>
    usersQueryOptions(companyType, companyId, { ...invitedFilter, page }),
  );
  const changeRole = useChangeRole(companyType, companyId);
  const remove = useRemoveUser(companyType, companyId);
  const [inviting, setInviting] = useState(false);
  const [removing, setRemoving] = useState<TCompanyUser | null>(null);

  const onRoleChange = (u: TCompanyUser, role: TRole) =>
    changeRole.mutate(
      { userId: u.id, role },
      {
        onSuccess: () => notify.success(`${u.emailAddress} is now ${roleLabel(role).toLowerCase()}.`),
        onError: (e) => notify.error('Could not change the role', userMessage(e)),
      },
    );

  const row = (u: TCompanyUser) => {
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
                {isSelf ? <span className="ml-1.5 text-xs font-normal text-slate-600">(you)</span> : null}
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
  };

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
            value={search.text}
            onChange={(e) => search.setText(e.target.value)}
            aria-describedby={search.tooShort ? 'user-search-hint' : undefined}
            className="h-10 w-full rounded-lg border border-slate-300 bg-white pr-3 pl-9 text-sm focus:outline-2 focus:outline-brand-600"
          />
        </div>
        {search.tooShort ? (
          <p id="user-search-hint" className="mt-1 text-xs text-slate-600">
            Type at least {SEARCH_MIN_LENGTH} characters
          </p>
        ) : null}
      </div>
      {users.isError ? <Alert tone="error">{userMessage(users.error)}</Alert> : null}
      {invited.isError ? <Alert tone="error">{userMessage(invited.error)}</Alert> : null}
      {users.isPending ? (
        <Card className="divide-y divide-slate-100" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <div key={i} className="flex items-center gap-3 px-4 py-3">
              <span className="h-8 w-8 animate-pulse rounded-full bg-slate-200" />
              <span className="h-3 w-48 animate-pulse rounded bg-slate-200" />
            </div>
          ))}
        </Card>
      ) : users.data && users.data.total === 0 && !invited.data?.total ? (
        <EmptyState icon={Users} title={term ? 'No users match your search' : 'No users yet'}>
          {term ? 'Try another name or email address.' : 'Invite your colleagues to work together.'}
        </EmptyState>
      ) : (
        <>
          {users.data && users.data.total > 0 ? (
            <UsersTable
              caption={`Users of ${company.name}`}
              page={users.data}
              noun={['user', 'users']}
              onPage={(page) => url.set({ page })}
              row={row}
            />
          ) : null}
          {invited.data && invited.data.total > 0 ? (
            <>
              <h2 className="mt-6 mb-2 text-sm font-semibold text-slate-900">Pending invitations</h2>
              <UsersTable
                caption={`Pending invitations to ${company.name}`}
                page={invited.data}
                noun={['invitation', 'invitations']}
                onPage={(page) => url.set({ page: memberFilter.page, invited: page > 1 ? page : null })}
                row={row}
              />
            </>
          ) : null}
        </>
      )}
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

/** A page of users (or of invitations) with its pager; `row` draws one person. */
function UsersTable({
  caption,
  page,
  noun,
  onPage,
  row,
}: {
  caption: string;
  page: TPage<TCompanyUser>;
  noun: [string, string];
  onPage: (page: number) => void;
  row: (u: TCompanyUser) => ReactNode;
}) {
  return (
    <Card className="overflow-hidden">
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
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
        <tbody className="divide-y divide-slate-100">{page.data.map(row)}</tbody>
      </table>
      <Pager
        page={page.page}
        perPage={USERS_PER_PAGE}
        total={page.total}
        capped={page.totalCapped}
        noun={noun}
        onPage={onPage}
      />
    </Card>
  );
}
