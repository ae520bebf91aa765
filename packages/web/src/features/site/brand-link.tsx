import { Link } from "@tanstack/react-router";
import { useSite } from "./site-content";
import { SiteLogo } from "./site-logo";

/** The logo in the header, leading home. */
export function BrandLink() {
  const site = useSite();
  return (
    // Shrinks below 160 px when the header is narrower than logo, ticket button and burger (320 px wide,
    // or 400% zoom: WCAG 1.4.10), rather than pushing the page sideways.
    <Link to="/" aria-label={`${site.name} home`} style={{ display: "inline-flex", minWidth: 0 }}>
      <SiteLogo w={160} h={32} maw="100%" />
    </Link>
  );
}
