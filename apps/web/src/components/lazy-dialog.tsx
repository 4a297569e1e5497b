import { type ComponentType, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { focusIsLost, focusPageContent } from '@/lib/page-focus';

/** Past the dialogs' closing transition (Mantine's is 200 ms), when their elements are gone. */
const CLOSED_MS = 300;

/**
 * Gives focus back when a dialog closes and nothing holds it. Mantine returns it to the trigger
 * only from a dialog's second opening (a lazy dialog mounts already open, so Mantine never saw the
 * trigger), and not at all when the trigger is gone (a row menu's item): then the page's content.
 */
function useFocusReturn(open: boolean): void {
  const trigger = useRef<Element | null>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open === wasOpen.current) return;
    wasOpen.current = open;
    if (open) {
      trigger.current = document.activeElement;
      return;
    }
    const timer = window.setTimeout(() => {
      if (!focusIsLost()) return;
      const target = trigger.current;
      if (target instanceof HTMLElement && target.isConnected) target.focus();
      else focusPageContent();
    }, CLOSED_MS);
    return () => window.clearTimeout(timer);
  }, [open]);
}

/** A dialog component whose code loads when it is first wanted, and `preload` to fetch it on intent. */
export type LazyDialog<P> = ComponentType<P> & { preload: () => void };

/**
 * A page's dialog (a form drawer, a confirmation, a history) whose code loads when it is first
 * wanted (issue 9): a list page draws its rows without the forms, pickers and schemas behind its
 * dialogs, which were about a sixth of the users page's code. `preload` starts the download on
 * intent (a row menu opening, the pointer on a button); the dialog mounts on its first opening and
 * stays mounted, so it closes with its transition as before.
 */
export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  /** The prop that opens it (true, or anything but null), or a test of its props. */
  openWhen: (keyof P & string) | ((props: P) => boolean),
): LazyDialog<P> {
  const isOpen =
    typeof openWhen === 'function'
      ? openWhen
      : (props: P) => {
          const value = props[openWhen];
          return typeof value === 'boolean' ? value : value != null;
        };
  let loading: Promise<ComponentType<P>> | undefined;
  // A failed download is tried again on the next intent rather than remembered.
  const download = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  // An early download that fails says nothing: opening the dialog tries again and reports it.
  const preload = () => void download().catch(() => undefined);
  const Loaded = lazy(() => download().then((Component) => ({ default: Component })));

  function Dialog(props: P) {
    const [wanted, setWanted] = useState(false);
    const open = isOpen(props);
    // Set during render (React's pattern for state derived from props): no extra commit.
    if (open && !wanted) setWanted(true);
    useFocusReturn(open);
    if (!open && !wanted) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return Object.assign(Dialog, { preload });
}
