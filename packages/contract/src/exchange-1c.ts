import { z } from 'zod';

// The 1C exchange (issue #15): the HTTP protocol 1C:Управление торговлей uses with sites (CommerceML 2,
// versions 2.05–2.10). 1C calls one address with `type` and `mode` in the query and reads plain-text answers
// (`success`, `progress`, `failure` and their lines); it never shows this API's JSON errors to anybody, so the
// query is taken loosely here and every problem is answered in the protocol's own words (`failure\n<причина>`).

export const EXCHANGE_1C_PATH = '/api/exchange/1c/';

export const exchange1cQuery = z.object({
  type: z.string().max(20).optional(),
  mode: z.string().max(20).optional(),
  filename: z.string().max(500).optional(),
  /** Sent by 1C 8.3 from protocol version 2.08 on; only echoed, never trusted. */
  version: z.string().max(20).optional(),
  sessid: z.string().max(200).optional(),
});
export type Exchange1cQuery = z.infer<typeof exchange1cQuery>;

/** Every answer is text/plain (UTF-8), or a CommerceML document (text/xml) for `type=sale&mode=query`. */
export const exchange1cResponse = z.string();

/** Russian reasons 1C shows its operator after `failure`. */
export const EXCHANGE_1C_MESSAGES = {
  authRequired: 'Нужны логин и пароль сотрудника (HTTP Basic).',
  authFailed: 'Неверный логин или пароль.',
  roleRequired: 'Обмен с 1С разрешён только администратору.',
  sessionMissing: 'Сессия обмена не найдена или истекла: начните обмен заново (checkauth).',
  sessionType: 'Сессия открыта для другого типа обмена.',
  unknownType: 'Неизвестный тип обмена (ожидается catalog или sale).',
  unknownMode: 'Неизвестный режим обмена.',
  filenameMissing: 'Не указано имя файла (filename).',
  filenameInvalid: 'Недопустимое имя файла.',
  fileTooLarge: 'Часть файла больше допустимого размера (file_limit).',
  fileMissing: 'Файл не загружен: ',
  zipBroken: 'Архив повреждён или загружен не полностью: ',
  unknownFile: 'Неизвестный файл обмена (ожидается import*.xml или offers*.xml): ',
  xmlBroken: 'Файл повреждён (некорректный XML): ',
  encodingUnknown: 'Неизвестная кодировка файла: ',
  notCommerceMl: 'Файл не является документом CommerceML 2.',
  offersPriceType: 'В offers.xml нет типа цен ',
  orderUnknown: 'Заказ не найден: ',
  statusUnknown: 'Неизвестный статус заказа из 1С: ',
  statusIllegal: 'Недопустимая смена статуса заказа ',
  busy: 'Импорт уже выполняется другим запросом, повторите.',
} as const;
