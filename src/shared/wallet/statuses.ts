// Payment and withdrawal statuses with the titles and colours of spec §4.

/** Payment statuses. */
export const PAYMENT_STATUSES = ['new', 'reversed', 'paid', 'rejected'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Withdrawal (request) statuses. */
export const WITHDRAWAL_STATUSES = ['new', 'in_processing', 'done', 'canceled', 'canceled_by_user'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/** A status as shown: title and colour. */
export interface StatusLook {
  title: string;
  color: 'white' | 'orange' | 'green' | 'red';
}

/** How each payment status looks. */
export const PAYMENT_STATUS_LOOK: Record<PaymentStatus, StatusLook> = {
  new: { title: 'New', color: 'white' },
  reversed: { title: 'Reversed', color: 'red' },
  paid: { title: 'Paid', color: 'green' },
  rejected: { title: 'Rejected', color: 'red' },
};

/** How each withdrawal status looks. */
export const WITHDRAWAL_STATUS_LOOK: Record<WithdrawalStatus, StatusLook> = {
  new: { title: 'Requested', color: 'white' },
  in_processing: { title: 'In processing', color: 'orange' },
  done: { title: 'Done', color: 'green' },
  canceled: { title: 'Canceled', color: 'red' },
  canceled_by_user: { title: 'Canceled', color: 'red' },
};

/** Withdrawal moves the operator (and, for canceled_by_user, the player) may make. */
export const WITHDRAWAL_TRANSITIONS: Record<WithdrawalStatus, readonly WithdrawalStatus[]> = {
  new: ['in_processing', 'canceled', 'canceled_by_user'],
  in_processing: ['done', 'canceled'],
  done: [],
  canceled: [],
  canceled_by_user: [],
};
