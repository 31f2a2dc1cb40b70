/** The contexts patient values are sealed under: their table and column (see crypto/). */
export const C = {
  first: "patients.first_name",
  last: "patients.last_name",
  birth: "patients.birth_date",
  address: "patients.address",
  phone: "patients.phone",
  member: "coverages.member_id",
  group: "coverages.group_number",
  subscriber: "coverages.subscriber",
} as const;
