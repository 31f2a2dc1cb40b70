/**
 * Identifiers of US healthcare, checked the same way in the browser and on
 * the server: the NPI (with its check digit), the Medicare Beneficiary
 * Identifier and the format of an ICD-10-CM code.
 */

/** Luhn check digit of a string of digits (the digit to append). */
function luhnCheckDigit(digits: string): number {
  let sum = 0;
  // Walking from the right, the digit next to the (absent) check digit is doubled.
  for (let i = digits.length - 1, double = true; i >= 0; i--, double = !double) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * A National Provider Identifier: ten digits starting with 1 or 2, whose last
 * digit is the Luhn check digit of `80840` followed by the first nine
 * (1234567893 passes, 1234567890 fails).
 */
export function isValidNpi(value: string): boolean {
  if (!/^[12]\d{9}$/.test(value)) return false;
  return luhnCheckDigit(`80840${value.slice(0, 9)}`) === Number(value[9]);
}

/** What an NPI field's message says when the number is not one. */
export function npiProblem(value: string): string | null {
  const npi = value.trim();
  if (npi === "") return null;
  if (!/^\d{10}$/.test(npi)) return `NPI ${npi} must be ten digits`;
  if (!/^[12]/.test(npi)) return `NPI ${npi} must start with 1 or 2`;
  return isValidNpi(npi) ? null : `NPI ${npi} is not a valid NPI: its check digit does not match`;
}

const MBI = /^[1-9][AC-HJKMNP-RT-Y][AC-HJKMNP-RT-Y0-9]\d[AC-HJKMNP-RT-Y][AC-HJKMNP-RT-Y0-9]\d[AC-HJKMNP-RT-Y]{2}\d{2}$/;

/** An MBI as stored: dashes and spaces removed, upper case. */
export function normalizeMbi(value: string): string {
  return value.replace(/[-\s]/g, "").toUpperCase();
}

/** A Medicare Beneficiary Identifier: 11 characters, never S, L, O, I, B or Z. */
export function isValidMbi(value: string): boolean {
  return MBI.test(normalizeMbi(value));
}

const ICD10 = /^[A-Z]\d[A-Z0-9](\.[A-Z0-9]{1,4})?$/;

export function normalizeIcd10(value: string): string {
  return value.trim().toUpperCase();
}

/** The shape of an ICD-10-CM code (letter, two characters, optional dot and up to four more). */
export function isIcd10(value: string): boolean {
  return ICD10.test(normalizeIcd10(value));
}
