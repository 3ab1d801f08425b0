// The garage's limits and texts (issue #17) without zod: the storefront's vehicle selector shows them, and a
// browser chunk that imports garage.ts itself carries zod and the schemas with it.

export const GARAGE_MAX_VEHICLES = 10;
export const GARAGE_NAME_MAX_LENGTH = 40;
export const GARAGE_MILEAGE_MAX = 2_000_000;
/** A visitor's last vehicles remembered on the device (no account needed). */
export const RECENT_VEHICLES_MAX = 5;

export const GARAGE_MESSAGES = {
  nameEmpty: 'Введите название автомобиля',
  nameTooLong: `Название — не длиннее ${GARAGE_NAME_MAX_LENGTH} знаков`,
  mileage: `Пробег — целое число километров от 0 до ${GARAGE_MILEAGE_MAX.toLocaleString('ru-RU')}`,
  full: `В гараже не больше ${GARAGE_MAX_VEHICLES} автомобилей: удалите ненужный, чтобы добавить новый`,
  transportNotFound: 'Такого автомобиля нет в каталоге: выберите его заново',
  nothingToChange: 'Укажите, что изменить: название, VIN или пробег',
  notFound: 'Автомобиль не найден в вашем гараже',
  added: 'Автомобиль сохранён в гараж',
} as const;
