// Where the referral code of /ref/{code} waits until registration.

/** localStorage key of the referral code. */
export const referralKey = 'referral';
