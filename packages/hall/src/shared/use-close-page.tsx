import { useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { closeTarget } from './close-target';
import { $homePath } from './services';
import { Dialog } from './ui/dialog';

/**
 * The close-page confirmation of spec 2.5: 系统提示, 您是否需要关闭当前页面？, 关闭页面 / 停留本页面. Closing goes
 * to the page named in `backNav`, else to `fallback` (the home page by default, or /sysMsg/msgHome). Render
 * `dialog` once.
 *
 * @example
 * const { ask, dialog } = useClosePage()
 * <button onClick={ask}>关闭页面</button>{dialog}
 */
export function useClosePage(fallback?: string): { ask: () => void; dialog: ReactNode } {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const { search } = useLocation();
  const dialog = (
    <Dialog
      title="系统提示"
      open={open}
      alert
      onClose={() => setOpen(false)}
      footer={
        <>
          <button type="button" className="btn" onClick={() => setOpen(false)}>
            停留本页面
          </button>
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => {
              setOpen(false);
              navigate(closeTarget(search, fallback ?? ($homePath.get() || '/')), { replace: true });
            }}
          >
            关闭页面
          </button>
        </>
      }
    >
      <p>您是否需要关闭当前页面？</p>
    </Dialog>
  );
  return { ask: () => setOpen(true), dialog };
}
