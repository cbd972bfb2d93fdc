/** The contract test's rows for staffHandlers.ts. */
import type { ContractCall } from './contractCall';

export const staffCalls: ContractCall[] = [];
