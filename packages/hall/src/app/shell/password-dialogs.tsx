import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { hasInitialPassword, loadAccountInfo } from '@gjj-hall/sdk/auth';
import { useStore } from '@nanostores/react';
import { client, stores } from '../../shared/services';

// The dialog carries sm-crypto: loaded the first time it opens, not with the shell.
const ChangePasswordDialog = lazy(async () => ({
  default: (await import('../../features/auth/components/change-password-dialog')).ChangePasswordDialog,
}));

/** 修改密码 of the account menu (spec 2.9): loaded on first open, then kept so focus goes back where it was. */
export function ChangePasswordEntry({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ChangePasswordDialog open={open} onClose={onClose} />
    </Suspense>
  );
}

/**
 * While the password is an initial one (getUserInfo pwdStatus '0', kept as the session's password status, spec
 * 3.1), the change dialog opens at once and cannot be closed; the prompts after sign-in (`children`) wait for it.
 */
export function PasswordGate({ children }: { children: ReactNode }) {
  const userInfo = useStore(stores.session.$userInfo);
  const initial = hasInitialPassword(userInfo);
  const wasInitial = useRef(initial);
  useEffect(() => {
    if (userInfo && userInfo.pwdStatus !== undefined) stores.session.update({ passwordStatus: String(userInfo.pwdStatus) });
  }, [userInfo]);
  useEffect(() => {
    // The server refuses the account information to an initial password (spec 4.1, issue 18): once it is changed, the
    // home page's summary is loaded. A failure leaves it empty, as a failed reload would.
    if (wasInitial.current && !initial) void loadAccountInfo(client, stores).catch(() => undefined);
    wasInitial.current = initial;
  }, [initial]);
  if (!initial) return <>{children}</>;
  return (
    <Suspense fallback={null}>
      <ChangePasswordDialog open forced title="首次登录请修改初始密码" onClose={() => {}} />
    </Suspense>
  );
}
