const POUNDS_AND_PENCE = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: 2 })

/** Money to the penny: '£1,169.18'. */
export const toPoundsAndPence = (amount: number) => POUNDS_AND_PENCE.format(amount)
