// The app router: one entry per domain. REST paths come from each procedure's openapi meta.
import { accountRouter } from "./routers/account.js";
import { apiKeysRouter } from "./routers/apiKeys.js";
import { alertsRouter } from "./routers/alerts.js";
import { authRouter } from "./routers/auth.js";
import { cannedRepliesRouter } from "./routers/cannedReplies.js";
import { clientPortalRouter } from "./routers/clientPortal.js";
import { clientsRouter } from "./routers/clients.js";
import { contactRouter } from "./routers/contact.js";
import { devicesRouter } from "./routers/devices.js";
import { enquiriesRouter } from "./routers/enquiries.js";
import { chatRouter } from "./routers/chat.js";
import { knowledgeRouter } from "./routers/knowledge.js";
import { siteContentRouter } from "./routers/siteContent.js";
import { mailRouter } from "./routers/mail.js";
import { mailInRouter } from "./routers/mail-in.js";
import { metricsRouter } from "./routers/metrics.js";
import { ratingsRouter } from "./routers/ratings.js";
import { reportsRouter } from "./routers/reports.js";
import { settingsRouter } from "./routers/settings.js";
import { setupRouter } from "./routers/setup.js";
import { automationRouter } from "./routers/automation.js";
import { slaRouter } from "./routers/sla.js";
import { ticketsRouter } from "./routers/tickets.js";
import { usersRouter } from "./routers/users.js";
import { timeRouter } from "./routers/time.js";
import { billingRouter } from "./routers/billing.js";
import { viewsRouter } from "./routers/views.js";
import { webhooksRouter } from "./routers/webhooks.js";
import { recurringRouter } from "./routers/recurring.js";
import { incidentsRouter } from "./routers/incidents.js";
import { createCallerFactory, createTRPCRouter } from "./trpc.js";

export const appRouter = createTRPCRouter({
  auth: authRouter,
  account: accountRouter,
  devices: devicesRouter,
  chat: chatRouter,
  mail: mailRouter,
  mailIn: mailInRouter,
  tickets: ticketsRouter,
  clientPortal: clientPortalRouter,
  metrics: metricsRouter,
  reports: reportsRouter,
  users: usersRouter,
  clients: clientsRouter,
  contact: contactRouter,
  enquiries: enquiriesRouter,
  settings: settingsRouter,
  setup: setupRouter,
  webhooks: webhooksRouter,
  automation: automationRouter,
  sla: slaRouter,
  cannedReplies: cannedRepliesRouter,
  ratings: ratingsRouter,
  views: viewsRouter,
  time: timeRouter,
  billing: billingRouter,
  apiKeys: apiKeysRouter,
  alerts: alertsRouter,
  recurring: recurringRouter,
  knowledge: knowledgeRouter,
  siteContent: siteContentRouter,
  incidents: incidentsRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
