// The public website in Chromium: every marketing route on desktop and mobile widths, the shared header
// and footer, the service-page pattern (FAQ, Get a quote and its tracking), images and their fallbacks,
// and what the served HTML holds before any JavaScript runs.
import { MARKETING_PATHS } from "@repo/content";
import { describe, expect, it } from "vitest";
import { MAIN_NAV_LINKS, MOBILE_MENU_LINKS, SERVICE_MENU_LINKS } from "../src/test/header-links.js";
import { DESKTOP, MOBILE, startE2EForFile } from "./harness.js";
import {
  collectPageErrors,
  linksIn,
  pathAndQuery,
  recordScripts,
  recordTrackEvents,
  waitForHydration,
} from "./site-helpers.js";

const e2e = startE2EForFile();

const SERVICES = [
  {
    path: "/services/email-deliverability",
    slug: "email-deliverability",
    headline: "Email Deliverability Optimization",
    badge: "48 hours",
    whatYouGet: 5,
    steps: 3,
    whatWeNeed: 0,
  },
  {
    path: "/services/intune-fast-start",
    slug: "intune-fast-start",
    headline: "Identity & Device Fast Start",
    badge: "3 business days",
    whatYouGet: 5,
    steps: 3,
    whatWeNeed: 4,
  },
  {
    path: "/services/cloud-migration-lite",
    slug: "cloud-migration-lite",
    headline: "Cloud Migration Lite",
    badge: "7 business days",
    whatYouGet: 5,
    steps: 3,
    whatWeNeed: 4,
  },
  {
    path: "/services/security-hardening-sprint",
    slug: "security-hardening-sprint",
    headline: "Security Hardening Sprint",
    badge: "5 business days",
    whatYouGet: 5,
    steps: 3,
    whatWeNeed: 4,
  },
  {
    path: "/device-management",
    slug: "device-management",
    headline: "Device Management",
    badge: null,
    whatYouGet: 0,
    steps: 0,
    whatWeNeed: 0,
  },
  {
    path: "/email-collaboration",
    slug: "email-collaboration",
    headline: "Email & Collaboration",
    badge: null,
    whatYouGet: 0,
    steps: 0,
    whatWeNeed: 0,
  },
] as const;

/** Opens `path` on a desktop in a fresh context whose requests for `asset` fail with `status`. */
async function openWithBrokenAsset(path: string, asset: string, status: number) {
  const context = await e2e.browser.newContext({ viewport: DESKTOP, baseURL: e2e.server.url });
  await context.route(asset, (route) => route.fulfill({ status, body: "" }));
  const page = await context.newPage();
  await page.goto(path);
  return { page, context };
}

/** The items of the section whose h2 is `title`: list items of its first list. */
async function sectionListCount(page: import("playwright-core").Page, title: string): Promise<number> {
  const section = page
    .locator("section")
    .filter({ has: page.getByRole("heading", { level: 2, name: title, exact: true }) });
  return section.locator("ul > li, ol > li").count();
}

describe("shared header", () => {
  it("links Home, About, Get a Quote, Contact and the Client Portal, with the six services in the dropdown", async () => {
    const { page } = await e2e.open("/about");
    await waitForHydration(page);

    expect(await linksIn(page, 'header nav[aria-label="Main"]')).toEqual(MAIN_NAV_LINKS);

    await page.getByRole("button", { name: "Services" }).click();
    const items = page.getByRole("menuitem");
    await items.first().waitFor();
    const services = await items.evaluateAll((nodes) => nodes.map((n) => [n.textContent, n.getAttribute("href")]));
    expect(services).toEqual(SERVICE_MENU_LINKS);

    await page.getByRole("menuitem", { name: "Cloud Migration Lite" }).click();
    await page.waitForURL("**/services/cloud-migration-lite");
    expect(await page.locator("h1").textContent()).toBe("Cloud Migration Lite");
  });

  it("repeats every link in the mobile menu, which closes after a link is followed", async () => {
    const { page } = await e2e.open("/", { viewport: MOBILE });
    await waitForHydration(page);
    expect(await page.locator('header nav[aria-label="Main"]').isVisible()).toBe(false);

    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.locator('nav[aria-label="Mobile"]');
    await menu.waitFor();
    expect(await linksIn(page, 'nav[aria-label="Mobile"]')).toEqual(MOBILE_MENU_LINKS);

    await menu.getByRole("link", { name: "Device Management" }).click();
    await page.waitForURL("**/device-management");
    await menu.waitFor({ state: "hidden" });
    expect(await page.locator("h1").textContent()).toBe("Device Management");
  });
});

describe("shared footer", () => {
  it("holds the logo, tagline, two placeholder social links, both lists and the copyright line", async () => {
    const { page } = await e2e.open("/security");
    const footer = page.locator("footer");
    expect(await footer.getByText("Modern IT solutions. No headaches. Just results.").count()).toBe(1);
    expect(await linksIn(page, 'footer nav[aria-label="Services"]')).toEqual([
      ["Device Management", "/device-management"],
      ["Email & Collaboration", "/email-collaboration"],
      ["App & Cloud Setup", "/app-cloud"],
      ["Security", "/security"],
    ]);
    expect(await linksIn(page, 'footer nav[aria-label="Company"]')).toEqual([
      ["About", "/about"],
      ["Pricing", "/pricing"],
      ["Contact", "/contact?ref=footer"],
    ]);
    expect(await footer.locator('a[href="#"]').count()).toBe(2);
    expect(await footer.getByText("© 2025 Northwind IT. All rights reserved.").count()).toBe(1);

    await footer.getByRole("link", { name: "Pricing" }).click();
    await page.waitForURL("**/pricing");
    expect(await page.locator("h1").textContent()).toBe("Pricing");
  });

  it("swaps the logo for its inline copy when /logo.svg cannot be loaded", async () => {
    const { page, context } = await openWithBrokenAsset("/", "**/logo.svg", 404);
    const logo = page.locator('footer img[alt="Northwind IT logo"]');
    // The logo loads lazily (it is not what the visitor reads first), so as the footer comes into view.
    await logo.scrollIntoViewIfNeeded();
    await expect.poll(() => logo.getAttribute("src")).toMatch(/^data:image\/svg\+xml/);
    await context.close();
  });
});

describe("home", () => {
  it("shows the headline, three service cards, IT That Fits Your Business and two Book a Consultation links", async () => {
    const { page } = await e2e.open("/");
    await waitForHydration(page);
    expect(await page.locator("h1").textContent()).toBe("Small Business IT. Without the Headaches.");
    for (const card of ["Managed IT", "Projects and contract work", "Help desk support"]) {
      expect(await page.getByRole("heading", { level: 3, name: card, exact: true }).count()).toBe(1);
    }
    expect(await page.getByRole("heading", { level: 2, name: "IT That Fits Your Business" }).count()).toBe(1);
    const consultations = page.getByRole("link", { name: "Book a Consultation" });
    expect(await consultations.evaluateAll((links) => links.map((a) => a.getAttribute("href")))).toEqual([
      "/contact?ref=homepage",
      "/contact?ref=why",
    ]);

    await consultations.last().click();
    await page.waitForURL("**/contact?ref=why");
    await expect.poll(() => page.locator("h1").textContent()).toBe("Contact Us");
  });
});

describe("about", () => {
  it("shows the title, subtitle, a 300 px hero image, three paragraphs and a consultation link", async () => {
    const { page } = await e2e.open("/about");
    expect(await page.locator("h1").textContent()).toBe("About Northwind IT");
    expect(await page.getByText("Reliable, responsive IT for Toronto's small businesses. No surprises.").count()).toBe(
      1,
    );
    const hero = page.locator('main img[src="/images/about.svg"]');
    expect((await hero.boundingBox())?.height).toBe(300);
    expect(
      await page
        .locator("main p")
        .filter({ hasText: /decade|We look after teams|Our promise/ })
        .count(),
    ).toBe(3);
    expect(await page.getByText("over a decade of experience", { exact: false }).count()).toBe(1);
    expect(await page.getByRole("link", { name: "Book a Consultation" }).getAttribute("href")).toBe(
      "/contact?ref=about",
    );
  });

  it("uses the fallback picture when the hero image fails, even before the page hydrates", async () => {
    const { page, context } = await openWithBrokenAsset("/about", "**/images/about.svg", 500);
    const hero = page.locator('main img[alt="The Northwind IT team at work in Toronto"]');
    await expect.poll(() => hero.getAttribute("src")).toMatch(/^data:image\/svg\+xml/);
    expect((await hero.boundingBox())?.height).toBe(300);
    await context.close();
  });
});

describe("App & Cloud and Security", () => {
  for (const { path, title, ref, image } of [
    { path: "/app-cloud", title: "App & Cloud Setup", ref: "app-cloud", image: "/images/app-cloud.svg" },
    { path: "/security", title: "Security", ref: "security", image: "/images/security.svg" },
  ]) {
    it(`${path}: five feature bullets, a picture with a fallback, Book a Consultation to ?ref=${ref}`, async () => {
      const context = await e2e.browser.newContext({ viewport: DESKTOP, baseURL: e2e.server.url });
      await context.route(`**${image}`, (route) => route.abort());
      const page = await context.newPage();
      await page.goto(path);
      expect(await page.locator("h1").textContent()).toBe(title);
      expect(await page.locator("main ul > li").count()).toBe(5);
      expect(await page.getByRole("link", { name: "Book a Consultation" }).getAttribute("href")).toBe(
        `/contact?ref=${ref}`,
      );
      await expect.poll(() => page.locator("main img").getAttribute("src")).toMatch(/^data:image\/svg\+xml/);
      await context.close();
    });
  }

  it("loads the real pictures when they are there", async () => {
    const { page } = await e2e.open("/app-cloud");
    await page.waitForLoadState("networkidle");
    const img = page.locator("main img");
    expect(await img.getAttribute("src")).toBe("/images/app-cloud.svg");
    expect(await img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  });
});

describe("service pages", () => {
  for (const service of SERVICES) {
    it(`${service.path}: hero, sections and an FAQ of five`, async () => {
      const { page } = await e2e.open(service.path);
      const errors = collectPageErrors(page);
      await waitForHydration(page);
      expect(await page.locator("h1").textContent()).toBe(service.headline);
      if (service.badge)
        expect(await page.locator("section").first().getByText(service.badge, { exact: true }).count()).toBe(1);
      expect(await sectionListCount(page, "Frequently Asked Questions")).toBe(0);
      expect(
        await page.locator('[data-accordion-control="true"], button[aria-controls]').filter({ hasText: "?" }).count(),
      ).toBe(5);
      if (service.whatYouGet) {
        const whatYouGet = page
          .locator("div")
          .filter({ has: page.getByRole("heading", { level: 2, name: "What You Get" }) })
          .last();
        expect(await whatYouGet.locator("li").count()).toBe(service.whatYouGet);
      }
      if (service.steps) expect(await sectionListCount(page, "How It Works")).toBe(service.steps);
      if (service.whatWeNeed) expect(await sectionListCount(page, "What We Need From You")).toBe(service.whatWeNeed);
      expect(await page.getByRole("link", { name: "Get a quote", exact: true }).count()).toBe(2);
      expect(errors).toEqual([]);
    });
  }

  it("Cloud Migration Lite has the spec's timeline", async () => {
    const { page } = await e2e.open("/services/cloud-migration-lite");
    for (const when of ["Days 1-3", "Days 4-5", "Days 6-7"])
      expect(await page.getByText(when, { exact: true }).count()).toBe(1);
    expect(await page.getByText("Plus one business day of hypercare after cutover.").count()).toBe(1);
    expect(await page.getByText("Admin access to both platforms").count()).toBe(1);
  });

  it("Security Hardening Sprint lists the security measures in two groups", async () => {
    const { page } = await e2e.open("/services/security-hardening-sprint");
    expect(await page.getByRole("heading", { level: 2, name: "Security Measures Covered" }).count()).toBe(1);
    expect(await page.getByRole("heading", { level: 3, name: "Identity Protection" }).count()).toBe(1);
    expect(await page.getByRole("heading", { level: 3, name: "Device Security" }).count()).toBe(1);
    for (const when of ["Day 1", "Days 2-3", "Day 4", "Day 5"])
      expect(await page.getByText(when, { exact: true }).count()).toBe(1);
  });

  it("Device Management and Email & Collaboration have the spec's cards", async () => {
    const dm = await e2e.open("/device-management");
    for (const card of ["One-time setup", "Ongoing monitoring"]) {
      expect(await dm.page.getByRole("heading", { level: 3, name: card }).count()).toBe(1);
    }
    for (const line of ["5-10 devices", "10-25 devices", "25+ devices"])
      expect(await dm.page.getByText(line, { exact: true }).count()).toBe(1);
    const ec = await e2e.open("/email-collaboration");
    for (const card of ["Troubleshooting and setup", "Email security"]) {
      expect(await ec.page.getByRole("heading", { level: 3, name: card }).count()).toBe(1);
    }
  });

  it("opens one FAQ answer at a time, and a click on the open question closes it", async () => {
    const { page } = await e2e.open("/services/intune-fast-start");
    await waitForHydration(page);
    const questions = page.locator("button[aria-expanded]").filter({ hasText: "?" });
    const expanded = () => questions.evaluateAll((buttons) => buttons.map((b) => b.getAttribute("aria-expanded")));
    expect(await expanded()).toEqual(["false", "false", "false", "false", "false"]);

    await questions.nth(1).click();
    await expect.poll(expanded).toEqual(["false", "true", "false", "false", "false"]);
    await expect
      .poll(() => page.getByText("Up to 10 devices and 2 app deployments.", { exact: false }).isVisible())
      .toBe(true);

    await questions.nth(3).click();
    await expect.poll(expanded).toEqual(["false", "false", "false", "true", "false"]);

    await questions.nth(3).click();
    await expect.poll(expanded).toEqual(["false", "false", "false", "false", "false"]);
  });

  it("Get a quote dispatches the track event, goes to /contact?service={slug} and is counted by the server", async () => {
    const { page } = await e2e.open("/services/email-deliverability");
    await waitForHydration(page);
    const tracks = await recordTrackEvents(page);
    const beacon = page.waitForRequest(
      (request) => request.url().endsWith("/api/track") && request.method() === "POST",
    );

    await page.getByRole("link", { name: "Get a quote", exact: true }).first().click();

    await page.waitForURL("**/contact?service=email-deliverability");
    expect(pathAndQuery(page)).toBe("/contact?service=email-deliverability");
    expect(tracks).toEqual([{ event: "cta_service_quote", service: "email-deliverability" }]);
    // A beacon: text/plain (the only kind Chromium sends from a Blob), no cookies needed.
    expect((await beacon).headers()["content-type"]).toMatch(/^text\/plain/);
    // The contact page is a new document: its form picks the service from the address once hydrated.
    await waitForHydration(page);
    expect(await page.getByLabel("Service", { exact: true }).inputValue()).toBe("email-deliverability");

    const token = await e2e.server.login("admin@northwind.test");
    await expect
      .poll(async () => {
        const res = await e2e.server.request("/api/metrics/cta?range=7d", { token });
        const body = (await res.json()) as { totals: { service: string; count: number }[] };
        return body.totals.find((t) => t.service === "email-deliverability")?.count ?? 0;
      })
      .toBeGreaterThanOrEqual(1);
  });

  it("shows a fixed Get a quote bar at the bottom on mobile, and it tracks and navigates too", async () => {
    const { page } = await e2e.open("/device-management", { viewport: MOBILE });
    await waitForHydration(page);
    const bar = page.getByTestId("mobile-quote-bar");
    expect(await bar.isVisible()).toBe(true);
    expect(await bar.evaluate((el) => getComputedStyle(el).position)).toBe("fixed");
    const box = await bar.boundingBox();
    expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(MOBILE.height);

    await page.mouse.wheel(0, 3000);
    expect(await bar.isVisible()).toBe(true);
    const tracks = await recordTrackEvents(page);
    await bar.getByRole("link", { name: "Get a quote", exact: true }).click();
    await page.waitForURL("**/contact?service=device-management");
    expect(tracks).toEqual([{ event: "cta_service_quote", service: "device-management" }]);
  });

  it("has no Get a quote bar on desktop", async () => {
    const { page } = await e2e.open("/device-management");
    expect(await page.getByTestId("mobile-quote-bar").isVisible()).toBe(false);
  });
});

describe("pricing", () => {
  it("lists the four fixed-scope packages with durations and limits, and managed IT and help desk on quote", async () => {
    const { page } = await e2e.open("/pricing");
    for (const [name, duration] of [
      ["Email Deliverability Optimization", "48 hours"],
      ["Identity & Device Fast Start", "3 business days"],
      ["Cloud Migration Lite", "7 business days"],
      ["Security Hardening Sprint", "5 business days"],
    ] as const) {
      const card = page
        .locator(".mantine-Card-root")
        .filter({ has: page.getByRole("heading", { level: 3, name: name }) });
      expect(await card.getByText(duration, { exact: true }).count()).toBe(1);
    }
    for (const limit of [
      "Up to 10 devices",
      "2 app deployments",
      "Up to 20 users",
      "14-day monitoring checklist",
      "30-minute live training session",
    ]) {
      expect(await page.getByText(limit, { exact: true }).count()).toBe(1);
    }
    expect(await page.getByText("Quote on request", { exact: true }).count()).toBe(2);
    expect(await page.locator("main").textContent()).not.toMatch(/\$\s?\d/);
    expect(
      await page
        .getByRole("link", { name: "Request a quote" })
        .evaluateAll((links) => links.map((a) => a.getAttribute("href"))),
    ).toEqual(["/contact?service=managed-it&ref=pricing", "/contact?service=help-desk&ref=pricing"]);
  });
});

describe("without JavaScript", () => {
  const getHtml = async (path: string) => {
    const res = await fetch(e2e.server.url + path);
    expect(res.status).toBe(200);
    return res.text();
  };

  it("serves every marketing route as prerendered HTML with its own title, description, canonical URL and Open Graph tags", async () => {
    const titles = new Set<string>();
    for (const path of MARKETING_PATHS) {
      const html = await getHtml(path);
      const title = /<title>([^<]+)<\/title>/.exec(html)?.[1];
      expect(title, path).toMatch(/ \| Northwind IT$/);
      titles.add(title!);
      expect(html).toMatch(/<meta name="description" content="[^"]{40,}"/);
      expect(html).toContain(`<link rel="canonical" href="https://northwind.test${path === "/" ? "/" : path}"/>`);
      expect(html).toContain('<meta property="og:title"');
      expect(html).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
    }
    expect(titles.size).toBe(MARKETING_PATHS.length);
    // The routes come from @repo/content (what the prerender and sitemap use); each service page this file
    // knows must be among them, so none can drop out of the checks unnoticed.
    for (const service of SERVICES) expect(MARKETING_PATHS).toContain(service.path);
  });

  it("has the headline of / in the served HTML", async () => {
    expect(await getHtml("/")).toMatch(/<h1[^>]*>Small Business IT\. Without the Headaches\.<\/h1>/);
  });

  it("embeds Service and FAQPage JSON-LD, with the five questions, in each service page's HTML", async () => {
    for (const service of SERVICES) {
      const html = await getHtml(service.path);
      expect(html).toContain(`>${service.headline.replace("&", "&amp;")}</h1>`);
      const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) =>
        JSON.parse(m[1]!),
      );
      const serviceLd = blocks.find((b) => b["@type"] === "Service");
      const faqLd = blocks.find((b) => b["@type"] === "FAQPage");
      expect(serviceLd?.name).toBe(service.headline);
      expect(serviceLd?.provider?.address?.addressLocality).toBe("Toronto");
      expect(faqLd?.mainEntity).toHaveLength(5);
      expect(faqLd.mainEntity[0].acceptedAnswer.text.length).toBeGreaterThan(40);
    }
  });

  it("serves robots.txt and a sitemap of every marketing route", async () => {
    const robots = await getHtml("/robots.txt");
    expect(robots).toContain("Sitemap: https://northwind.test/sitemap.xml");
    expect(robots).toContain("Disallow: /api/");
    const sitemap = await getHtml("/sitemap.xml");
    for (const path of MARKETING_PATHS)
      expect(sitemap).toContain(`<loc>https://northwind.test${path === "/" ? "/" : path}</loc>`);
  });

  it("ships a prerendered not-found page and the app's route patterns, for a server that answers 404", async () => {
    const notFound = await getHtml("/404.html");
    expect(notFound).toMatch(/<h1[^>]*>404 Page Not Found<\/h1>/);
    expect(notFound).toContain('<meta name="robots" content="noindex"/>');
    const routes = JSON.parse(await getHtml("/routes.json")) as string[];
    expect(routes).toEqual(
      expect.arrayContaining(["/", "/client/tickets/$id", "/tickets/$id", "/services/email-deliverability"]),
    );
  });

  it("answers an unknown path with status 404 and the prerendered 404 page", async () => {
    const res = await e2e.server.request("/no-such-page");
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("404 Page Not Found");
    const { page } = await e2e.open("/no-such-page");
    await page.getByText("404 Page Not Found").waitFor();
  });
});

describe("first paint", () => {
  it("needs only the HTML: the rules it uses are inline, and the stylesheets neither block nor stay unapplied", async () => {
    for (const path of ["/", "/pricing", "/about", "/contact"]) {
      const html = await (await fetch(e2e.server.url + path)).text();
      const head = html.slice(0, html.indexOf("</head>")).replace(/<noscript>[\s\S]*?<\/noscript>/g, "");
      expect(head, path).toMatch(/<style>[\s\S]{5000,}?<\/style>/);
      // Nothing in <head> for the browser to fetch before it paints (decision 0059): no stylesheet, no
      // script with a src, no module preload; the stylesheets stay for a browser without scripts.
      expect(head, path).not.toMatch(/<link [^>]*rel="(stylesheet|modulepreload)"/);
      expect(head, path).not.toMatch(/<script [^>]*src=/);
      expect(html, path).toMatch(/<noscript><link rel="stylesheet"[^>]*><\/noscript>/);

      // The inline script that loads them after the first paint runs under the server's Content-Security-Policy.
      const { page, context } = await e2e.open(path);
      await page.waitForFunction(() => {
        const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];
        return links.length > 0 && links.every((link) => link.media === "all" && link.sheet !== null);
      });
      await waitForHydration(page);
      await context.close();
    }
  });

  it("asks for the island code only once the page has painted", async () => {
    const context = await e2e.browser.newContext({ viewport: DESKTOP, baseURL: e2e.server.url });
    const page = await context.newPage();
    const scripts = recordScripts(page);
    await page.goto("/services/cloud-migration-lite");
    await waitForHydration(page);
    const paintedAt = await page.evaluate(
      () => performance.getEntriesByType("paint").find((p) => p.name === "first-contentful-paint")?.startTime ?? -1,
    );
    const requestedAt = await page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .filter((r) => /\/assets\/.+\.(js|css)$/.test(r.name))
        .map((r) => r.startTime),
    );
    expect(paintedAt).toBeGreaterThan(0);
    expect(requestedAt.length).toBeGreaterThan(1);
    expect(Math.min(...requestedAt)).toBeGreaterThan(paintedAt);
    expect(scripts.some((s) => /\/assets\/site-[^/]+\.js$/.test(s))).toBe(true);
    await context.close();
  });

  it("fetches a page's own picture first", async () => {
    const html = await (await fetch(`${e2e.server.url}/about`)).text();
    expect(html).toContain('<link rel="preload" as="image" fetchpriority="high" href="/images/about.svg">');
  });
});

describe("weight", () => {
  it("loads no portal code on a marketing page", async () => {
    const context = await e2e.browser.newContext({ viewport: DESKTOP, baseURL: e2e.server.url });
    const page = await context.newPage();
    const scripts = recordScripts(page);
    for (const path of ["/", "/services/security-hardening-sprint", "/contact"]) {
      await page.goto(path, { waitUntil: "networkidle" });
    }
    expect(
      scripts.filter((s) => /(client-dashboard|client-ticket|staff-|device-inventory|inventory-page)/.test(s)),
    ).toEqual([]);
    await context.close();
  });

  it("hydrates only the islands: no SPA entry, and the page's static text is not React's", async () => {
    const context = await e2e.browser.newContext({ viewport: DESKTOP, baseURL: e2e.server.url });
    const page = await context.newPage();
    const scripts = recordScripts(page);
    await page.goto("/services/cloud-migration-lite", { waitUntil: "networkidle" });
    await waitForHydration(page);
    expect(scripts.some((s) => /\/assets\/site-[^/]+\.js$/.test(s))).toBe(true);
    expect(scripts.filter((s) => /\/assets\/main-[^/]+\.js$/.test(s))).toEqual([]);
    const hydrated = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((el) => Object.keys(el).some((key) => key.startsWith("__reactFiber")));
    expect(await hydrated("h1")).toBe(false);
    expect(await hydrated("footer nav a")).toBe(false);
    expect(await hydrated('header [data-island] button[aria-haspopup="menu"]')).toBe(true);
    expect(await hydrated("[data-island] button[aria-expanded]")).toBe(true);
    await context.close();
  });
});
