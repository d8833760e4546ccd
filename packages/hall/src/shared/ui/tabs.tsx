import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem {
  key: string;
  label: ReactNode;
}

export interface TabsProps {
  items: readonly TabItem[];
  /** Index of the selected tab. */
  active: number;
  onChange: (index: number) => void;
  /** The accessible name of the tab list. */
  label: string;
  /** The panel of the selected tab. */
  children: ReactNode;
  className?: string;
}

/**
 * Tabs with the ARIA tabs pattern: arrow keys, Home and End move between tabs (selection follows focus), one panel
 * labelled by its tab.
 *
 * @example
 * <Tabs label="登录方式" items={[{ key: 'pwd', label: '账号密码' }]} active={0} onChange={setActive}>…</Tabs>
 */
export function Tabs({ items, active, onChange, label, children, className }: TabsProps) {
  const id = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const current = Math.min(Math.max(active, 0), Math.max(items.length - 1, 0));

  const onKeyDown = (event: KeyboardEvent) => {
    const last = items.length - 1;
    const next =
      event.key === 'ArrowRight' ? (current === last ? 0 : current + 1)
      : event.key === 'ArrowLeft' ? (current === 0 ? last : current - 1)
      : event.key === 'Home' ? 0
      : event.key === 'End' ? last
      : null;
    if (next === null) return;
    event.preventDefault();
    onChange(next);
    refs.current[next]?.focus();
  };

  return (
    <div className={`tabs${className ? ` ${className}` : ''}`}>
      <div className="tabs__list" role="tablist" aria-label={label}>
        {items.map((item, index) => (
          <button
            key={item.key}
            ref={(el) => {
              refs.current[index] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${index}`}
            aria-selected={index === current}
            aria-controls={`${id}-panel`}
            tabIndex={index === current ? 0 : -1}
            className="tabs__tab"
            onClick={() => onChange(index)}
            onKeyDown={onKeyDown}
          >
            {item.label}
          </button>
        ))}
      </div>
      <div className="tabs__panel" role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${current}`}>
        {children}
      </div>
    </div>
  );
}
