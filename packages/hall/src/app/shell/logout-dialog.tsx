import { useState } from 'react';
import { useNavigate } from 'react-router';
import { signOut } from '../../shared/sign-out';
import { Dialog } from '../../shared/ui/dialog';

/**
 * The exit confirmation (spec 2.5): 退出系统, 您确定要退出系统吗？; 确定退出 logs out on the server, clears the session
 * and goes to /login; cancelling does nothing.
 */
export function LogoutDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      title="退出系统"
      open={open}
      alert
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            取消
          </button>
          <button
            type="button"
            className="btn btn--primary"
            disabled={busy}
            onClick={() => {
              setBusy(true);
              void signOut().then(() => {
                onClose();
                navigate('/login', { replace: true });
              });
            }}
          >
            确定退出
          </button>
        </>
      }
    >
      <p>您确定要退出系统吗？</p>
    </Dialog>
  );
}
