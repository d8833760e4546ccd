import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { fetchTwoCheckGrant } from '@gjj-hall/sdk/auth';
import { FACE_VERIFY_ENABLE, type MenuEntry } from '@gjj-hall/sdk/menu';
import { client } from '../services';

const TwoCheckDialog = lazy(async () => ({ default: (await import('./two-check-dialog')).TwoCheckDialog }));

type Gate = 'checking' | 'open' | 'closed';

/**
 * Shows a menu's page only when the server lets this session open it (docs/api-qr.md, "Second check"): an entry with
 * enable 10 asks twoCheck/grant first; without a grant (an address typed or bookmarked, or a grant that ran out) the
 * page says a check is needed and offers the QR dialog. Other entries render at once.
 *
 * @example
 * <TwoCheckGate entry={entry}><BusinessPage /></TwoCheckGate>
 */
export function TwoCheckGate({ entry, children }: { entry: MenuEntry | undefined; children: ReactNode }) {
  const gated = entry !== undefined && entry.enable === FACE_VERIFY_ENABLE;
  const menuId = entry?.id ?? '';
  // The answer is kept with the menu it is for: another menu's answer never opens this one.
  const [answer, setAnswer] = useState<{ menuId: string; gate: Gate } | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  // Mounted from the first opening on, so that closing it returns the focus to 扫码验证.
  const [dialogUsed, setDialogUsed] = useState(false);

  useEffect(() => {
    if (!gated) return;
    let live = true;
    fetchTwoCheckGrant(client, menuId).then(
      (grant) => live && setAnswer({ menuId, gate: grant.granted ? 'open' : 'closed' }),
      () => live && setAnswer({ menuId, gate: 'closed' }),
    );
    return () => {
      live = false;
    };
  }, [gated, menuId]);

  const setGate = (gate: Gate) => setAnswer({ menuId, gate });
  const gate: Gate = !gated ? 'open' : answer?.menuId === menuId ? answer.gate : 'checking';
  if (gate === 'open') return <>{children}</>;
  if (gate === 'checking') {
    return (
      <p className="page page--center" role="status">
        正在确认身份验证，请稍候…
      </p>
    );
  }
  const title = entry?.meta.title ?? '';
  return (
    <section className="page page--center" aria-labelledby="two-check-title">
      <h1 id="two-check-title">{title}</h1>
      <p>办理“{title}”前需要验证本人身份：请用已登录本人账号的手机扫码确认。</p>
      <p>
        <button type="button" className="btn btn--primary" onClick={() => {
            setDialogUsed(true);
            setDialogOpen(true);
          }}>
          扫码验证
        </button>{' '}
        <Link className="btn" to="/">
          返回首页
        </Link>
      </p>
      {dialogUsed && (
        <Suspense fallback={null}>
          <TwoCheckDialog
            open={dialogOpen}
            menuId={menuId}
            menuTitle={title}
            onVerified={() => {
              setDialogOpen(false);
              setGate('open');
            }}
            onClose={() => setDialogOpen(false)}
          />
        </Suspense>
      )}
    </section>
  );
}
