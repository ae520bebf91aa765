// The check-in script of a company (docs/features.md §12): GET /api/clients/{id}/checkin-script with the
// token just created in X-Enrolment-Token (the server keeps only its hash, so the page hands it back), saved
// as a file. A fetch rather than a link: a link can carry neither header.
import { saveFile } from "../../lib/save-file";
import { authHeaders, credentialsMode } from "../../lib/trpc";

export const CHECKIN_PLATFORMS = [
  { platform: "linux", label: "Linux", fileName: "checkin.sh" },
  { platform: "macos", label: "macOS", fileName: "checkin.sh" },
  { platform: "windows", label: "Windows", fileName: "checkin.ps1" },
] as const;
export type CheckinPlatform = (typeof CHECKIN_PLATFORMS)[number];

export async function downloadCheckinScript(clientId: string, secret: string, target: CheckinPlatform) {
  const response = await fetch(
    `/api/clients/${encodeURIComponent(clientId)}/checkin-script?platform=${target.platform}`,
    { headers: { ...authHeaders(), "X-Enrolment-Token": secret }, credentials: credentialsMode() },
  );
  if (!response.ok) throw new Error(`The ${target.label} script could not be downloaded.`);
  saveFile(await response.blob(), target.fileName);
}
