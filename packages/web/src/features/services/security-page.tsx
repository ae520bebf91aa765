import { FeaturePage } from "./feature-page";

export function SecurityPage() {
  return <FeaturePage page="security" />;
}
