// Password inputs bound to a Mantine form: the sign-in pages', and the pair that chooses a new password
// (the reset page, My account), with the browser hints that make password managers fill them right.
import { PasswordInput } from "@mantine/core";
import type { FieldsForm } from "./fields-form";

interface FormPasswordProps<Name extends string> {
  form: FieldsForm<Name>;
  name: Name;
  label: string;
  autoComplete: "current-password" | "new-password";
  description?: string;
}

export function FormPassword<Name extends string>({ form, name, ...props }: FormPasswordProps<Name>) {
  return <PasswordInput {...props} key={form.key(name)} {...form.getInputProps(name)} />;
}

/** A new password typed twice; the form's schema checks they match ("confirm"). */
export function NewPasswordPair<Name extends string>({
  form,
  name,
}: {
  form: FieldsForm<Name | "confirm">;
  name: Name;
}) {
  return (
    <>
      <FormPassword
        form={form}
        name={name}
        label="New password"
        description="At least 8 characters; a short sentence is best."
        autoComplete="new-password"
      />
      <FormPassword form={form} name="confirm" label="Confirm new password" autoComplete="new-password" />
    </>
  );
}
