import { useId, type ReactNode } from 'react';

interface FieldProps {
  name: string;
  label: string;
  value: string;
  error?: string;
  hint?: ReactNode;
  onChange: (name: string, value: string) => void;
}

/**
 * A labelled text field of a wizard step, with its hint and its error (announced, linked by aria-describedby).
 *
 * @example
 * <TextField name="txdz" label="通讯地址" value={values.txdz ?? ''} error={errors.txdz} onChange={set} />
 */
export function TextField({
  name,
  label,
  value,
  error,
  hint,
  onChange,
  maxLength,
  inputMode,
  autoComplete,
}: FieldProps & { maxLength?: number; inputMode?: 'text' | 'numeric' | 'tel' | 'email'; autoComplete?: string }) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      <div className="field__control">
        <input
          id={id}
          name={name}
          className="field__input"
          value={value}
          maxLength={maxLength}
          inputMode={inputMode}
          autoComplete={autoComplete ?? 'off'}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          onChange={(e) => onChange(name, e.target.value)}
        />
      </div>
      <p id={`${id}-error`} className="field__error">
        {error}
      </p>
    </div>
  );
}

/**
 * A labelled select of a wizard step; the first option is "不变更" (empty).
 *
 * @example
 * <SelectField name="hyzk" label="婚姻状况" options={[['20', '已婚']]} value={values.hyzk ?? ''} onChange={set} />
 */
export function SelectField({ name, label, value, error, hint, onChange, options, empty = '不变更' }: FieldProps & { options: ReadonlyArray<readonly [string, string]>; empty?: string }) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      <div className="field__control">
        <select
          id={id}
          name={name}
          className="field__input"
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          onChange={(e) => onChange(name, e.target.value)}
        >
          <option value="">{empty}</option>
          {options.map(([v, text]) => (
            <option key={v} value={v}>
              {text}
            </option>
          ))}
        </select>
      </div>
      <p id={`${id}-error`} className="field__error">
        {error}
      </p>
    </div>
  );
}
