/** A price as the organiser typed it (two decimals), or null for "on request". */
export const formatPrice = (price: number) => price.toLocaleString('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** An amount with the event's currency after it where the event has one ("80.00 INR"), else the amount alone. */
export const formatMoney = (amount: number, currency: string | null | undefined) => (currency ? `${formatPrice(amount)} ${currency}` : formatPrice(amount));
