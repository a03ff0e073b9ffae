// Display formats used across pages. Money is rupees (design.md section 3).
const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });

/** 1500 -> "₹1,500.00" */
export const formatRupees = (amount: number) => rupees.format(amount);

/** 4.5 -> "4.5" (one decimal, the way ratings are shown) */
export const formatRating = (rating: number) => rating.toFixed(1);

/** 1 -> "1 year", 7 -> "7 years" */
export const formatYears = (years: number) => `${years} ${years === 1 ? 'year' : 'years'}`;
