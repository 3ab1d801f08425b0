import { SaxesParser } from 'saxes';
import { ADMIN_ORDER_STATUS_TITLES, EXCHANGE_1C_MESSAGES as M, type OrderStatus } from '@podbor/contract';
import { ExchangeFailure } from './exchange-files';

// The sale side of the 1C exchange: orders go to 1C as CommerceML documents (ХозОперация «Заказ товара»), and
// 1C sends back documents whose ЗначенияРеквизитов carry the order's new state («Статус заказа», «Отменен»…).

/** One line of an order as 1C receives it. */
export interface SaleOrderLine {
  productId: number;
  externalId: string | null;
  title: string;
  article: string;
  price: number;
  quantity: number;
  isService: boolean;
  installationPrice: number;
  /** Ordered from a supplier's offer «под заказ» (order_items.supplier_id), not from the shop's own stock. */
  onOrder: boolean;
  supplierId: number | null;
  /** The supplier's name now (null when the line is own stock or the supplier was deleted since). */
  supplier: string | null;
  /** What the supplier charged at the time of the order, per unit. */
  purchasePrice: number | null;
  deliveryDays: number | null;
  /** The day the line is expected at the branch, YYYY-MM-DD. */
  expectedAt: string | null;
}

export interface SaleOrder {
  id: number;
  number: string;
  createdAt: Date;
  status: OrderStatus;
  isPaid: boolean;
  paymentType: 'CARD' | 'CASH';
  branch: string;
  name: string;
  phone: string;
  email: string;
  comment: string;
  total: number;
  items: SaleOrderLine[];
}

// eslint-disable-next-line no-control-regex -- exactly the control characters XML 1.0 forbids
const XML_UNSAFE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

const esc = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    // Characters XML 1.0 cannot carry at all (control characters but tab and line breaks).
    .replace(XML_UNSAFE, '');
const el = (name: string, value: string | number) => `<${name}>${esc(String(value))}</${name}>`;
const money = (n: number) => n.toFixed(2);

/** Date and time as the shop's customers saw them (Moscow), which is what 1C's operators expect. */
function moscow(date: Date): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Moscow',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}:${parts.second}`,
  };
}

const requisite = (name: string, value: string) =>
  `<ЗначениеРеквизита>${el('Наименование', name)}${el('Значение', value)}</ЗначениеРеквизита>`;

/** The product's Ид for 1C: its 1C id when it came from 1C, else a stable id of the shop's own. */
const productExternalId = (item: SaleOrder['items'][number]) => item.externalId ?? `podbor-${item.productId}`;

/**
 * Requisites of a goods line that say where it comes from. CommerceML has no element for a supplier's order, so
 * they go, like ВидНоменклатуры, into the line's ЗначенияРеквизитов (name/value pairs that 1C:УТ keeps on the line
 * of «Заказ клиента» and a handler may map onto «Обеспечение» and «Поставщик»): «Под заказ» on every goods line
 * (true/false, as CommerceML writes booleans); for a line «под заказ» also «Поставщик», «Закупочная цена» (per
 * unit, at the time of the order), «Срок поставки, дней» and «Ожидается» (the date, xs:date as CommerceML's Дата).
 */
function supplyRequisites(item: SaleOrderLine): string {
  if (item.isService) return '';
  if (!item.onOrder) return requisite('Под заказ', 'false');
  return [
    requisite('Под заказ', 'true'),
    item.supplier !== null || item.supplierId !== null
      ? requisite('Поставщик', item.supplier ?? `podbor-supplier-${item.supplierId}`)
      : '',
    item.purchasePrice !== null ? requisite('Закупочная цена', money(item.purchasePrice)) : '',
    item.deliveryDays !== null ? requisite('Срок поставки, дней', String(item.deliveryDays)) : '',
    item.expectedAt !== null ? requisite('Ожидается', item.expectedAt) : '',
  ].join('');
}

function line(item: SaleOrder['items'][number]): string {
  const goods = `<Товар>${el('Ид', productExternalId(item))}${el('Артикул', item.article)}${el('Наименование', item.title)}<БазоваяЕдиница Код="796" НаименованиеПолное="Штука" МеждународноеСокращение="PCE">шт</БазоваяЕдиница>${el('ЦенаЗаЕдиницу', money(item.price))}${el('Количество', item.quantity)}${el('Сумма', money(item.price * item.quantity))}<ЗначенияРеквизитов>${requisite('ВидНоменклатуры', item.isService ? 'Услуга' : 'Товар')}${requisite('ТипНоменклатуры', item.isService ? 'Услуга' : 'Товар')}${supplyRequisites(item)}</ЗначенияРеквизитов></Товар>`;
  if (item.installationPrice <= 0) return goods;
  return `${goods}<Товар>${el('Ид', `podbor-installation-${item.productId}`)}${el('Наименование', `Установка: ${item.title}`)}<БазоваяЕдиница Код="796" НаименованиеПолное="Штука" МеждународноеСокращение="PCE">шт</БазоваяЕдиница>${el('ЦенаЗаЕдиницу', money(item.installationPrice))}${el('Количество', 1)}${el('Сумма', money(item.installationPrice))}<ЗначенияРеквизитов>${requisite('ВидНоменклатуры', 'Услуга')}${requisite('ТипНоменклатуры', 'Услуга')}</ЗначенияРеквизитов></Товар>`;
}

/** The CommerceML document of orders for `type=sale&mode=query` (UTF-8, as declared). */
export function saleDocument(orders: SaleOrder[], now: Date): string {
  const stamp = moscow(now);
  const docs = orders.map((o) => {
    const at = moscow(o.createdAt);
    return `<Документ>${el('Ид', o.number)}${el('Номер', o.number)}${el('Дата', at.date)}${el('Время', at.time)}${el('ХозОперация', 'Заказ товара')}${el('Роль', 'Продавец')}${el('Валюта', 'руб')}${el('Курс', 1)}${el('Сумма', money(o.total))}<Контрагенты><Контрагент>${el('Ид', o.phone || `podbor-order-${o.id}`)}${el('Наименование', o.name)}${el('ПолноеНаименование', o.name)}${el('Роль', 'Покупатель')}<Контакты><Контакт>${el('Тип', 'Телефон рабочий')}${el('Значение', o.phone)}</Контакт>${o.email ? `<Контакт>${el('Тип', 'Почта')}${el('Значение', o.email)}</Контакт>` : ''}</Контакты></Контрагент></Контрагенты>${el('Комментарий', o.comment)}<Товары>${o.items.map(line).join('')}</Товары><ЗначенияРеквизитов>${requisite('Статус заказа', ADMIN_ORDER_STATUS_TITLES[o.status])}${requisite('Заказ оплачен', o.isPaid ? 'true' : 'false')}${requisite('Отменен', o.status === 'cancelled' ? 'true' : 'false')}${requisite('Метод оплаты', o.paymentType === 'CARD' ? 'Картой на сайте' : 'При получении')}${requisite('Филиал', o.branch)}</ЗначенияРеквизитов></Документ>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<КоммерческаяИнформация ВерсияСхемы="2.08" ДатаФормирования="${stamp.date}T${stamp.time}">${docs.join('')}</КоммерческаяИнформация>\n`;
}

/** Statuses 1C may name, to the shop's: the back office's own titles and the usual names of 1C configurations. */
const STATUS_NAMES: Record<string, OrderStatus> = {
  ...Object.fromEntries(
    Object.entries(ADMIN_ORDER_STATUS_TITLES).map(([status, title]) => [
      title.toLowerCase(),
      status as OrderStatus,
    ]),
  ),
  ...Object.fromEntries(Object.keys(ADMIN_ORDER_STATUS_TITLES).map((s) => [s, s as OrderStatus])),
  принят: 'new',
  'в сборке': 'assembling',
  'к обеспечению': 'assembling',
  'к отгрузке': 'ready',
  собран: 'ready',
  'готов к отгрузке': 'ready',
  отгружен: 'completed',
  выполнен: 'completed',
  закрыт: 'completed',
  отменен: 'cancelled',
};

export function statusFrom1c(name: string): OrderStatus | null {
  return (
    STATUS_NAMES[name.trim().toLowerCase().replace(/ё/g, 'е')] ??
    STATUS_NAMES[name.trim().toLowerCase()] ??
    null
  );
}

export interface StatusChange {
  number: string;
  /** The status named by 1C (mapped), or null when the document names none; `cancelled` when Отменен = true. */
  status: OrderStatus | null;
  /** What 1C wrote, for the reason of a refusal. */
  raw: string;
}

/** The documents of a status file from 1C (`type=sale&mode=file`). */
export function readStatusChanges(xml: string): StatusChange[] {
  const parser = new SaxesParser();
  const names: string[] = [];
  const changes: StatusChange[] = [];
  let doc: {
    number: string;
    id: string;
    status: string;
    cancelled: boolean;
    reqName: string;
    reqValue: string;
  } | null = null;
  let text = '';
  parser.on('error', (err) => {
    throw new ExchangeFailure(`${M.xmlBroken}${err.message}`);
  });
  parser.on('opentag', (tag) => {
    names.push(tag.name);
    text = '';
    if (names.length === 1 && tag.name !== 'КоммерческаяИнформация')
      throw new ExchangeFailure(M.notCommerceMl);
    if (tag.name === 'Документ' && names.length === 2)
      doc = { number: '', id: '', status: '', cancelled: false, reqName: '', reqValue: '' };
  });
  parser.on('text', (t) => {
    text += t;
  });
  parser.on('closetag', (tag) => {
    const parent = names[names.length - 2];
    names.pop();
    const value = text.trim();
    text = '';
    const d = doc as typeof doc;
    if (!d) return;
    if (names.length === 2 && tag.name === 'Номер') d.number = value;
    else if (names.length === 2 && tag.name === 'Ид') d.id = value;
    else if (parent === 'ЗначениеРеквизита' && tag.name === 'Наименование') d.reqName = value;
    else if (parent === 'ЗначениеРеквизита' && tag.name === 'Значение') d.reqValue = value;
    else if (tag.name === 'ЗначениеРеквизита') {
      const name = d.reqName.toLowerCase();
      if (name === 'статус заказа' || name === 'статус заказа ид') d.status ||= d.reqValue;
      if ((name === 'отменен' || name === 'отменён') && d.reqValue.toLowerCase() === 'true')
        d.cancelled = true;
      d.reqName = '';
      d.reqValue = '';
    } else if (tag.name === 'Документ' && names.length === 1) {
      const raw = d.cancelled ? 'Отменен' : d.status;
      changes.push({ number: d.number || d.id, status: raw ? statusFrom1c(raw) : null, raw });
      doc = null;
    }
  });
  parser.write(xml).close();
  return changes;
}
