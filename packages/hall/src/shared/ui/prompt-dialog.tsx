import { useNavigate } from 'react-router';
import { promptButtons, type PromptData } from '@gjj-hall/sdk/auth';
import { Dialog } from './dialog';

/**
 * The prompt dialog of spec 2.13 (提示, 800 px): its buttons depend on the path (关闭 / 去完善, 关闭 / 去确认, or one
 * 确定 that pushes a named route, replaces the route with the path, or just closes).
 *
 * @example
 * <PromptDialog prompt={{ text: '请先确认', path: '/dwwt/cxyw/dwlxd_cx' }} onClose={next} />
 */
export function PromptDialog({ prompt, onClose }: { prompt: PromptData | null; onClose: () => void }) {
  const navigate = useNavigate();
  const buttons = prompt ? promptButtons(prompt) : [];
  const act = (action: string) => {
    if (!prompt) return;
    onClose();
    if (action === 'go' && prompt.path) navigate(prompt.path, { replace: true });
    else if (action === 'ok' && prompt.path) navigate(prompt.path, { replace: true });
    else if (action === 'push' && prompt.tzData) {
      // Route names are capitalised paths (spec 2.2): the name gives the address back.
      const name = prompt.tzData.targetName;
      const path = `/${name.charAt(0).toLowerCase()}${name.slice(1)}`;
      const query = new URLSearchParams(
        Object.entries(prompt.tzData.params ?? {}).map(([k, v]) => [k, String(v)]),
      ).toString();
      navigate(query ? `${path}?${query}` : path);
    }
  };
  return (
    <Dialog
      title="提示"
      size="prompt"
      open={prompt !== null}
      alert
      onClose={onClose}
      footer={buttons.map((b, i) => (
        <button
          key={b.label}
          type="button"
          className={`btn${i === buttons.length - 1 ? ' btn--primary' : ''}`}
          onClick={() => act(b.action)}
        >
          {b.label}
        </button>
      ))}
    >
      <p>{prompt?.text}</p>
    </Dialog>
  );
}
