/** The checkout form's values. */
export interface OrderValues {
  name: string;
  phone: string;
  comment: string;
  consent: boolean;
  /** The receipt's e-mail, typed for an online payment (54-FZ); the payment method and branch keep only errors. */
  email?: string;
  method?: string;
  branch?: string;
}
