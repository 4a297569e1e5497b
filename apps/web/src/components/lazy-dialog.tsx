import { type ComponentType, lazy, Suspense, useState } from 'react';

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
    if (!open && !wanted) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return Object.assign(Dialog, { preload });
}
