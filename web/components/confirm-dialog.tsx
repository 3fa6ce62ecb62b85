import type { ReactNode } from 'react';
import { Button } from './ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from './ui/dialog';

export interface ConfirmDialogProps {
  open: boolean;
  /** Escape, the close button and Cancel call it with false. */
  onOpenChange: (open: boolean) => void;
  /** The dialog's accessible name. */
  title: ReactNode;
  /** The question ('Are you sure you want to delete …?'): the dialog's accessible description. */
  description: ReactNode;
  /** The body between the question and the buttons (a paragraph, a reason field), if any. */
  children?: ReactNode;
  /** The confirming button ('Delete'). */
  confirmLabel: ReactNode;
  /** The confirming button while `pending` ('Deleting...'); the confirm label when not given. */
  pendingLabel?: ReactNode;
  /** The action is running: both buttons are disabled. */
  pending?: boolean;
  onConfirm: () => void;
  /** The button that closes without acting. */
  cancelLabel?: ReactNode;
  variant?: 'destructive' | 'default';
  /** 'alertdialog' (an interrupting question) unless the dialog is a plain one. */
  role?: 'alertdialog' | 'dialog';
}

/** What the screen that opens a confirmation controls: a wrapper passes it through. */
export type ConfirmControl = Pick<
  ConfirmDialogProps,
  'open' | 'onOpenChange' | 'onConfirm' | 'pending'
>;

/**
 * The back office's one confirmation: title and question, an optional body, then Cancel (it
 * closes the dialog) and the confirming button, both disabled while the action runs. Focus
 * moves to the first control inside when it opens and back to the opener when it closes
 * (./ui/dialog).
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  confirmLabel,
  pendingLabel,
  pending = false,
  onConfirm,
  cancelLabel = 'Cancel',
  variant = 'destructive',
  role = 'alertdialog',
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent role={role}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={pending}>
              {cancelLabel}
            </Button>
          </DialogClose>
          <Button variant={variant} disabled={pending} onClick={onConfirm}>
            {pending ? (pendingLabel ?? confirmLabel) : confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
