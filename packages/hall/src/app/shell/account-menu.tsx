import { useEffect, useId, useRef, useState } from 'react';
import { LogoutDialog } from './logout-dialog';
import { ChangePasswordEntry } from './password-dialogs';
import { SwitchAccountDialog, useCurrentAccountType } from './switch-account-dialog';
import './account-menu.css';

type Open = null | 'password' | 'switch' | 'logout';

/**
 * The top bar's account menu (spec 2.5): the user's name opens 修改密码, 切换账号 and 退出系统 (the spec's word, docs/glossary.md). A disclosure button
 * with a list of buttons; Esc or a click outside closes it.
 */
export function AccountMenu({ name }: { name: string }) {
  const [expanded, setExpanded] = useState(false);
  const [dialog, setDialog] = useState<Open>(null);
  const listId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const accountType = useCurrentAccountType();

  useEffect(() => {
    if (!expanded) return;
    const onDown = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setExpanded(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setExpanded(false);
        button.current?.focus();
      }
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [expanded]);

  const pick = (which: Exclude<Open, null>) => {
    setExpanded(false);
    setDialog(which);
  };
  const close = () => setDialog(null);

  return (
    <div className="account-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="account-menu__button"
        aria-expanded={expanded}
        aria-controls={listId}
        onClick={() => setExpanded((v) => !v)}
      >
        <span className="account-menu__avatar" aria-hidden="true">
          {name.charAt(0) || '用'}
        </span>
        <span className="account-menu__name">{name || '用户'}</span>
        {accountType && <span className="account-menu__type">{accountType}</span>}
        <span className="visually-hidden">，账户菜单</span>
        <span className="account-menu__caret" aria-hidden="true">
          ▾
        </span>
      </button>
      <ul id={listId} className="account-menu__list" hidden={!expanded}>
        <li>
          <button type="button" onClick={() => pick('password')}>
            修改密码
          </button>
        </li>
        <li>
          <button type="button" onClick={() => pick('switch')}>
            切换账号
          </button>
        </li>
        <li>
          <button type="button" onClick={() => pick('logout')}>
            退出系统
          </button>
        </li>
      </ul>
      <ChangePasswordEntry open={dialog === 'password'} onClose={close} />
      <SwitchAccountDialog open={dialog === 'switch'} onClose={close} />
      <LogoutDialog open={dialog === 'logout'} onClose={close} />
    </div>
  );
}
