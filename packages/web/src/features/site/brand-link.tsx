import { site } from "@repo/content";
import { Link } from "@tanstack/react-router";
import { SiteLogo } from "./site-logo";

/** The logo in the header, leading home. */
export function BrandLink() {
  return (
    <Link to="/" aria-label={`${site.name} home`} style={{ display: "inline-flex" }}>
      <SiteLogo w={160} h={32} />
    </Link>
  );
}
