import { createContext, useContext, useId, type ReactNode } from 'react';
import type { FieldValues, SubmitHandler } from 'react-hook-form';
import Button from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import AppForm, { FormAlert } from './AppForm';
import type { AppForm as AppFormState } from './useAppForm';

const DialogIds = createContext({ titleId: '', textId: '' });

/**
 * A dialog that holds one form. Its children mount only while it is open, so every opening
 * starts again from the values the caller gives.
 */
export default function FormDialog({
  open,
  onClose,
  maxWidth = 'xs',
  scroll,
  children,
}: Pick<DialogProps, 'open' | 'maxWidth' | 'scroll'> & {
  onClose: () => void;
  children: ReactNode;
}) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      fullWidth
      maxWidth={maxWidth}
      scroll={scroll}
    >
      <DialogIds.Provider value={{ titleId, textId }}>{children}</DialogIds.Provider>
    </Dialog>
  );
}

/** The form inside a FormDialog: title, description, the form's message, fields, Cancel and submit. */
export function DialogForm<V extends FieldValues>({
  form,
  onSubmit,
  title,
  description,
  onCancel,
  cancelLabel = 'Cancel',
  submit,
  spacing = 2,
  children,
}: {
  form: AppFormState<V>;
  onSubmit: SubmitHandler<V>;
  title: ReactNode;
  description: ReactNode;
  onCancel: () => void;
  /** The dismiss button's words, where 'Cancel' could be read as the action itself. */
  cancelLabel?: string;
  /** The submit button(s). */
  submit: ReactNode;
  spacing?: number;
  children: ReactNode;
}) {
  const { titleId, textId } = useContext(DialogIds);
  return (
    <AppForm form={form} onSubmit={onSubmit}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{description}</DialogContentText>
        <Stack spacing={spacing} sx={{ mt: 2 }}>
          <FormAlert message={form.formError} />
          {children}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, gap: 1, flexWrap: 'wrap' }}>
        <Button onClick={onCancel} color="inherit">
          {cancelLabel}
        </Button>
        {submit}
      </DialogActions>
    </AppForm>
  );
}
