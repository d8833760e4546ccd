import { FOOTER_CONFIG_KEYS } from '@gjj-hall/sdk';
import { useStore } from '@nanostores/react';
import { stores } from '../services';
import { FOOTER_LABELS, SITE } from '../site';

/** The national housing provident fund hotline, on every page (issue 37: consistent help, WCAG 3.2.6). */
export const HOTLINE = '12329';

/** Footer keys shown on the first line (who runs the site), the rest on the second (registrations). */
const FIRST_LINE = ['zxmc', 'jszc', 'wzym'];

/**
 * The footer from the system configuration keys ggwab, babh, zxmc, wzym, jszc, wzbsm and sydw (spec 3.5), each
 * with its configured title; keys without a value are left out.
 */
export function Footer() {
  const list = useStore(stores.config.$sysConfig);
  const items = FOOTER_CONFIG_KEYS.map((key) => {
    const item = list.find((c) => c.key === key && String(c.enable) === '1');
    return { key, label: item?.title || FOOTER_LABELS[key] || key, value: item?.value ?? '' };
  }).filter((i) => i.value);
  const copyright = items.find((i) => i.key === 'sydw');
  const first = items.filter((i) => FIRST_LINE.includes(i.key));
  const second = items.filter((i) => !FIRST_LINE.includes(i.key) && i.key !== 'sydw');
  return (
    <footer className="footer">
      <p className="footer__help">
        服务热线：<a href={`tel:${HOTLINE}`}>{HOTLINE}</a>
      </p>
      {items.length === 0 ? (
        <p>{SITE.hallName}</p>
      ) : (
        <>
          <p className="footer__row">
            {first.map((i) => (
              <span key={i.key}>
                {i.label}：{i.value}
              </span>
            ))}
          </p>
          <p className="footer__row">
            {second.map((i) => (
              <span key={i.key}>
                {i.label}：{i.value}
              </span>
            ))}
          </p>
          {copyright && <p>{copyright.value}</p>}
        </>
      )}
    </footer>
  );
}
