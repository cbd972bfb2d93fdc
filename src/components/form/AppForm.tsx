import type { ReactNode } from 'react';
import { FormProvider, type FieldValues, type SubmitHandler } from 'react-hook-form';
import Alert, { type AlertProps } from '@mui/material/Alert';
import Box, { type BoxProps } from '@mui/material/Box';
import type { AppForm as AppFormState } from './useAppForm';

type AppFormProps<V extends FieldValues> = Omit<BoxProps<'form'>, 'onSubmit' | 'ref'> & {
  form: AppFormState<V>;
  onSubmit: SubmitHandler<V>;
  children: ReactNode;
};

/** A <form> that gives its fields the form state and checks itself before onSubmit runs. */
export default function AppForm<V extends FieldValues>({
  form,
  onSubmit,
  children,
  ...props
}: AppFormProps<V>) {
  const { attachForm, submitWith, ...methods } = form;
  return (
    <FormProvider {...methods}>
      <Box component="form" ref={attachForm} noValidate onSubmit={submitWith(onSubmit)} {...props}>
        {children}
      </Box>
    </FormProvider>
  );
}

/** The form-level message (a server sentence no field shows), when there is one. */
export function FormAlert({
  message,
  severity = 'error',
  children,
}: {
  message: string | undefined;
  severity?: AlertProps['severity'];
  children?: ReactNode;
}) {
  if (!message) return null;
  return (
    <Alert severity={severity}>
      {message}
      {children}
    </Alert>
  );
}
