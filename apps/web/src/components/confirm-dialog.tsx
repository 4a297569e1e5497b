import type { ConfirmDialogProps } from './confirm-dialog-modal';
import { lazyDialog } from './lazy-dialog';

/** "Are you sure?" before a destructive action; its code loads when it first opens (lazy-dialog.tsx). */
export const ConfirmDialog = lazyDialog<ConfirmDialogProps>(
  () => import('./confirm-dialog-modal').then((m) => m.ConfirmDialogModal),
  'opened',
);
