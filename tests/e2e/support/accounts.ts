import type { Role } from "~/.server/accounts/auth";

export const testAccounts = {
  member: { email: "member@clinic.example", password: "member password 1", role: "member" as Role },
  staff: { email: "staff@site.example", password: "staff password 1", role: "staff" as Role },
  admin: { email: "admin@site.example", password: "admin password 1", role: "admin" as Role },
  disabled: { email: "leaving@clinic.example", password: "leaving password 1", role: "member" as Role },
  promoted: { email: "promote-me@clinic.example", password: "promoted password 1", role: "member" as Role },
  resetter: { email: "reset-me@clinic.example", password: "resetter password 1", role: "member" as Role },
  limited: { email: "guess@clinic.example", password: "guess password 1", role: "member" as Role },
};
