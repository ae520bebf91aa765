// The marketing pages in the provider's own words (issue 42, docs/features.md §20). The build prerenders
// them from the built-in texts; once the provider publishes content of its own, the server renders each
// page again from it, with the same components, into the shell the build left (dist-ssr/marketing-shells.json,
// server-render.ts), keeps it in memory per published revision, and answers it in place of the build's file.
// Every instance reads which revision is published (believed 2 s, site-content/published.ts), so a publish
// shows on every instance within seconds. The SPA's page carries the published content too, for the portals'
// headers and titles (features/site/site-content.tsx in the web app). And staff preview the draft here.
import { join } from "node:path";
import { addedPageFrom, type SiteContent } from "@repo/content";
import type { Database } from "@repo/db";
import type { Context as HonoContext, Hono } from "hono";
import { requireStaff, requireUser } from "../auth/access.js";
import { NotFoundError } from "../errors.js";
import { readPublished } from "../site-content/published.js";
import { siteContentState } from "../site-content/revisions.js";
import type { AppContext, AppEnv } from "./http.js";
import { htmlAnswer, pageCache, type ServerRenderer, type Shell } from "./server-render.js";
import { fileResponse } from "./static.js";

/** The id of the SPA's data block (SITE_CONTENT_ELEMENT in the web app's site-content.tsx). */
const SITE_CONTENT_ELEMENT = "site-content";

/** A page per marketing path per revision; an older revision's pages age out. */
const CACHE_SIZE = 64;

/** JSON inside a <script> data block: "<" escaped, so no text can close the element. */
const scriptJson = (data: unknown) => JSON.stringify(data).replace(/</g, "\\u003c");

/**
 * The shell a page the provider added at /services/<slug> is rendered into: a package's service page, whose
 * critical CSS and islands (FAQ accordion, quote button) are those of the one service page layout.
 */
export const ADDED_PAGE_SHELL = "/services/intune-fast-start";
const ADDED_PAGE = /^\/services\/([^/]+)\/?$/;

/** The marketing page's shell for `path` in `content`: a built page's, or an added page's; null: none. */
function shellFor(shells: Record<string, Shell>, path: string, content: SiteContent): Shell | null {
  const built = shells[path];
  if (built) return built;
  const slug = ADDED_PAGE.exec(path)?.[1];
  return slug && addedPageFrom(content, slug) ? (shells[ADDED_PAGE_SHELL] ?? null) : null;
}

/** `webDist`: the web build, whose 404 page answers a slug no published page is at. */
export function sitePages(db: Database, renderer: ServerRenderer, webDist: string) {
  const shells = renderer.shells<Record<string, Shell>>("marketing-shells.json");
  const pages = pageCache(CACHE_SIZE);

  /** Mounts each marketing path ahead of the build's files, which answer it while nothing is published. */
  function mount(app: Hono<AppEnv>) {
    if (!shells) return;
    for (const path of Object.keys(shells)) {
      const handler = async (c: HonoContext<AppEnv>, next: () => Promise<void>) => {
        const { revisionId, content } = await readPublished(db);
        if (!revisionId) return next();
        const key = `${path}#${revisionId}`;
        return htmlAnswer(c, key, () =>
          pages.get(key, () => renderer.renderInto(shells[path]!, path, { siteContent: content })),
        );
      };
      app.get(path, handler);
      if (path !== "/") app.get(`${path}/`, handler);
    }
    // The pages the provider added, after the built ones (which keep their routes). Published ones only: a
    // draft's page is a 404 here, as is a slug no page is at, whether or not anything is published.
    const added = async (c: HonoContext<AppEnv>, next: () => Promise<void>) => {
      const path = c.req.path.replace(/\/$/, "");
      if (shells![path]) return next();
      const { revisionId, content } = await readPublished(db);
      const shell = shellFor(shells!, path, content);
      if (!revisionId || !shell) return fileResponse(join(webDist, "404.html"), "no-cache", 404);
      const key = `${path}#${revisionId}`;
      return htmlAnswer(c, key, () => pages.get(key, () => renderer.renderInto(shell, path, { siteContent: content })));
    };
    app.get("/services/:slug", added);
    app.get("/services/:slug/", added);
  }

  /**
   * GET /api/site-content/preview?path=/pricing: a marketing page with the draft (or, without one, the
   * published content), for staff only, never cached or indexed.
   */
  async function preview(c: AppContext): Promise<Response> {
    const ctx = await c.var.context();
    requireStaff(requireUser(ctx.user));
    const path = c.req.query("path") ?? "/";
    const state = await siteContentState(db);
    const content = state.draft?.content ?? state.published;
    const shell = shells && shellFor(shells, path, content);
    if (!shell) throw new NotFoundError("There is no page at that path to preview");
    const html = await renderer.renderInto(shell, path, { siteContent: content });
    return new Response(html, {
      headers: {
        "Content-Type": "text/html; charset=utf-8",
        "Cache-Control": "no-store",
        "X-Robots-Tag": "noindex",
      },
    });
  }

  // The SPA's page depends only on the published revision: made once per revision, not per request.
  let spa: { revisionId: string; shellHtml: string; html: string } | null = null;

  /** The SPA's page with the published content in it, when there is any; null: the build's page as it is. */
  async function spaPage(shellHtml: string): Promise<string | null> {
    const { revisionId, content } = await readPublished(db);
    if (!revisionId) return null;
    if (spa?.revisionId !== revisionId || spa.shellHtml !== shellHtml)
      spa = { revisionId, shellHtml, html: withContent(shellHtml, content) };
    return spa.html;
  }

  return { mount, preview, spaPage };
}

function withContent(html: string, content: SiteContent): string {
  const block = `<script type="application/json" id="${SITE_CONTENT_ELEMENT}">${scriptJson(content)}</script>`;
  return html.replace("</head>", () => `${block}\n</head>`);
}
