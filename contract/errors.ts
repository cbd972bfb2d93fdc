/** The error answers every call may give: a sentence, or for 422 a list of what failed where. */
import { Type, type Static } from 'typebox';

export const ValidationIssueSchema = Type.Object({
  loc: Type.Array(Type.Union([Type.String(), Type.Number()])),
  msg: Type.String(),
  type: Type.String(),
});
export type ValidationIssue = Static<typeof ValidationIssueSchema>;

/** Every error answer: a sentence, or for 422 a list of what failed where. */
export const ErrorBodySchema = Type.Object({
  detail: Type.Union([Type.String(), Type.Array(ValidationIssueSchema)]),
});
export type ErrorBody = Static<typeof ErrorBodySchema>;

export const MessageSchema = Type.Object({ message: Type.String() });
export type MessageBody = Static<typeof MessageSchema>;
