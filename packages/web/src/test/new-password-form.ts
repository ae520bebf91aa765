import { fireEvent, screen } from "@testing-library/react";

/**
 * Types a new password and its confirmation into the pair the reset page and My account share, once it
 * shows, and presses Change password.
 */
export async function submitNewPassword(password: string, confirm = password) {
  fireEvent.change(await screen.findByLabelText("New password"), { target: { value: password } });
  fireEvent.change(screen.getByLabelText("Confirm new password"), { target: { value: confirm } });
  fireEvent.click(screen.getByRole("button", { name: "Change password" }));
}
