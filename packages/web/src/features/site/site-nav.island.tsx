import { island } from "../../islands/island";
import { DesktopNav } from "./desktop-nav";
import { MobileNav } from "./mobile-nav";

/** The header's navigation: the desktop links with the Services dropdown, and the phone menu. */
function SiteNav() {
  return (
    <>
      <DesktopNav />
      <MobileNav />
    </>
  );
}

export default island("site/site-nav", SiteNav);
