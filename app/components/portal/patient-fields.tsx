import { Field } from "~/components/forms/field";
import { CityStateZip } from "~/components/forms/city-state-zip";
import { Input } from "~/components/ui/input";
import { PAYER_HINT, PayerList } from "~/components/portal/payer-list";
import { Select } from "~/components/ui/select";
import { PAYER_TYPES } from "~/lib/ivr";
import { LIMITS } from "~/lib/schemas/fields";

/**
 * The controls of a patient's details and of a coverage, shared by the form
 * that adds a patient and the patient's own page (edit, replace a coverage).
 * `v` gives a control its starting value; `e` its message.
 */
type Props = { v: (name: string) => string | undefined; e: Record<string, string | undefined> };
export type Options = { value: string; label: string }[];

export function PatientDetailsFields({ v, e, sex }: Props & { sex: Options }) {
  return (
    <>
      <Field label="First name" name="firstName" required error={e.firstName}>
        {(c) => <Input {...c} autoComplete="off" maxLength={LIMITS.name} defaultValue={v("firstName")} />}
      </Field>
      <Field label="Last name" name="lastName" required error={e.lastName}>
        {(c) => <Input {...c} autoComplete="off" maxLength={LIMITS.name} defaultValue={v("lastName")} />}
      </Field>
      <Field label="Date of birth" name="birthDate" required error={e.birthDate}>
        {(c) => <Input {...c} type="date" defaultValue={v("birthDate")} />}
      </Field>
      <Field label="Sex" name="sex" required error={e.sex}>
        {(c) => <Select {...c} options={sex} placeholder="Choose" defaultValue={v("sex") ?? ""} />}
      </Field>
      <Field label="Street address" name="addressLine1" required error={e.addressLine1}>
        {(c) => <Input {...c} autoComplete="off" maxLength={LIMITS.short} defaultValue={v("addressLine1")} />}
      </Field>
      <CityStateZip v={v} e={e} personal />
      <Field label="Phone" name="phone" error={e.phone}>
        {(c) => <Input {...c} type="tel" autoComplete="off" maxLength={LIMITS.phone} defaultValue={v("phone")} />}
      </Field>
    </>
  );
}

/** Payer, payer type, member id, group number and payer phone; `prefix` "secondary" names them secondaryPayerName... */
export function CoverageFields({ v, e, prefix = "", label = "" }: Props & { prefix?: "" | "secondary"; label?: string }) {
  const n = (name: string) => (prefix ? `${prefix}${name[0]!.toUpperCase()}${name.slice(1)}` : name);
  const l = (words: string) => (label ? `${label} ${words.toLowerCase()}` : words);
  const required = !prefix;
  return (
    <>
      <Field label={l("Payer")} name={n("payerName")} required={required} error={e[n("payerName")]} hint={PAYER_HINT}>
        {(c) => <Input {...c} autoComplete="off" maxLength={LIMITS.short} defaultValue={v(n("payerName"))} list={`${n("payerName")}-payers`} />}
      </Field>
      <PayerList id={`${n("payerName")}-payers`} />
      <Field label={l("Payer type")} name={n("payerType")} required={required} error={e[n("payerType")]}>
        {(c) =>
          required ? (
            <Select {...c} options={PAYER_TYPES} placeholder="Choose" defaultValue={v(n("payerType")) ?? ""} />
          ) : (
            <Select {...c} options={[{ value: "", label: "None" }, ...PAYER_TYPES]} defaultValue={v(n("payerType")) ?? ""} />
          )
        }
      </Field>
      <Field label={l("Member id")} name={n("memberId")} required={required} error={e[n("memberId")]} hint={required ? "For Medicare, the 11-character MBI" : undefined}>
        {(c) => <Input {...c} autoComplete="off" maxLength={40} defaultValue={v(n("memberId"))} />}
      </Field>
      <Field label={l("Group number")} name={n("groupNumber")} error={e[n("groupNumber")]}>
        {(c) => <Input {...c} autoComplete="off" maxLength={40} defaultValue={v(n("groupNumber"))} />}
      </Field>
      <Field label={l("Payer phone")} name={n("payerPhone")} error={e[n("payerPhone")]}>
        {(c) => <Input {...c} type="tel" autoComplete="off" maxLength={LIMITS.phone} defaultValue={v(n("payerPhone"))} />}
      </Field>
    </>
  );
}

/** The subscriber of a coverage, when not the patient. */
export function SubscriberFields({ v, e, relationship }: Props & { relationship: Options }) {
  return (
    <>
      <Field label="Subscriber name" name="subscriberName" error={e.subscriberName}>
        {(c) => <Input {...c} autoComplete="off" maxLength={LIMITS.name} defaultValue={v("subscriberName")} />}
      </Field>
      <Field label="Subscriber date of birth" name="subscriberBirthDate" error={e.subscriberBirthDate}>
        {(c) => <Input {...c} type="date" defaultValue={v("subscriberBirthDate")} />}
      </Field>
      <Field label="Relationship to the patient" name="subscriberRelationship" error={e.subscriberRelationship}>
        {(c) => <Select {...c} options={[{ value: "", label: "Not given" }, ...relationship]} defaultValue={v("subscriberRelationship") ?? ""} />}
      </Field>
    </>
  );
}
