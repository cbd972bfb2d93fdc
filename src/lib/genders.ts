import type { Gender } from 'contract/rules';

/** What the forms call each of the contract's genders, in the order they list them. */
const GENDER_LABELS: Record<Gender, string> = {
  female: 'Female',
  male: 'Male',
  other: 'Other',
};

export const GENDER_OPTIONS: readonly { value: Gender; label: string }[] = Object.entries(
  GENDER_LABELS,
).map(([value, label]) => ({ value: value as Gender, label }));

export function genderLabel(gender: string): string {
  return GENDER_OPTIONS.find((option) => option.value === gender)?.label ?? gender;
}
