/** The contract test's rows for notificationHandlers.ts. */
import type { ContractCall } from './contractCall';

export const notificationCalls: ContractCall[] = [];
