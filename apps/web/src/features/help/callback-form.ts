import { feedbackRequest, MESSAGES, type FeedbackType } from '@podbor/contract';

export interface CallbackValues {
  name: string;
  phone: string;
  message: string;
}

export type CallbackErrors = Partial<Record<keyof CallbackValues, string>>;

export const EMPTY_CALLBACK: CallbackValues = { name: '', phone: '', message: '' };

/**
 * SPEC §5 callback form: every field required ('Обязательное поле'), phone by the SPEC pattern, message up to
 * 1000 characters. The contract's request schema is the rule book, so browser and API agree.
 */
export function validateCallback(values: CallbackValues, type: FeedbackType): CallbackErrors {
  const result = feedbackRequest.safeParse({ ...values, type });
  if (result.success) return {};
  const errors: CallbackErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === 'name' || field === 'phone' || field === 'message') && !errors[field]) {
      errors[field] = issue.message;
    }
  }
  for (const field of ['name', 'phone', 'message'] as const) {
    if (!values[field].trim()) errors[field] = MESSAGES.required;
  }
  return errors;
}
