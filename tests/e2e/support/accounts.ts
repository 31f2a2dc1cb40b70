import type { Role } from "~/.server/accounts/auth";

export const testAccounts = {
  member: { email: "member@clinic.example", password: "member password 1", role: "member" as Role },
  staff: { email: "staff@site.example", password: "staff password 1", role: "staff" as Role },
  admin: { email: "admin@site.example", password: "admin password 1", role: "admin" as Role },
  disabled: { email: "leaving@clinic.example", password: "leaving password 1", role: "member" as Role },
  promoted: { email: "promote-me@clinic.example", password: "promoted password 1", role: "member" as Role },
  resetter: { email: "reset-me@clinic.example", password: "resetter password 1", role: "member" as Role },
  limited: { email: "guess@clinic.example", password: "guess password 1", role: "member" as Role },
  /** A member in no practice (invited before a practice was asked for), for a practice page to add. */
  loose: { email: "loose@clinic.example", password: "loose password 1", role: "member" as Role },
};

/**
 * Members of practices for the Clinical Portal's tests, each practice with a
 * provider, a facility and a patient (created by seed.ts through the domains).
 * One member per test that sends or changes IVRs, so parallel tests do not
 * meet on one board.
 */
export const portalPractices = {
  sunrise: { name: "Sunrise Wound Care", patient: { firstName: "Margaret", lastName: "Hale", birthDate: "1948-03-14" } },
  elsewhere: { name: "Elsewhere Podiatry", patient: { firstName: "Otto", lastName: "Brandt", birthDate: "1951-07-02" } },
} as const;

export const portalAccounts = {
  sender: { email: "sender@sunrise.example", password: "sender password 1", role: "member" as Role, practice: "sunrise" as const },
  drafter: { email: "drafter@sunrise.example", password: "drafter password 1", role: "member" as Role, practice: "sunrise" as const },
  watcher: { email: "watcher@sunrise.example", password: "watcher password 1", role: "member" as Role, practice: "sunrise" as const },
  outsider: { email: "outsider@elsewhere.example", password: "outsider password 1", role: "member" as Role, practice: "elsewhere" as const },
  uploader: { email: "uploader@sunrise.example", password: "uploader password 1", role: "member" as Role, practice: "sunrise" as const },
};
