import { FeaturePage } from "./feature-page";

export function AppCloudPage() {
  return <FeaturePage page="app-cloud" />;
}
