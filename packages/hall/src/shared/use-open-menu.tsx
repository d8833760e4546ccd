import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { menuOpenStep } from './menu-open';
import type { MenuNode } from './menu-view';
import { isUnbuiltMenuPage, loadBuiltPages } from './open-pages';
import { $menuRoutes, stores } from './services';
import { toast } from './toast';

// Loaded when an enable-10 entry is first picked, so the shell carries neither the QR dialog nor its calls.
const twoCheck = () => import('./ui/two-check-dialog');
const TwoCheckDialog = lazy(async () => ({ default: (await twoCheck()).TwoCheckDialog }));

interface PendingCheck {
  menuId: string;
  title: string;
  to: string;
}

/**
 * Opens menu entries as spec 4.2 says, for tiles and menus: navigates, shows the pause note, or, for enable 10 when
 * the session did not sign in by face, asks the server whether this session is verified for the menu and otherwise
 * shows the second check's QR dialog (docs/api-qr.md); the entry opens only once the server holds a grant. An entry
 * whose page the hall has not built (a route whose page is not in the table of built pages, `isUnbuiltMenuPage`) opens its not-open page with no second
 * check. Render `dialog` once.
 *
 * @example
 * const { open, dialog } = useOpenMenu()
 * <Tiles items={nodes.map((n) => ({ key: n.fullPath, title: n.entry.meta.title, onOpen: () => open(n) }))} />
 * {dialog}
 */
export function useOpenMenu(): { open: (node: MenuNode) => void; dialog: ReactNode } {
  const navigate = useNavigate();
  // The last entry checked: the dialog stays mounted once shown, so that closing it returns the focus to the tile.
  const [check, setCheck] = useState<PendingCheck | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const decide = (node: MenuNode) => {
    const built = !isUnbuiltMenuPage($menuRoutes.get(), node.fullPath);
    const step = menuOpenStep(node, stores.session.$userInfo.get()?.loginMethod, built);
    if (step.kind === 'navigate') navigate(step.to);
    else if (step.kind === 'face-verify') {
      const pending = { menuId: node.entry.id, title: node.entry.meta.title || step.to, to: step.to };
      // A session verified for this menu a moment ago opens it at once; the server's grant decides.
      twoCheck()
        .then((module) => module.isTwoCheckGranted(pending.menuId))
        .then(
          (granted) => {
            if (granted) return navigate(pending.to);
            setCheck(pending);
            setDialogOpen(true);
          },
          // The client's hooks have said what went wrong.
          () => undefined,
        );
    } else toast.warning(step.message);
  };
  // The table of built pages is in the menu page's chunk, which the page opened needs anyway; should it fail to load,
  // the entry is decided as before and the page itself says what it can.
  const open = (node: MenuNode) => {
    loadBuiltPages().then(
      () => decide(node),
      () => decide(node),
    );
  };
  const dialog = check && (
    <Suspense fallback={null}>
      <TwoCheckDialog
        open={dialogOpen}
        menuId={check.menuId}
        menuTitle={check.title}
        onVerified={() => {
          setDialogOpen(false);
          navigate(check.to);
        }}
        onClose={() => setDialogOpen(false)}
      />
    </Suspense>
  );
  return { open, dialog };
}
