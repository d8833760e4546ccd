import { useState } from 'react';
import { PASSWORD_STRENGTH_LEVELS, passwordStrength } from '@gjj-hall/sdk/validate';
import { stripInput, type NewPasswordErrors, type NewPasswordValues } from '../password-form';
import { TextField } from './text-field';

export interface NewPasswordFieldsProps {
  /** Prefix of the inputs' ids. */
  id: string;
  values: NewPasswordValues;
  errors: NewPasswordErrors;
  onChange: (field: keyof NewPasswordValues, value: string) => void;
  onBlur: (field: keyof NewPasswordValues) => void;
  /** Keeps the inputs for focusing the first invalid one. */
  inputRef?: (field: keyof NewPasswordValues, el: HTMLInputElement | null) => void;
}

const PLACEHOLDER = '请输入8-16位密码，至少包含字母、数字两种组合';

/** An eye toggle: shows or hides what a password field holds. A toggle keeps one name; aria-pressed tells the state. */
function EyeToggle({ shown, onToggle, label }: { shown: boolean; onToggle: () => void; label: string }) {
  return (
    <button type="button" className="eye-toggle" aria-pressed={shown} aria-label={`显示${label}`} title={`显示${label}`} onClick={onToggle}>
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path d="M12 5C6.5 5 2.7 9.1 1.5 12c1.2 2.9 5 7 10.5 7s9.3-4.1 10.5-7C21.3 9.1 17.5 5 12 5zm0 11.5a4.5 4.5 0 1 1 0-9 4.5 4.5 0 0 1 0 9zm0-2.5a2 2 0 1 0 0-4 2 2 0 0 0 0 4z" fill="currentColor" />
        {!shown && <path d="M3 3l18 18" stroke="currentColor" strokeWidth="2" />}
      </svg>
    </button>
  );
}

/**
 * The strength meter of spec 4.9 in words as well as colours: 密码强度：弱 / 中 / 强, announced as it changes.
 */
export function StrengthMeter({ password }: { password: string }) {
  const level = passwordStrength(password);
  const { label } = PASSWORD_STRENGTH_LEVELS[level];
  const text = label || (password ? '不符合要求' : '未输入');
  return (
    <div className="strength" data-level={level}>
      <span className="strength__bars" aria-hidden="true">
        {[1, 2, 3].map((n) => (
          // Coloured by the stylesheet from data-level (red, blue, green of spec 4.9): the CSP allows no inline style.
          <span key={n} className={`strength__bar${n <= level ? ' strength__bar--on' : ''}`} />
        ))}
      </span>
      <span className="strength__text" role="status" aria-live="polite">
        密码强度：{text}
      </span>
    </div>
  );
}

/**
 * New password and its confirmation (spec 2.9, 5.2): each with an eye toggle, 8-16 characters, Chinese and spaces
 * stripped as typed, the strength meter under the new one.
 */
export function NewPasswordFields({ id, values, errors, onChange, onBlur, inputRef }: NewPasswordFieldsProps) {
  const [shown, setShown] = useState({ password: false, confirm: false });
  const field = (name: keyof NewPasswordValues, label: string, placeholder: string) => (
    <TextField
      id={`${id}-${name}`}
      label={label}
      ref={(el) => inputRef?.(name, el)}
      type={shown[name] ? 'text' : 'password'}
      autoComplete="new-password"
      maxLength={16}
      placeholder={placeholder}
      value={values[name]}
      error={errors[name]}
      onChange={(e) => onChange(name, stripInput(e.target.value))}
      onBlur={() => onBlur(name)}
      addon={<EyeToggle label={label} shown={shown[name]} onToggle={() => setShown((s) => ({ ...s, [name]: !s[name] }))} />}
    />
  );
  return (
    <>
      {field('password', '新密码', PLACEHOLDER)}
      <StrengthMeter password={values.password} />
      {field('confirm', '确认新密码', '请再次输入新密码')}
    </>
  );
}
