import { useEffect, useId, useRef, useState } from 'react';
import type { ColumnState } from './columns';

export interface ColumnChooserProps<T> {
  states: readonly ColumnState<T>[];
  /** 提交: the columns to show (props). */
  onSubmit: (shown: ReadonlySet<string>) => void;
  /** 重置: back to the page's columns. */
  onReset: () => void;
  /** The table's name, for the button's accessible name. */
  label: string;
}

/**
 * The column chooser of spec 2.14: a 列设置 button opening a panel with a checkbox per column (a column that may not
 * be hidden is checked and disabled), 重置 and 提交. Escape closes it and gives focus back to the button.
 */
export function ColumnChooser<T>({ states, onSubmit, onReset, label }: ColumnChooserProps<T>) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<Set<string>>(new Set());
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const node = panel.current;
    node?.querySelector<HTMLInputElement>('input:not(:disabled)')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.stopPropagation();
      setOpen(false);
      button.current?.focus();
    };
    node?.addEventListener('keydown', onKey);
    return () => node?.removeEventListener('keydown', onKey);
  }, [open]);

  const toggle = () => {
    if (!open) setDraft(new Set(states.filter((s) => s.shown).map((s) => s.column.prop)));
    setOpen(!open);
  };
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const none = ![...draft].length;
  return (
    <div className="gjj-table__chooser">
      <button
        ref={button}
        type="button"
        className="btn"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={`${label}列设置`}
        onClick={toggle}
      >
        列设置
      </button>
      {open && (
        <div
          ref={panel}
          id={panelId}
          className="gjj-table__chooser-panel"
          role="group"
          aria-label={`${label}显示的列`}
        >
          <ul>
            {states.map(({ column }) => (
              <li key={column.prop}>
                <label>
                  <input
                    type="checkbox"
                    checked={column.disabled || draft.has(column.prop)}
                    disabled={column.disabled}
                    onChange={(e) => {
                      const next = new Set(draft);
                      if (e.target.checked) next.add(column.prop);
                      else next.delete(column.prop);
                      setDraft(next);
                    }}
                  />
                  {column.label}
                </label>
              </li>
            ))}
          </ul>
          {none && <p className="gjj-table__chooser-hint">请至少选择一列</p>}
          <div className="gjj-table__chooser-actions">
            <button
              type="button"
              className="btn"
              onClick={() => {
                onReset();
                close();
              }}
            >
              重置
            </button>
            <button
              type="button"
              className="btn btn--primary"
              disabled={none}
              onClick={() => {
                onSubmit(draft);
                close();
              }}
            >
              提交
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
