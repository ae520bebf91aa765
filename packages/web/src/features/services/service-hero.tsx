import { formatPrice, type ServicePageView } from "@repo/content";
import { ButtonLink } from "../../components/router-links";
import { PageHero } from "../site/page-hero";
import QuoteButton from "./quote-button.island";

/**
 * The opening block of a service page: the duration badge (with the price, on a page the provider added),
 * the headline, the summary and the quote button.
 */
export function ServiceHero({ service }: { service: ServicePageView }) {
  const badge =
    service.badge && service.priceCents != null
      ? `${service.badge} · ${formatPrice(service.priceCents)}`
      : service.badge;
  return (
    <PageHero kind="service" badge={badge} headline={service.headline} text={service.summary}>
      <QuoteButton service={service.quote} size="lg" />
      {service.badge ? (
        <ButtonLink to="/pricing" variant="default" size="lg">
          See all packages
        </ButtonLink>
      ) : null}
    </PageHero>
  );
}
