import { fireEvent, screen } from "@testing-library/react";

/** Fills the email and password of the client or staff sign-in screen and presses Sign In. */
export function submitSignIn(email: string, password: string) {
  fireEvent.change(screen.getByLabelText("Email"), { target: { value: email } });
  fireEvent.change(screen.getByLabelText("Password"), { target: { value: password } });
  fireEvent.click(screen.getByRole("button", { name: "Sign In" }));
}
