import type { TProfile } from '@orderbridge/contract';
import { ChevronDown, KeyRound, LogOut, MonitorX, UserRound } from 'lucide-react';
import { DropdownMenu as M } from 'radix-ui';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { ChangePasswordDialog } from './change-password-dialog';

const item =
  'flex cursor-default items-center gap-2 rounded-md px-2.5 py-2 text-sm text-slate-700 outline-none select-none data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900';

export const displayName = (p: Pick<TProfile, 'firstName' | 'lastName' | 'emailAddress'>) =>
  `${p.firstName} ${p.lastName}`.trim() || p.emailAddress;

/** The user's email and avatar, opening change password, contact details and the two sign-outs. */
export function ProfileMenu({ profile, compact = false }: { profile: TProfile; compact?: boolean }) {
  const navigate = useNavigate();
  const [changing, setChanging] = useState(false);
  const name = displayName(profile);

  return (
    <>
      <M.Root modal={false}>
        <M.Trigger
          className="flex items-center gap-2 rounded-lg px-1.5 py-1 text-left hover:bg-slate-100"
          aria-label={`Account menu for ${profile.emailAddress}`}
        >
          <Avatar name={name} src={profile.profileImage} size={32} />
          {compact ? null : (
            <span className="hidden max-w-64 truncate text-sm text-slate-700 lg:inline">
              {profile.emailAddress}
            </span>
          )}
          <ChevronDown size={16} aria-hidden="true" className="text-slate-500" />
        </M.Trigger>
        <M.Portal>
          <M.Content
            align="end"
            sideOffset={6}
            className="z-50 min-w-56 rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
          >
            <div className="px-2.5 py-2">
              <p className="truncate text-sm font-medium text-slate-900">{name}</p>
              <p className="truncate text-xs text-slate-600">{profile.emailAddress}</p>
            </div>
            <M.Separator className="my-1 h-px bg-slate-200" />
            <M.Item className={item} onSelect={() => navigate('/company-contact-form')}>
              <UserRound size={16} aria-hidden="true" /> Contact details
            </M.Item>
            <M.Item className={item} onSelect={() => setChanging(true)}>
              <KeyRound size={16} aria-hidden="true" /> Change password
            </M.Item>
            <M.Separator className="my-1 h-px bg-slate-200" />
            <M.Item className={item} onSelect={() => navigate('/logout')}>
              <LogOut size={16} aria-hidden="true" /> Sign out
            </M.Item>
            <M.Item className={item} onSelect={() => navigate('/logout?everywhere=true')}>
              <MonitorX size={16} aria-hidden="true" /> Sign out everywhere
            </M.Item>
          </M.Content>
        </M.Portal>
      </M.Root>
      <ChangePasswordDialog open={changing} onOpenChange={setChanging} />
    </>
  );
}
