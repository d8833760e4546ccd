import type { ComponentProps, ReactNode } from 'react';

export interface TextFieldProps extends Omit<ComponentProps<'input'>, 'id' | 'aria-invalid' | 'aria-describedby'> {
  id: string;
  label: string;
  /** The rule's message, shown under the field; '' or undefined when valid. */
  error?: string;
  /** Shown after the input, e.g. the captcha picture. */
  addon?: ReactNode;
}

/** A labelled input whose rule message sits under it, tied by aria-describedby and aria-invalid. */
export function TextField({ id, label, error, addon, ...input }: TextFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__control">
        <input
          id={id}
          className="field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...input}
        />
        {addon}
      </div>
      <p id={errorId} className="field__error">
        {error}
      </p>
    </div>
  );
}
