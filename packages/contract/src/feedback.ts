import { z } from 'zod';
import { optionalTransportId } from './common';
import { DEFAULT_FEEDBACK_TYPE, FEEDBACK_TYPES } from './constants';
import { messageField, nameField, phoneField } from './rules';

// Callback and consultation requests (API-SHAPES §12, SPEC §5 callback form).

export const feedbackRequest = z.object({
  name: nameField,
  phone: phoneField,
  message: messageField,
  /** Address of the page the form was sent from. */
  source: z.string().trim().max(2048).optional(),
  type: z.enum(FEEDBACK_TYPES).default(DEFAULT_FEEDBACK_TYPE),
  transport: optionalTransportId,
});
export type FeedbackRequest = z.infer<typeof feedbackRequest>;
export type FeedbackRequestInput = z.input<typeof feedbackRequest>;

export const feedbackResponse = z.object({
  status: z.string(),
  /** Id of the stored request. */
  id: z.number().int().optional(),
});
export type FeedbackResponse = z.infer<typeof feedbackResponse>;
