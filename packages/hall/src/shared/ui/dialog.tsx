import { useEffect, useId, useRef, type ReactNode } from 'react';

/** Widths of spec 9 by kind of dialog (px); the minimum size is 250 by 200. */
export type DialogSize = 'small' | 'password' | 'prompt' | 'notice' | 'video' | 'qr';

export interface DialogProps {
  /** Shown as the dialog's heading and its accessible name. */
  title: string;
  open: boolean;
  /** Called when the user closes it: the × button, Esc, or the caller's own buttons. */
  onClose?: () => void;
  /** False for the 401 dialog: no × button, Esc does nothing. @default true */
  closable?: boolean;
  size?: DialogSize;
  /** The buttons, right-aligned under the content. */
  footer?: ReactNode;
  children: ReactNode;
  /** Role alertdialog for confirmations and warnings that need an answer. */
  alert?: boolean;
  /**
   * The hall's own answers to a call (401, 403; app/system-dialogs.tsx): kept above every other dialog. A dialog opened
   * after it (a page's 办理须知 whose page loaded later) would otherwise be the top modal and leave it inert behind.
   */
  system?: boolean;
  className?: string;
}

/** Puts the open system dialogs back on top of the top layer, after another dialog was shown modally. */
function raiseSystemDialogs(opened: HTMLDialogElement): void {
  for (const d of document.querySelectorAll<HTMLDialogElement>('dialog[data-system][open]')) {
    if (d === opened) continue;
    d.close();
    d.showModal();
  }
}

/**
 * A modal dialog on the native `<dialog>` element: the page behind is inert (focus stays in the dialog), Esc closes
 * it unless `closable` is false, focus returns where it was on close. Labelled by its title.
 *
 * @example
 * <Dialog title="退出系统" open={open} onClose={() => setOpen(false)} footer={<button>确定退出</button>}>
 *   <p>您确定要退出系统吗？</p>
 * </Dialog>
 */
export function Dialog({ title, open, onClose, closable = true, size = 'small', footer, children, alert, system, className }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();
  const closableRef = useRef(closable);
  const openRef = useRef(open);
  useEffect(() => {
    closableRef.current = closable;
    openRef.current = open;
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      if (!dialog.hasAttribute('data-system')) raiseSystemDialogs(dialog);
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onCancel = (event: Event) => {
      event.preventDefault();
      if (closableRef.current) onClose?.();
    };
    // Chromium closes a dialog on a second Esc even when the first was cancelled: a dialog that must stay reopens.
    const onNativeClose = () => {
      if (openRef.current && !closableRef.current && dialog.isConnected && !dialog.open) dialog.showModal();
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('close', onNativeClose);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', onNativeClose);
    };
  }, [onClose]);

  return (
    <dialog
      ref={ref}
      className={`dialog dialog--${size}${className ? ` ${className}` : ''}`}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      role={alert ? 'alertdialog' : undefined}
      data-system={system ? '' : undefined}
    >
      <div className="dialog__header">
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        {closable && (
          <button type="button" className="dialog__close" aria-label="关闭" onClick={() => onClose?.()}>
            ×
          </button>
        )}
      </div>
      <div id={bodyId} className="dialog__body">
        {children}
      </div>
      {footer && <div className="dialog__footer">{footer}</div>}
    </dialog>
  );
}
