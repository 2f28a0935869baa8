/** Currencies offered first in pickers; any ISO 4217 code can still be typed. */
export const COMMON_CURRENCIES = ['EUR', 'USD', 'GBP', 'INR', 'AUD', 'CAD', 'CHF', 'JPY', 'SGD', 'AED', 'SAR', 'ZAR', 'BRL', 'MXN', 'SEK', 'NOK', 'DKK', 'PLN', 'NZD', 'HKD'] as const;
