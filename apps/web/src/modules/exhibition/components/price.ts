/** A price as the organiser typed it (two decimals), or null for "on request". */
export const formatPrice = (price: number) => price.toLocaleString('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
