export { default as AppForm, FormAlert } from './AppForm';
export { default as FormDialog, DialogForm } from './FormDialog';
export {
  EmailField,
  FormTextField,
  OtpField,
  PasswordField,
  PhoneField,
  otpDigits,
  type FormTextFieldProps,
} from './fields';
export { serverProblems, type ServerProblems, type ServerProblemsOptions } from './serverProblems';
export { rulesResolver, useAppForm, type AppFormOptions, type FormRules } from './useAppForm';
export type { AppForm as AppFormState } from './useAppForm';
