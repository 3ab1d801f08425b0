import {
  INT4_MAX,
  MESSAGE_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  SEARCH_MIN_LENGTH,
} from './constants';
import { formatWait } from './format';

// Russian texts of SPEC §2, §4, §5, §8 plus the generic API errors (ARCHITECTURE §2).
export const MESSAGES = {
  required: 'Обязательное поле',
  phoneInvalid: 'Номер введен неверно',
  emailInvalid: 'Email введен неверно',
  callbackPhoneInvalid: 'Введен некорректный номер телефона',
  paymentStatusError: 'произошла ошибка',
  passwordChanged: 'Пароль успешно изменен',
  searchNothingFound: 'Ничего не найдено',
  searchMinLength: `Минимальное количество символов для поиска: ${SEARCH_MIN_LENGTH}`,
  loading: 'Загрузка...',
  notFound: 'Не найдено.',
  messageTooLong: `максимальное количество символов ${MESSAGE_MAX_LENGTH}`,
  resendCode: 'Отправить код повторно',
  codeSent: 'Код отправлен',
  genericError: 'Произошла ошибка',

  // Field rules the SPEC leaves to us.
  passwordTooShort: `Пароль должен содержать не менее ${PASSWORD_MIN_LENGTH} символов`,
  passwordTooLong: `Пароль должен содержать не более ${PASSWORD_MAX_LENGTH} символов`,
  passwordsMismatch: 'Пароли не совпадают',
  codeInvalid: 'Код должен состоять из 4 цифр',
  orderNumberInvalid: 'Номер заказа состоит из 9 цифр',
  nameInvalid: 'Допустимы только русские или латинские буквы и пробелы',
  slugInvalid: 'Некорректный идентификатор',
  idInvalid: 'Ожидается целое положительное число',
  dateInvalid: 'Некорректная дата',
  gradeInvalid: 'Оценка должна быть от 1 до 5',
  quantityInvalid: 'Количество должно быть от 1 до 999',
  numberTooLarge: `Число не должно быть больше ${INT4_MAX}`,
  /** NUL characters and lone UTF-16 surrogates: text PostgreSQL cannot store. */
  textInvalid: 'Текст содержит недопустимые символы',

  // Generic API errors, DRF-style wording.
  invalidJson: 'Некорректный JSON в теле запроса.',
  bodyTooLarge: 'Слишком большой запрос.',
  throttled: 'Слишком много запросов. Повторите попытку позже.',
  unauthenticated: 'Учетные данные не были предоставлены.',
  forbidden: 'У вас недостаточно прав для выполнения данного действия.',
  methodNotAllowed: 'Метод не разрешен.',
  serverError: 'Внутренняя ошибка сервера.',
  /** The storefront refuses a state-changing request that did not come from one of its own pages. */
  crossSiteRequest: 'Запрос отклонён: он отправлен не со страницы магазина.',
  /** Issue #16: the API answers while its migrations run, and while it drains for a shutdown. */
  serviceStarting: 'Сервис запускается. Повторите запрос через несколько секунд.',
  serviceStopping: 'Сервис останавливается. Повторите запрос.',
  databaseUnavailable: 'База данных недоступна.',
} as const;
export type MessageKey = keyof typeof MESSAGES;

/** Russian hint for a text longer than `max` characters, worded like SPEC's message-length hint. */
export function maxLengthMessage(max: number): string {
  return `максимальное количество символов ${max}`;
}

export function methodNotAllowedMessage(method: string): string {
  return `Метод «${method.toUpperCase()}» не разрешен.`;
}

/** A 429's text: every refusal says when to try again (the same wait as its Retry-After header). */
export function throttledMessage(retryAfterSec: number): string {
  return `Слишком много запросов. Повторите попытку через ${formatWait(retryAfterSec)}.`;
}
