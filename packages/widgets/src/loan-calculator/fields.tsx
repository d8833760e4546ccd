// @internal Form and result building blocks shared by the three tabs; not part of the package's public entry.
import type { ReactNode } from 'react';
import { money } from './logic';

interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  error?: string | undefined;
  hint?: string | undefined;
  type?: 'text' | 'date';
  inputMode?: 'decimal' | 'numeric';
  readOnly?: boolean;
  placeholder?: string | undefined;
  onChange: (value: string) => void;
  onBlur: () => void;
}

/** A labelled input; its hint and error are tied to it by `aria-describedby`. */
export function TextField({ id, label, value, error, hint, type = 'text', inputMode, readOnly, placeholder, onChange, onBlur }: TextFieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className="gjj-loan__field" part="field" data-invalid={error ? '' : undefined}>
      <label htmlFor={id} className="gjj-loan__label" part="label">
        {label}
      </label>
      <input
        id={id}
        name={id}
        className="gjj-loan__input"
        part="input"
        type={type}
        inputMode={inputMode}
        autoComplete="off"
        value={value}
        readOnly={readOnly}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(e) => onChange(e.currentTarget.value)}
        onBlur={onBlur}
      />
      {hint ? (
        <p id={hintId} className="gjj-loan__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="gjj-loan__error" part="error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

interface RadioGroupProps<V extends string> {
  id: string;
  legend: string;
  value: V;
  options: ReadonlyArray<{ value: V; label: string }>;
  error?: string | undefined;
  onChange: (value: V) => void;
}

/** A radio group in a fieldset; arrow keys move between the options (the browser's own behaviour). */
export function RadioGroup<V extends string>({ id, legend, value, options, error, onChange }: RadioGroupProps<V>) {
  const errorId = `${id}-error`;
  return (
    <fieldset
      id={id}
      className="gjj-loan__field gjj-loan__radios"
      part="field"
      aria-describedby={error ? errorId : undefined}
      data-invalid={error ? '' : undefined}
    >
      <legend className="gjj-loan__label" part="label">
        {legend}
      </legend>
      <div className="gjj-loan__options">
        {options.map((o) => (
          <label key={o.value} className="gjj-loan__option">
            <input type="radio" name={id} value={o.value} checked={value === o.value} onChange={() => onChange(o.value)} />
            {o.label}
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="gjj-loan__error" part="error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** One figure of a result block. */
export interface Figure {
  term: string;
  /** Money in yuan; shown as -- while there is no result (not a red 0.00, issue 23); null shows no money. */
  value?: string | null | undefined;
  /** Text instead of money (counts of months and the like). */
  text?: string | undefined;
  /** Words before the money, shown on a line of their own under the term (the comparison's sentences). */
  words?: string | undefined;
}

interface ResultBlockProps {
  id: string;
  title: string;
  /** The block's name as a landmark when it is not the title alone (the calculator's name before it). */
  name?: string | undefined;
  figures: readonly Figure[];
  /** Opens this loan's plan; the plan link is disabled while there is no result. */
  onPlan?: ((opener: HTMLElement) => void) | undefined;
  planReady?: boolean;
  children?: ReactNode;
}

/** A result block: a heading, its figures, and the link to the repayment plan. */
export function ResultBlock({ id, title, name, figures, onPlan, planReady = false, children }: ResultBlockProps) {
  return (
    <section className="gjj-loan__block" part="result-block" aria-label={name ?? title} data-block={id}>
      <h3 id={`${id}-title`} className="gjj-loan__block-title">
        {title}
      </h3>
      <dl className="gjj-loan__figures">
        {figures.map((f) => (
          <div key={f.term} className={f.words === undefined ? 'gjj-loan__figure' : 'gjj-loan__figure gjj-loan__figure--sentence'}>
            <dt>{f.term}</dt>
            <dd>
              {f.words ? `${f.words} ` : null}
              {f.text !== undefined ? (
                f.text
              ) : f.value === null ? null : f.value === undefined ? (
                <span className="gjj-loan__none">--</span>
              ) : (
                <>
                  <span className="gjj-loan__money">{money(f.value)}</span> 元
                </>
              )}
            </dd>
          </div>
        ))}
      </dl>
      {children}
      {onPlan ? (
        <button
          type="button"
          className="gjj-loan__plan-button"
          part="plan-button"
          disabled={!planReady}
          onClick={(e) => onPlan(e.currentTarget)}
        >
          查看还款计划<span className="gjj-visually-hidden">（{title}）</span>
        </button>
      ) : null}
    </section>
  );
}

/**
 * The calculate button with its busy state (the result is on its way, or the engine it needs is still arriving), and
 * the reason a calculation failed; with `retry`, the alert has a button that tries again.
 */
export function SubmitRow({ busy, failure, retry }: { busy: boolean; failure: string; retry?: (() => void) | undefined }) {
  return (
    <div className="gjj-loan__actions">
      <button type="submit" className="gjj-button gjj-loan__submit" part="button" aria-disabled={busy || undefined} aria-busy={busy || undefined}>
        {busy ? '正在计算…' : '计算'}
      </button>
      {failure ? (
        <p className="gjj-loan__failure" role="alert">
          {failure}
          {retry ? (
            <>
              {' '}
              <button type="button" className="gjj-button gjj-button--plain" onClick={retry}>
                重新加载
              </button>
            </>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}

/** A polite live region: what it says is read out once after each calculation. */
export function Announcer({ text }: { text: string }) {
  return (
    <p className="gjj-visually-hidden" aria-live="polite" data-announcement="">
      {text}
    </p>
  );
}

/**
 * @internal Text for an announcer that changes even when the same summary comes twice in a row (a repeated, identical
 * text would not be read again).
 */
export function freshText(text: string, count: number): string {
  return count % 2 ? text : `${text}\u00a0`;
}
