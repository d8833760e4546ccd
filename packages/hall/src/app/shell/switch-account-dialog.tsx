import { useState } from 'react';
import { switchableAccounts, switchUser, type SwitchableAccount } from '@gjj-hall/sdk/auth';
import { maskIdCard } from '@gjj-hall/sdk/format';
import { useStore } from '@nanostores/react';
import { client, stores } from '../../shared/services';
import { sessionFlags } from '../../shared/session-flags';
import { Dialog } from '../../shared/ui/dialog';
import './switch-account.css';

/** The status text of an account from the dictionary (GRZHZT for individuals, DWZHZT for units), or its code. */
function statusText(account: SwitchableAccount, personal: boolean): string {
  if (!account.userStatus) return '状态未知';
  return stores.config.dictionaryLabel(personal ? 'GRZHZT' : 'DWZHZT', account.userStatus);
}

/**
 * Forgets what the session holds about the current account (user info, menus, buttons, account information), so the
 * guard loads them again, and reloads the hall at / (spec 2.8, 4.12). The token stays: the session is the same.
 */
function reloadAsSwitched(): void {
  stores.session.update({ userInfo: null, menus: [], buttonMap: {}, personalInfo: null, unitInfo: null, otherUnitInfo: null });
  // The new account's prompts (information completeness, interest statement) are due like after a sign-in.
  sessionFlags.promptsDue.set(true);
  window.location.replace(`${window.location.pathname}${window.location.search}#/`);
  window.location.reload();
}

/**
 * 切换账号 (spec 2.8, 4.12): the login's accounts, the current one marked 当前登录, each with its status tag (spec 6).
 * Choosing another asks 温馨提示 / 是否切换账号？; confirming calls switchUser, then the hall reloads at /. The
 * current account cannot be chosen (nothing happens); 取消 closes.
 */
export function SwitchAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const userInfo = useStore(stores.session.$userInfo);
  const loginType = useStore(stores.session.$loginType);
  useStore(stores.config.$dictionary);
  const [target, setTarget] = useState<SwitchableAccount | null>(null);
  const [busy, setBusy] = useState(false);
  const accounts = switchableAccounts(userInfo, loginType);
  const personal = loginType === 1;

  const confirm = async () => {
    if (!target || busy) return;
    setBusy(true);
    try {
      await switchUser(client, target.id);
      reloadAsSwitched();
    } catch {
      // The client's hooks have shown why (403 dialog, or the error toast).
      setBusy(false);
      setTarget(null);
    }
  };

  return (
    <>
      <Dialog
        title="切换账号"
        size="password"
        open={open && !target}
        onClose={onClose}
        footer={
          <button type="button" className="btn" onClick={onClose}>
            取消
          </button>
        }
      >
        {accounts.length === 0 ? (
          <p>当前登录名下没有其他账户。</p>
        ) : (
          <ul className="switch-list" aria-label="本登录名下的账户">
            {accounts.map((account) => (
              <li key={account.id}>
                <button
                  type="button"
                  className={`switch-item${account.current ? ' switch-item--current' : ''}`}
                  aria-current={account.current ? 'true' : undefined}
                  aria-disabled={account.current ? 'true' : undefined}
                  onClick={() => {
                    // Switching to the current account does nothing (spec 4.12).
                    if (!account.current) setTarget(account);
                  }}
                >
                  <span className="switch-item__main">
                    <span className="switch-item__name">{account.name}</span>
                    {account.accountType && <span className="switch-item__type">{account.accountType}</span>}
                  </span>
                  <span className="switch-item__account">{personal ? maskIdCard(account.account) : account.account}</span>
                  <span className={`status-tag status-tag--${account.tag}`}>{statusText(account, personal)}</span>
                  {account.current && <span className="switch-item__current">当前登录</span>}
                </button>
              </li>
            ))}
          </ul>
        )}
      </Dialog>
      <Dialog
        title="温馨提示"
        alert
        open={open && !!target}
        onClose={() => setTarget(null)}
        footer={
          <>
            <button type="button" className="btn" onClick={() => setTarget(null)}>
              取消
            </button>
            <button type="button" className="btn btn--primary" disabled={busy} onClick={() => void confirm()}>
              {busy ? '正在切换…' : '确定'}
            </button>
          </>
        }
      >
        <p>是否切换账号？</p>
        {target && (
          <p className="switch-confirm__target">
            将切换到：{target.name}
            {target.accountType ? `（${target.accountType}）` : ''}
          </p>
        )}
      </Dialog>
    </>
  );
}

/** The type of the account the session is on (个人缴存账户, 灵活就业缴存账户, ...), '' when unknown. */
export function useCurrentAccountType(): string {
  const userInfo = useStore(stores.session.$userInfo);
  const loginType = useStore(stores.session.$loginType);
  const accounts = switchableAccounts(userInfo, loginType);
  // Only worth showing when the login holds more than one account.
  return accounts.length > 1 ? (accounts.find((a) => a.current)?.accountType ?? '') : '';
}
