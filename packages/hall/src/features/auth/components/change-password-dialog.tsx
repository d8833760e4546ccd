import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useStore } from '@nanostores/react';
import { stores } from '../../../shared/services';
import { signOut } from '../../../shared/sign-out';
import { toast } from '../../../shared/toast';
import { Dialog } from '../../../shared/ui/dialog';
import { SendCodeButton } from '../../../shared/ui/send-code-button';
import { changePassword, sendChangeCode } from '../api/password';
import { loginFailureMessage } from '../login-form';
import {
  digitsOnly,
  phoneRule,
  smsCodeLength,
  smsCodeRule,
  validateNewPassword,
  type NewPasswordErrors,
  type NewPasswordValues,
} from '../password-form';
import { NewPasswordFields } from './new-password-fields';
import { TextField } from './text-field';

/** Session-storage key of the dialog's countdown start (spec 4.8): reopening the dialog resumes it. */
export const CHANGE_PASSWORD_COUNTDOWN_KEY = 'changePwdCodeTime';

export interface ChangePasswordDialogProps {
  open: boolean;
  /** Called after closing (× or 关闭) and after a successful change. */
  onClose: () => void;
  /** @default '修改密码' */
  title?: string;
  /** The forced change of an initial password: no ×, no 关闭, Esc does nothing; 退出系统 is the only way out. */
  forced?: boolean;
}

type Errors = { phone?: string; code?: string } & NewPasswordErrors;

/**
 * The change-password dialog (spec 2.9, 3.8, 4.8, 4.9, 5.2): 600 px, modal, not closed by a click outside. The
 * login's phone shows masked and read-only; the code goes to it (the 60 s countdown survives closing and reopening);
 * new password with the strength meter and its confirmation, each with an eye toggle. phoneDec, smsCodeDec and pwdDec
 * go SM2-encrypted. On success: 密码修改成功 (or the server's msg), the countdown cleared, the dialog closed, and the
 * password status set to '1'. Closing resets the form.
 */
export function ChangePasswordDialog({ open, onClose, title = '修改密码', forced = false }: ChangePasswordDialogProps) {
  return (
    <Dialog title={title} open={open} size="password" closable={!forced} onClose={onClose}>
      {/* Mounted while open only: closing resets the form (spec 4.8). */}
      {open && <ChangePasswordForm onDone={onClose} forced={forced} />}
    </Dialog>
  );
}

function ChangePasswordForm({ onDone, forced }: { onDone: () => void; forced: boolean }) {
  const userInfo = useStore(stores.session.$userInfo);
  const phone = String(userInfo?.phone ?? '');
  const length = smsCodeLength(stores.config.configValue('XT_DXYZMCD'));
  const pattern = stores.config.configValue('XT_MMZZ');
  const [code, setCode] = useState('');
  const [passwords, setPasswords] = useState<NewPasswordValues>({ password: '', confirm: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const inputs = useRef<Record<string, HTMLInputElement | null>>({});
  const navigate = useNavigate();

  const all = (next = { code, ...passwords }): Errors => ({
    phone: phoneRule(phone),
    code: smsCodeRule(length)(next.code),
    ...validateNewPassword(next, pattern),
  });

  // Spec 5.2: checked on blur and on change; once a field has shown a message it follows what is typed.
  const change = (field: 'code' | keyof NewPasswordValues, value: string) => {
    const next = { code, ...passwords, [field]: value };
    if (field === 'code') setCode(value);
    else setPasswords({ password: next.password, confirm: next.confirm });
    const found = all(next);
    setErrors((e) => ({ ...e, [field]: found[field], ...(field === 'password' && e.confirm ? { confirm: found.confirm } : {}) }));
  };
  const blur = (field: 'code' | keyof NewPasswordValues) => setErrors((e) => ({ ...e, [field]: all()[field] }));

  // Before sending the code only the phone is checked (spec 5.2).
  const send = () => {
    const message = phoneRule(phone);
    setErrors((e) => ({ ...e, phone: message }));
    if (message) return false;
    setFailure('');
    return sendChangeCode(phone);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = all();
    setErrors(found);
    const first = (['code', 'password', 'confirm'] as const).find((f) => found[f]);
    if (found.phone || first) {
      if (first) inputs.current[first]?.focus();
      return;
    }
    setBusy(true);
    setFailure('');
    try {
      const message = await changePassword({ phone, code, password: passwords.password });
      sessionStorage.removeItem(CHANGE_PASSWORD_COUNTDOWN_KEY);
      const info = stores.session.$userInfo.get();
      stores.session.update({ passwordStatus: '1', ...(info ? { userInfo: { ...info, pwdStatus: '1' } } : {}) });
      toast.success(message);
      onDone();
    } catch (error) {
      // Spec 8.4 swallows failures; here the server's reason shows in the dialog, and what was typed stays.
      setFailure(loginFailureMessage(error).replace('登录失败', '修改失败'));
      setBusy(false);
    }
  };

  return (
    <form className="change-password" noValidate onSubmit={submit} aria-label="修改密码表单">
      {forced && <p className="change-password__intro">您的密码是初始密码，为了账户安全，请通过绑定手机接收验证码设置新密码后继续使用。</p>}
      <div className="form-alert" role="alert">
        {failure}
      </div>
      <TextField id="change-phone" label="手机号码" readOnly value={phone} error={errors.phone} />
      <TextField
        id="change-code"
        label="短信验证码"
        ref={(el) => void (inputs.current.code = el)}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={length}
        placeholder={`请输入${length}位短信验证码`}
        value={code}
        error={errors.code}
        onChange={(e) => change('code', digitsOnly(e.target.value))}
        onBlur={() => blur('code')}
        addon={<SendCodeButton storageKey={CHANGE_PASSWORD_COUNTDOWN_KEY} send={send} aria-describedby="change-phone" />}
      />
      <NewPasswordFields
        id="change"
        values={passwords}
        errors={errors}
        onChange={change}
        onBlur={blur}
        inputRef={(field, el) => void (inputs.current[field] = el)}
      />
      <div className="dialog__footer dialog__footer--inline">
        {forced ? (
          // Without a way out, a login whose phone cannot receive the code would be stuck behind the dialog.
          <button
            type="button"
            className="btn"
            onClick={() => void signOut().then(() => navigate('/login', { replace: true }))}
          >
            退出系统
          </button>
        ) : (
          <button type="button" className="btn" onClick={onDone}>
            关闭
          </button>
        )}
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? '正在提交…' : '确定'}
        </button>
      </div>
    </form>
  );
}
