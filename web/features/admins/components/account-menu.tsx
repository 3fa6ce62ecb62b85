import { Link, useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { DropdownMenu } from 'radix-ui';
import { ChevronDown, KeyRound, LogOut, UserRound } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';
import { forgetAdminData } from '../api/session';
import { useLogout } from '../api/logout';
import type { AdminPath } from '../../../lib/admin-sections';

const ITEM_CLASS =
  'flex min-h-11 cursor-pointer items-center gap-2 rounded-sm px-3 text-sm text-foreground outline-none data-[disabled]:cursor-default data-[disabled]:opacity-60 data-[highlighted]:bg-primary-soft [&_svg]:size-4 [&_svg]:shrink-0';

/**
 * The signed-in administrator's menu in the back office's header: who is signed in, 'Change
 * password' (to the screen with that form, when there is one this administrator may open) and
 * 'Log out'. A menu button: arrows move through the items, Escape closes it and the focus goes
 * back to the button.
 */
export function AccountMenu({
  email,
  changePasswordPath,
}: {
  email: string;
  changePasswordPath?: AdminPath;
}) {
  const logout = useLogout();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { toast } = useToast();

  const onLogout = () => {
    if (logout.isPending) return;
    logout.mutate(undefined, {
      onSuccess: () => {
        toast({ title: 'Logged out successfully', variant: 'success' });
        // Leave first: dropping the session while this layout is mounted would look like a 401.
        void navigate({ to: '/admin/login', replace: true }).then(() =>
          forgetAdminData(queryClient),
        );
      },
      onError: () => toast({ title: 'Error logging out', variant: 'error' }),
    });
  };

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button variant="ghost" className="h-11 min-w-11 px-2 sm:px-3">
          <UserRound aria-hidden="true" />
          <span className="sr-only">Signed in as </span>
          <span className="sr-only sm:not-sr-only sm:inline-block sm:max-w-56 sm:truncate">
            {email}
          </span>
          <ChevronDown aria-hidden="true" className="hidden sm:block" />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content
        align="end"
        sideOffset={4}
        className="z-50 min-w-56 max-w-[calc(100vw-1rem)] rounded-md border border-border bg-background p-1 shadow-md"
      >
        <DropdownMenu.Label className="break-all px-3 py-2 text-xs text-muted-foreground">
          {email}
        </DropdownMenu.Label>
        <DropdownMenu.Separator className="my-1 h-px bg-border" />
        {changePasswordPath && (
          <DropdownMenu.Item asChild className={ITEM_CLASS}>
            <Link to={changePasswordPath}>
              <KeyRound aria-hidden="true" />
              Change password
            </Link>
          </DropdownMenu.Item>
        )}
        <DropdownMenu.Item className={ITEM_CLASS} disabled={logout.isPending} onSelect={onLogout}>
          <LogOut aria-hidden="true" />
          {logout.isPending ? 'Logging out...' : 'Log out'}
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
