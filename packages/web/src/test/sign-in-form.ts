import { fireEvent, screen } from "@testing-library/react";
import { expect } from "vitest";

/** Fills the email and password of the client or staff sign-in screen and presses Sign In. */
export function submitSignIn(email: string, password: string) {
  fireEvent.change(screen.getByLabelText("Email"), { target: { value: email } });
  fireEvent.change(screen.getByLabelText("Password"), { target: { value: password } });
  fireEvent.click(screen.getByRole("button", { name: "Sign In" }));
}

/** Signs in with a malformed email and no password; the form shows `emailMessage` and the password message. */
export async function expectMalformedSignInRefused(emailMessage: string) {
  submitSignIn("not-an-email", "");
  expect(await screen.findByText(emailMessage)).toBeTruthy();
  expect(screen.getByText("Password is required")).toBeTruthy();
}
