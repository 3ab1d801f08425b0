/** The checkout form's values. */
export interface OrderValues {
  name: string;
  phone: string;
  comment: string;
  consent: boolean;
  /** Never typed in: names under which errors of the e-mail, payment method and branch are kept. */
  email?: string;
  method?: string;
  branch?: string;
}
