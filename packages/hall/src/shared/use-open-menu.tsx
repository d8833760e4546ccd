import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { menuOpenStep } from './menu-open';
import type { MenuNode } from './menu-view';
import { stores } from './services';
import { toast } from './toast';
import { Dialog } from './ui/dialog';

/**
 * Opens menu entries as spec 4.2 says, for tiles and menus: navigates, shows the pause note, or shows the face
 * verification dialog (the verification itself comes in a later version). Render `dialog` once.
 *
 * @example
 * const { open, dialog } = useOpenMenu()
 * <Tiles items={nodes.map((n) => ({ key: n.fullPath, title: n.entry.meta.title, onOpen: () => open(n) }))} />
 * {dialog}
 */
export function useOpenMenu(): { open: (node: MenuNode) => void; dialog: ReactNode } {
  const navigate = useNavigate();
  const [faceFor, setFaceFor] = useState<string | null>(null);
  const open = (node: MenuNode) => {
    const step = menuOpenStep(node, stores.session.$userInfo.get()?.loginMethod);
    if (step.kind === 'navigate') navigate(step.to);
    else if (step.kind === 'face-verify') setFaceFor(node.entry.meta.title || step.to);
    else toast.warning(step.message);
  };
  const dialog = (
    <Dialog
      title="需要人脸识别验证"
      open={faceFor !== null}
      onClose={() => setFaceFor(null)}
      footer={
        <button type="button" className="btn btn--primary" onClick={() => setFaceFor(null)}>
          我知道了
        </button>
      }
    >
      <p>
        办理“{faceFor}”前需要先通过人脸识别验证本人身份。人脸识别验证将在后续版本中提供，敬请期待。
      </p>
    </Dialog>
  );
  return { open, dialog };
}
