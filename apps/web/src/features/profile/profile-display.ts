import { formatDate, maskPhone, type ProfileResponse } from '@podbor/contract';

/** Display strings of the profile, computed where the contract is already loaded (server, lazy actions). */
export interface ProfileDisplay {
  name: string;
  phone: string;
  birthday: string;
  joined: string;
}

export function profileDisplay(p: ProfileResponse): ProfileDisplay {
  return {
    name: [p.last_name, p.first_name, p.patronymic].filter(Boolean).join(' '),
    phone: p.phone_number ? maskPhone(p.phone_number) : '',
    birthday: p.date_of_birthday ? formatDate(p.date_of_birthday, 'long') : '',
    joined: formatDate(p.date_joined, 'long'),
  };
}
