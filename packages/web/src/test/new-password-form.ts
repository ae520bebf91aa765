import { fireEvent, screen } from "@testing-library/react";

/**
 * Types a new password and its confirmation into the pair the reset page and My account share, once it
 * shows, and presses Change password (or the page's own button, "Set password" on an invitation).
 */
export async function submitNewPassword(password: string, confirm = password, button = "Change password") {
  fireEvent.change(await screen.findByLabelText("New password"), { target: { value: password } });
  fireEvent.change(screen.getByLabelText("Confirm new password"), { target: { value: confirm } });
  fireEvent.click(screen.getByRole("button", { name: button }));
}
