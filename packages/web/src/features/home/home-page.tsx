import { Container } from "@mantine/core";
import { PROMISES } from "@repo/validators";
import { ButtonLink } from "../../components/router-links";
import { PageIntro } from "../site/page-intro";

export function HomePage() {
  return (
    <>
      <PageIntro title="Small Business IT. Without the Headaches.">
        Managed IT, project work and help desk support for teams of {PROMISES.teamSize}. No bloated retainers, no
        endless ticket queues, no tech jargon.
      </PageIntro>
      <Container size="md">
        <ButtonLink to="/contact" search={{ ref: "homepage" }} size="md">
          Book a Consultation
        </ButtonLink>
      </Container>
    </>
  );
}
