/** The shop part's form rules and words, shared by its dialogs and pages. */
import { NIGERIAN_MOBILE_PATTERN } from 'contract/rules';
import { formatNaira } from '../../../lib/format';

export const FEE_PROBLEM = 'Enter the fee in naira, e.g. 1150 (0 for free delivery)';
export const AMOUNT_PROBLEM = 'Enter an amount in naira, e.g. 100000';
export const blank = (text: string) => text.trim() === '';
export const NIGERIAN_MOBILE = new RegExp(NIGERIAN_MOBILE_PATTERN);
export const PHONE_PROBLEM = 'Enter a valid Nigerian mobile number, e.g. 08031234567';

export const feeText = (fee: number) => (fee === 0 ? 'Free' : formatNaira(fee));
