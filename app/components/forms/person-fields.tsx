import { Input } from "~/components/ui/input";
import type { FieldErrors } from "~/lib/schemas/fields";
import { LIMITS } from "~/lib/schemas/fields";
import { Field } from "./field";

/**
 * First name, last name, email and phone: the required contact fields of the
 * intake and partner callback forms, as grid cells of the form's field grid.
 */
export function PersonFields({ errors, text }: { errors: FieldErrors; text: (name: string) => string | undefined }) {
  return (
    <>
      <Field label="First Name" name="firstName" required error={errors.firstName}>
        {(control) => <Input {...control} autoComplete="given-name" maxLength={LIMITS.name} defaultValue={text("firstName")} />}
      </Field>
      <Field label="Last Name" name="lastName" required error={errors.lastName}>
        {(control) => <Input {...control} autoComplete="family-name" maxLength={LIMITS.name} defaultValue={text("lastName")} />}
      </Field>
      <Field label="Email" name="email" required error={errors.email}>
        {(control) => <Input {...control} type="email" autoComplete="email" maxLength={LIMITS.email} defaultValue={text("email")} />}
      </Field>
      <Field label="Phone" name="phone" required error={errors.phone}>
        {(control) => <Input {...control} type="tel" autoComplete="tel" maxLength={LIMITS.phone} defaultValue={text("phone")} />}
      </Field>
    </>
  );
}
