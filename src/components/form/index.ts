export { default as AppForm, FormAlert } from './AppForm';
export { default as FormDialog, DialogForm } from './FormDialog';
export { EmailField, FormTextField, OtpField, PasswordField, PhoneField } from './fields';
export { serverProblems } from './serverProblems';
export { useAppForm } from './useAppForm';
export { ResendCode, useResendCountdown } from './ResendCode';
