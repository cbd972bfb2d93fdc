import { fieldErrors, getErrorMessage, humanizeField } from '../../lib/getErrorMessage';

export interface ServerProblems<F extends string> {
  /** Messages to show beside the form's own fields. */
  fields: Partial<Record<F, string>>;
  /** Words for the form-level alert: a detail sentence, or 422 issues no field on the form shows. */
  message?: string;
}

export interface ServerProblemsOptions {
  /**
   * Whether a 422 sentence about a field the form does not show starts with that field's
   * name ('User id: ...'). Some forms have always shown the sentence alone.
   */
  nameOtherFields?: boolean;
}

/**
 * Splits a failed call's answer between the form's fields and the form as a whole. A 422
 * names fields by the server's names (`loc: ['body', 'user_otp']`); `fieldNames` maps those
 * to the form's own.
 */
export function serverProblems<F extends string>(
  error: unknown,
  fieldNames: Readonly<Record<string, F>>,
  { nameOtherFields = true }: ServerProblemsOptions = {},
): ServerProblems<F> {
  const byServerField = fieldErrors(error);
  const serverFields = Object.keys(byServerField);
  if (serverFields.length === 0) return { fields: {}, message: getErrorMessage(error) };

  const fields: Partial<Record<F, string>> = {};
  const elsewhere: string[] = [];
  for (const name of serverFields) {
    const text = byServerField[name] ?? '';
    const field = Object.hasOwn(fieldNames, name) ? fieldNames[name] : undefined;
    if (field === undefined)
      elsewhere.push(nameOtherFields ? `${humanizeField(name)}: ${text}` : text);
    else fields[field] = fields[field] === undefined ? text : `${fields[field]}; ${text}`;
  }
  return { fields, message: elsewhere.length > 0 ? elsewhere.join('; ') : undefined };
}
