import { feedbackRequest, type FeedbackType } from '@podbor/contract';
import { validate, type FormErrors } from '@/lib/form-errors';

export interface CallbackValues {
  name: string;
  phone: string;
  message: string;
}

export type CallbackErrors = FormErrors<keyof CallbackValues>;

export const EMPTY_CALLBACK: CallbackValues = { name: '', phone: '', message: '' };

/** Request field → form field (the same names). */
export const CALLBACK_FIELDS = { name: 'name', phone: 'phone', message: 'message' } as const;

/** The request the form's values make; blanks are trimmed, so a field of spaces is an empty, required one. */
export function callbackRequest(values: CallbackValues, type: FeedbackType) {
  return { name: values.name.trim(), phone: values.phone.trim(), message: values.message.trim(), type };
}

/**
 * SPEC §5 callback form: every field required ('Обязательное поле'), phone by the SPEC pattern, message up to
 * 1000 characters. The contract's request schema is the rule book, so browser and API agree; the dialog runs
 * the same check through its resolver (requestResolver over callbackRequest).
 */
export function validateCallback(values: CallbackValues, type: FeedbackType): CallbackErrors {
  return validate(feedbackRequest, callbackRequest(values, type), CALLBACK_FIELDS);
}
